import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { slimFormSupport, type FieldError, type PageAnswers } from '../../../../src/runtime/funnel';
import { AJV_OPTIONS } from '../../../../src/runtime/validation';
import { projectRegistry } from '../../runtime/projectFiles';

// The RJSF validator of the dev server (the build's is precompiled from the same schemas).
vi.mock('../../../../src/app/validators/rjsf', () => ({
  rjsfValidatorFor: () => customizeValidator({ ajvOptionsOverrides: AJV_OPTIONS }),
}));
const { StepFormView } = await import('../../../../src/app/form/renderers/StepForm');
const { SlimStepFormView } = await import('../../../../src/app/form/renderers/SlimStepForm');

const registry = projectRegistry();
// Every page of every funnel in funnels/ that funnels:check gives the slim renderer.
const slimPages = registry.listFunnels().flatMap((funnel) =>
  funnel.pages.flatMap((page) => {
    const schema = registry.bundlePageSchema(page.schema)!;
    const support = slimFormSupport(schema, page.uiSchema);
    return support.slim ? [{ funnel, page, schema, fields: support.fields }] : [];
  }),
);

/** Answers and errors for every question of a page: typed values, and RJSF-style errors. */
function statesOf(fields: Record<string, unknown>) {
  const names = Object.keys(fields);
  const filled: PageAnswers = Object.fromEntries(names.map((name, i) => [name, `answer ${i}`]));
  const errors: FieldError[] = names.flatMap((name) => [
    { pointer: `/${name}`, field: name, message: `Enter ${name}` },
    { pointer: `/${name}`, field: name, message: `Enter ${name} again` },
  ]);
  return [
    { label: 'empty', answers: {}, errors: [] },
    { label: 'answered', answers: filled, errors: [] },
    { label: 'every question wrong', answers: filled, errors, failedSubmits: 1 },
    { label: 'one question wrong', answers: {}, errors: errors.slice(0, 1), failedSubmits: 2 },
  ];
}

describe('SlimStepForm', () => {
  it("takes the built-in funnel's first page, and every first page slimFormSupport accepts", () => {
    const slim = slimPages.map(({ page }) => page);
    expect(slim).toContain(registry.getFunnel('vehicle-claim')!.pages[0]);
    for (const funnel of registry.listFunnels()) {
      const first = funnel.pages[0]!;
      const support = slimFormSupport(registry.bundlePageSchema(first.schema)!, first.uiSchema);
      // A product owner's first page may need RJSF; funnels:check then says why.
      if (support.slim) expect(slim).toContain(first);
      else expect(support.reason).not.toBe('');
    }
  });

  describe.each(slimPages.map((entry) => [`${entry.funnel.funnelId}/${entry.page.pageId}`, entry]))(
    '%s',
    (_, { page, schema, fields }) => {
      it.each(statesOf(fields).map((state) => [state.label, state]))(
        'draws the markup RJSF draws (%s)',
        (_label, state) => {
          const props = {
            schema,
            uiSchema: page.uiSchema as Record<string, unknown> | undefined,
            initialAnswers: undefined,
            validate: () => ({ valid: true, errors: [] }),
            onValid: () => undefined,
            submitLabel: 'Continue',
            answers: state.answers as PageAnswers,
            errors: state.errors,
            failedSubmits: state.failedSubmits ?? 0,
            change: () => undefined,
            submit: () => undefined,
          };
          const rjsf = renderToStaticMarkup(createElement(StepFormView, props));
          const slim = renderToStaticMarkup(createElement(SlimStepFormView, { ...props, fields }));
          expect(rjsf).toContain('<form');
          expect(slim).toBe(rjsf);
        },
      );
    },
  );
});

describe('slimFormSupport', () => {
  const base = { type: 'object', properties: { name: { type: 'string', title: 'Name' } } };
  it.each([
    [
      'a question with a list of answers',
      { ...base, properties: { name: { type: 'string', enum: ['a'] } } },
      undefined,
      '"name" uses enum',
    ],
    [
      'a number',
      { ...base, properties: { age: { type: 'integer' } } },
      undefined,
      '"age" is not a text question',
    ],
    [
      'a date',
      { ...base, properties: { on: { type: 'string', format: 'date' } } },
      undefined,
      '"on" has format date',
    ],
    ['a condition', { ...base, if: {}, then: {} }, undefined, 'the page uses if'],
    ['a radio widget', base, { name: { 'ui:widget': 'radio' } }, '"name" uses the radio widget'],
    ['a custom field', base, { name: { 'ui:field': 'signature' } }, '"name" uses ui:field'],
    [
      'a default',
      { ...base, properties: { name: { type: 'string', default: 'x' } } },
      undefined,
      '"name" uses default',
    ],
  ])('leaves %s to RJSF', (_, schema, uiSchema, reason) => {
    expect(slimFormSupport(schema, uiSchema)).toEqual({ slim: false, reason });
  });

  it('resolves a local $ref as RJSF does, the keywords beside it winning', () => {
    const schema = {
      type: 'object',
      properties: { first: { $ref: '#/definitions/name', title: 'First name' } },
      definitions: { name: { type: 'string', title: 'Name', maxLength: 5 } },
    };
    expect(slimFormSupport(schema, undefined)).toEqual({
      slim: true,
      fields: { first: { type: 'string', title: 'First name', maxLength: 5 } },
    });
  });
});
