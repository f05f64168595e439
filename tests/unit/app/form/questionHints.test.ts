/**
 * A question's `description` is its hint: drawn under its label, named by its input's
 * aria-describedby, alike by RJSF (StepForm) and by the slim renderer of a first page, in the
 * language the page is read in; a funnel's `ui:description` takes its place. And what
 * `language:start` gives a translator is what a claimant is shown: a page schema's own title
 * and description and its `$comment`s are drawn nowhere, so none is listed.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { customizeValidator } from '@rjsf/validator-ajv8';
import {
  localizeSchema,
  slimFormSupport,
  type FieldError,
  type JsonSchemaObject,
  type PageAnswers,
} from '../../../../src/runtime/funnel';
import { AJV_OPTIONS } from '../../../../src/runtime/validation';
import { startLanguage } from '../../../../scripts/lib/languageStart';
import { projectRoot } from '../../runtime/projectFiles';

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

/** A step form's props in a given state: nothing answered, `errors` after one Continue. */
function stepFormProps(
  schema: JsonSchemaObject,
  uiSchema?: Record<string, unknown>,
  errors: FieldError[] = [],
) {
  return {
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
}

/** The page as RJSF draws it, with nothing answered. */
function drawnByRjsf(schema: JsonSchemaObject, uiSchema?: Record<string, unknown>) {
  return renderToStaticMarkup(createElement(StepFormView, stepFormProps(schema, uiSchema)));
}

/** The page drawn by RJSF and by the slim renderer, in the same state. */
function bothWays(
  schema: JsonSchemaObject,
  uiSchema?: Record<string, unknown>,
  errors: FieldError[] = [],
) {
  const support = slimFormSupport(schema, uiSchema);
  if (!support.slim) throw new Error(`not a slim page: ${support.reason}`);
  const props = stepFormProps(schema, uiSchema, errors);
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

describe('the hint of a question RJSF alone draws', () => {
  const drawn = drawnByRjsf(
    {
      type: 'object',
      properties: {
        since: {
          type: 'string',
          format: 'date',
          title: 'Since when',
          description: 'For example, 27 3 2024',
        },
        agree: { type: 'boolean', title: 'I agree', description: 'You can change your mind' },
        home: {
          type: 'object',
          title: 'Your home',
          description: 'Where you live now',
          properties: { town: { type: 'string', title: 'Town' } },
        },
      },
    },
    { agree: { 'ui:widget': 'checkbox' } },
  );

  it('is in a date’s group, which is described by it', () => {
    expect(drawn).toMatch(
      /<fieldset aria-describedby="root_since__description"><legend>Since when \(optional\)<\/legend><p id="root_since__description" class="field__hint">For example, 27 3 2024<\/p>/,
    );
  });

  it('is under a declaration’s own words, which its checkbox is described by', () => {
    expect(drawn).toMatch(
      /<input type="checkbox" id="root_agree"[^>]* aria-describedby="root_agree__description"[^>]*\/><div><label for="root_agree">I agree<\/label><p id="root_agree__description" class="field__hint choice__hint">You can change your mind<\/p><\/div>/,
    );
  });

  it('is under a group of questions’ legend, which its fieldset is described by', () => {
    expect(drawn).toMatch(
      /<fieldset class="field fieldset" aria-describedby="root_home__description"><legend>Your home<\/legend><p id="root_home__description" class="field__hint">Where you live now<\/p>/,
    );
  });
});

describe('what language:start lists of a page schema', () => {
  let root: string;
  const registryBefore = process.env.REGISTRY_DIR;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'shown-texts-'));
    for (const folder of ['src/content', 'funnels', 'schemas']) {
      cpSync(path.join(projectRoot, folder), path.join(root, folder), { recursive: true });
    }
    process.env.REGISTRY_DIR = root;
  });
  afterEach(() => {
    if (registryBefore === undefined) delete process.env.REGISTRY_DIR;
    else process.env.REGISTRY_DIR = registryBefore;
    rmSync(root, { recursive: true, force: true });
  });

  it('is only text the page shows a claimant', async () => {
    const { 'x-translations': _, ...written } = page;
    const schema = {
      ...written,
      title: 'Your reference',
      description: 'Asks for the reference (the page’s own text is its funnel page’s)',
      properties: {
        ...(page.properties as object),
        contactBy: {
          type: 'string',
          title: 'How should we contact you?',
          oneOf: [{ const: 'email', title: 'By email', description: 'Not drawn' }],
        },
      },
      'x-errorMessages': { reference: { required: 'Enter your reference number' } },
    };
    mkdirSync(path.join(root, 'schemas'), { recursive: true });
    const file = path.join(root, 'schemas/hinted.schema.json');
    writeFileSync(file, JSON.stringify(schema));
    await startLanguage(root, 'cy', (_file, json) => Promise.resolve(json));
    const { 'x-translations': started } = JSON.parse(readFileSync(file, 'utf8')) as {
      'x-translations': { cy: Record<string, string> };
    };
    const listed = started.cy;
    expect(Object.keys(listed).sort()).toEqual([
      '/definitions/name/description',
      '/properties/contactBy/oneOf/0/title',
      '/properties/contactBy/title',
      '/properties/email/title',
      '/properties/nickname/title',
      '/properties/reference/description',
      '/properties/reference/title',
      '/x-errorMessages/reference/required',
    ]);

    // Each text listed (but the error message, shown on Continue) is on the page as drawn,
    // and what is not listed is not.
    const uiSchema = { contactBy: { 'ui:widget': 'radio' } };
    const drawn = drawnByRjsf(schema as JsonSchemaObject, uiSchema);
    const english = (pointer: string) =>
      pointer
        .split('/')
        .slice(1)
        .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], schema) as string;
    for (const pointer of Object.keys(listed)) {
      if (pointer.startsWith('/x-errorMessages/')) continue;
      expect(drawn, pointer).toContain(english(pointer));
    }
    for (const unlisted of [schema.title, schema.description, 'Not drawn', 'For developers']) {
      expect(drawn).not.toContain(unlisted);
    }
  });
});
