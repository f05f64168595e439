/**
 * A question's `description` is its hint: drawn under its label, named by its input's
 * aria-describedby, alike by RJSF (StepForm) and by the slim renderer of a first page, in the
 * language the page is read in; a funnel's `ui:description` takes its place.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { customizeValidator } from '@rjsf/validator-ajv8';
import {
  localizeSchema,
  slimFormSupport,
  type FieldError,
  type JsonSchemaObject,
  type PageAnswers,
} from '../../../../src/runtime/funnel';
import { AJV_OPTIONS } from '../../../../src/runtime/validation';

// The RJSF validator of the dev server (the build's is precompiled from the same schemas).
vi.mock('../../../../src/app/validators/rjsf', () => ({
  rjsfValidatorFor: () => customizeValidator({ ajvOptionsOverrides: AJV_OPTIONS }),
}));
const { StepFormView } = await import('../../../../src/app/form/renderers/StepForm');
const { SlimStepFormView } = await import('../../../../src/app/form/renderers/SlimStepForm');

const page: JsonSchemaObject = {
  $id: 'hinted',
  $comment: 'For developers: never drawn',
  type: 'object',
  required: ['reference', 'nickname'],
  properties: {
    reference: {
      type: 'string',
      title: 'Reference number',
      description: 'It is on the letter we sent you',
    },
    nickname: { $ref: '#/definitions/name', title: 'What should we call you' },
    email: { type: 'string', format: 'email', title: 'Email address' },
  },
  definitions: {
    name: { type: 'string', description: 'A name to greet you by', $comment: 'No rules' },
  },
  'x-translations': {
    cy: {
      '/properties/reference/title': 'Cyfeirnod',
      '/properties/reference/description': 'Mae ar y llythyr a anfonon ni atoch',
      '/properties/nickname/title': 'Beth ddylem ni eich galw',
      '/properties/email/title': 'Cyfeiriad e-bost',
      '/definitions/name/description': 'Enw i’ch cyfarch',
    },
  },
};

/** The page drawn by RJSF and by the slim renderer, in the same state. */
function bothWays(
  schema: JsonSchemaObject,
  uiSchema?: Record<string, unknown>,
  errors: FieldError[] = [],
) {
  const support = slimFormSupport(schema, uiSchema);
  if (!support.slim) throw new Error(`not a slim page: ${support.reason}`);
  const props = {
    schema,
    uiSchema,
    initialAnswers: undefined,
    validate: () => ({ valid: true, errors: [] }),
    onValid: () => undefined,
    submitLabel: 'Continue',
    answers: {} as PageAnswers,
    errors,
    failedSubmits: errors.length > 0 ? 1 : 0,
    change: () => undefined,
    submit: () => undefined,
  };
  return {
    rjsf: renderToStaticMarkup(createElement(StepFormView, props)),
    slim: renderToStaticMarkup(
      createElement(SlimStepFormView, { ...props, fields: support.fields }),
    ),
  };
}

/** The hint drawn for a question, and what its input's aria-describedby names. */
function hintOf(markup: string, id: string) {
  const hint = new RegExp(`<p id="${id}__description" class="field__hint">([^<]*)</p>`).exec(
    markup,
  )?.[1];
  const input = new RegExp(`<input[^>]* id="${id}"[^>]*>`).exec(markup)?.[0] ?? '';
  const describedBy = /aria-describedby="([^"]*)"/.exec(input)?.[1];
  return { hint, describedBy };
}

describe('a question’s hint', () => {
  it('is its description, under its label, named by its input, in both renderers', () => {
    const { rjsf, slim } = bothWays(page);
    expect(slim).toBe(rjsf);
    expect(hintOf(rjsf, 'root_reference')).toEqual({
      hint: 'It is on the letter we sent you',
      describedBy: 'root_reference__description',
    });
    // A $ref'd definition's description is the question's, as RJSF merges it.
    expect(hintOf(rjsf, 'root_nickname').hint).toBe('A name to greet you by');
    // Label, then hint, then the input (GOV.UK's order).
    const label = rjsf.indexOf('>Reference number</label>');
    const hint = rjsf.indexOf('It is on the letter');
    expect(label).toBeGreaterThan(-1);
    expect(hint).toBeGreaterThan(label);
    expect(rjsf.indexOf('id="root_reference"')).toBeGreaterThan(hint);
    // No hint, and nothing named, where there is no description; no $comment is ever drawn.
    expect(hintOf(rjsf, 'root_email')).toEqual({ hint: undefined, describedBy: undefined });
    expect(rjsf).not.toContain('For developers');
    expect(rjsf).not.toContain('No rules');
  });

  it('is named with the error once there is one', () => {
    const errors = [
      { pointer: '/reference', field: 'reference', message: 'Enter your reference number' },
    ];
    const { rjsf, slim } = bothWays(page, undefined, errors);
    expect(slim).toBe(rjsf);
    expect(hintOf(rjsf, 'root_reference').describedBy).toBe(
      'root_reference__description root_reference__error',
    );
  });

  it('is the funnel’s ui:description where it writes one, with ui:help beside it', () => {
    const uiSchema = {
      reference: { 'ui:description': 'The 8 digits at the top of the letter', 'ui:help': 'Help' },
    };
    const { rjsf, slim } = bothWays(page, uiSchema);
    expect(slim).toBe(rjsf);
    expect(hintOf(rjsf, 'root_reference')).toEqual({
      hint: 'The 8 digits at the top of the letter',
      describedBy: 'root_reference__description root_reference__help',
    });
    expect(rjsf).not.toContain('It is on the letter');
  });

  it('is read in the page’s language, from the schema’s x-translations', () => {
    const { rjsf, slim } = bothWays(localizeSchema(page, 'cy'));
    expect(slim).toBe(rjsf);
    expect(hintOf(rjsf, 'root_reference').hint).toBe('Mae ar y llythyr a anfonon ni atoch');
    expect(hintOf(rjsf, 'root_nickname').hint).toBe('Enw i’ch cyfarch');
    expect(rjsf).not.toContain('It is on the letter');
  });
});
