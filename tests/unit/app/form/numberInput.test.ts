import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { AJV_OPTIONS } from '../../../../src/runtime/validation';

// The RJSF validator of the dev server (the build's is precompiled from the same schemas).
vi.mock('../../../../src/app/validators/rjsf', () => ({
  rjsfValidatorFor: () => customizeValidator({ ajvOptionsOverrides: AJV_OPTIONS }),
}));
const { StepFormView } = await import('../../../../src/app/form/renderers/StepForm');

/** The `<input>` RJSF draws for the one question `name` of a page. */
function inputOf(
  name: string,
  field: Record<string, unknown>,
  ui?: Record<string, unknown>,
  answer?: unknown,
): string {
  const markup = renderToStaticMarkup(
    createElement(StepFormView, {
      schema: { type: 'object', properties: { [name]: field } },
      uiSchema: ui ? { [name]: ui } : undefined,
      initialAnswers: undefined,
      validate: () => ({ valid: true, errors: [] }),
      onValid: () => undefined,
      submitLabel: 'Continue',
      answers: answer === undefined ? {} : { [name]: answer },
      errors: [],
      failedSubmits: 0,
      change: () => undefined,
      submit: () => undefined,
    }),
  );
  const input = new RegExp(`<input[^>]*id="root_${name}"[^>]*>`).exec(markup)?.[0];
  if (!input) throw new Error(`no input for ${name} in ${markup}`);
  return input;
}

describe('number questions (GOV.UK: a text input with the numeric keyboard)', () => {
  const year = { title: 'Year built', type: 'integer', minimum: 1990, maximum: 2030 };

  it('draws an integer question as type=text inputmode=numeric, with no number-input bounds', () => {
    const input = inputOf('builtIn', year, { 'ui:inputType': 'number' }, 2015);
    expect(input).toContain('type="text"');
    expect(input).toContain('inputMode="numeric"');
    expect(input).toContain('spellCheck="false"');
    expect(input).toContain('value="2015"');
    expect(input).not.toMatch(/\b(min|max|step)=/);
    // Without ui:inputType too: RJSF would draw type=number for the schema alone.
    expect(inputOf('builtIn', year)).toContain('type="text"');
  });

  it('asks for the decimal keyboard for a number that may have a fraction', () => {
    expect(inputOf('litres', { type: 'number', title: 'Engine size' })).toContain(
      'inputMode="decimal"',
    );
  });

  it('gives any text question the keyboard its uiSchema asks for, and ignores unknown ones', () => {
    const digits = { type: 'string', title: 'Account number', pattern: '^[0-9]{8}$' };
    expect(inputOf('account', digits, { 'ui:inputMode': 'numeric' })).toContain(
      'inputMode="numeric"',
    );
    expect(inputOf('account', digits, { 'ui:inputMode': 'shout' })).not.toContain('inputMode');
    expect(inputOf('account', digits)).not.toContain('inputMode');
  });
});

describe('an amount of money (format "money")', () => {
  const amount = { type: 'string', format: 'money', title: 'How much you paid, in pounds' };

  it('reopens a saved amount as the claimant would type it, grouped in thousands', () => {
    expect(inputOf('paid', amount, undefined, '1150.50')).toContain('value="1,150.50"');
    expect(inputOf('paid', amount, undefined, '1234567.05')).toContain('value="1,234,567.05"');
    expect(inputOf('paid', amount, undefined, '0.50')).toContain('value="0.50"');
  });

  it('shows an amount it cannot read as it was typed, so nothing is lost', () => {
    expect(inputOf('paid', amount, undefined, '12.345')).toContain('value="12.345"');
  });
});
