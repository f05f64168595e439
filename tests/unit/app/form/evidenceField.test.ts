/**
 * A file question as the page draws it: picked for every `x-evidence` property with no
 * uiSchema, GOV.UK's file upload with the question's kinds and limits, the answer's files
 * listed with their size and a Remove button naming each, the browser's refusals in GOV.UK's
 * words, and a file still uploading holding Continue back, said beside the field and in the
 * error summary like any other error.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { EvidenceFile } from '../../../../src/runtime/contract';
import type { FieldError } from '../../../../src/runtime/funnel';
import { AJV_OPTIONS } from '../../../../src/runtime/validation';

vi.mock('../../../../src/app/validators/rjsf', () => ({
  rjsfValidatorFor: () => customizeValidator({ ajvOptionsOverrides: AJV_OPTIONS }),
}));
const { StepFormView, errorsShown, withFileQuestionFields, withHeldFields } =
  await import('../../../../src/app/form/renderers/StepForm');
const { evidenceField } =
  await import('../../../../src/app/form/widgets/evidence/EvidenceFieldOnDemand');
const { limitsOf, refusalOf } =
  await import('../../../../src/app/form/widgets/evidence/fileQuestionLimits');
const { FILE_QUESTION_FIELD } = await import('../../../../src/app/form/widgets');
const { createAppStore } = await import('../../../../src/store');

const agreementFiles = {
  type: 'array',
  title: 'Your finance agreement',
  description: 'A photo or scan of each page.',
  items: { type: 'object' },
  minItems: 1,
  maxItems: 5,
  'x-evidence': { accept: ['pdf', 'jpeg', 'png'], maxFileMB: 10 },
};
const schema = {
  type: 'object',
  required: ['agreementFiles'],
  properties: { lender: { type: 'string', title: 'Lender' }, agreementFiles },
};

function stored(name: string, size: number): EvidenceFile {
  return {
    fileId: `${name.replace(/\W/g, '')}`.padEnd(22, 'x'),
    name,
    size,
    kind: 'pdf',
    sha256: 'a'.repeat(64),
  };
}

/** The markup of `element` in a store and on a question page's address, as the app draws it. */
function inStore(element: ReturnType<typeof createElement>): string {
  const routed = createElement(MemoryRouter, { initialEntries: ['/form/check/u1'] }, element);
  return renderToStaticMarkup(
    createElement(Provider, { store: createAppStore(), children: routed }),
  );
}

function page(answers: Record<string, unknown>, errors: FieldError[] = []): string {
  return inStore(
    createElement(StepFormView, {
      schema,
      initialAnswers: undefined,
      validate: () => ({ valid: true, errors: [] }),
      onValid: () => undefined,
      submitLabel: 'Continue',
      answers,
      errors,
      failedSubmits: errors.length > 0 ? 1 : 0,
      change: () => undefined,
      submit: () => undefined,
    }),
  );
}

function file(name: string, size: number, type = ''): File {
  return new File([new Uint8Array(size)], name, { type });
}

describe('a file question', () => {
  it('is drawn by the file upload field with no uiSchema, keeping a ui:field the page names', () => {
    expect(withFileQuestionFields(schema, undefined)).toEqual({
      agreementFiles: { 'ui:field': FILE_QUESTION_FIELD },
    });
    expect(
      withFileQuestionFields(schema, { agreementFiles: { 'ui:field': 'other', 'ui:title': 'T' } }),
    ).toEqual({ agreementFiles: { 'ui:field': 'other', 'ui:title': 'T' } });
    const plain = { properties: { lender: { type: 'string' } } };
    const ui = { lender: { 'ui:help': 'x' } };
    expect(withFileQuestionFields(plain, ui)).toBe(ui);
  });

  it('shows its title while its code loads', () => {
    const markup = page({});
    if (markup.includes('type="file"')) return; // loaded by another test already
    expect(markup).toContain('Your finance agreement');
    expect(markup).toContain('Loading the file upload…');
  });

  it("is GOV.UK's file upload: label, hint, limits, a real file input taking the question's kinds", async () => {
    await evidenceField.preload();
    const markup = page({});
    expect(markup).toContain(
      '<label for="root_agreementFiles" class="field__label">Your finance agreement</label>',
    );
    expect(markup).toContain('A photo or scan of each page.');
    expect(markup).toContain(
      'Choose up to 5 files. Each must be a PDF, JPG or PNG, smaller than 10MB.',
    );
    const input = /<input[^>]*type="file"[^>]*>/.exec(markup)?.[0] ?? '';
    expect(input).toContain('id="root_agreementFiles"');
    expect(input).toContain('accept=".pdf,application/pdf,.jpg,.jpeg,image/jpeg,.png,image/png"');
    expect(input).toContain('multiple=""');
    expect(input).toContain(
      'aria-describedby="root_agreementFiles__hint root_agreementFiles__limits"',
    );
    expect(markup).toContain('Choose files');
    expect(markup).toContain('or drop files');
    expect(markup).toContain('role="status"');
  });

  it('takes one file, without `multiple`, when it asks for one', async () => {
    await evidenceField.preload();
    const one = { ...agreementFiles, maxItems: undefined };
    expect(limitsOf(one).maxFiles).toBe(1);
    const markup = inStore(
      createElement(StepFormView, {
        schema: { type: 'object', properties: { agreementFiles: one } },
        initialAnswers: undefined,
        validate: () => ({ valid: true, errors: [] }),
        onValid: () => undefined,
        submitLabel: 'Continue',
        answers: {},
        errors: [],
        failedSubmits: 0,
        change: () => undefined,
        submit: () => undefined,
      }),
    );
    expect(markup).not.toContain('multiple');
    expect(markup).toContain('Choose a PDF, JPG or PNG file, smaller than 10MB.');
    expect(markup).toContain('Choose file');
  });

  it("lists the answer's files with their size, and a Remove button naming each", async () => {
    await evidenceField.preload();
    const markup = page({
      agreementFiles: [stored('page-1.pdf', 850_000), stored('photo.jpg', 2_400_000)],
    });
    expect(markup).toContain('page-1.pdf');
    expect(markup).toContain('850 KB');
    expect(markup).toContain('2.4 MB');
    expect(markup).toContain('Uploaded');
    expect(markup).toContain('Remove <span class="visually-hidden">page-1.pdf</span>');
  });

  it('shows an error beside the field and in the summary, linked to the file input', async () => {
    await evidenceField.preload();
    const markup = page({}, [
      { field: 'agreementFiles', pointer: '/agreementFiles', message: 'Select a file' },
    ]);
    expect(markup).toContain('href="#root_agreementFiles"');
    expect(markup).toMatch(
      /class="field__error"><span class="visually-hidden">Error:<\/span> Select a file/,
    );
    expect(markup).toContain('aria-invalid="true"');
  });
});

describe('what the browser refuses before sending', () => {
  const limits = limitsOf(agreementFiles);

  it("says GOV.UK's words", () => {
    expect(refusalOf(file('empty.pdf', 0), limits)).toBe('The selected file is empty');
    expect(refusalOf(file('notes.docx', 10), limits)).toBe(
      'The selected file must be a PDF, JPG or PNG',
    );
    expect(refusalOf(file('big.pdf', 10_000_001), limits)).toBe(
      'The selected file must be smaller than 10MB',
    );
    expect(refusalOf(file('scan.PDF', 10_000_000), limits)).toBeNull();
    // A name without a kind: the browser's type says it.
    expect(refusalOf(file('IMG_0001', 10, 'image/jpeg'), limits)).toBeNull();
    // A PNG renamed .pdf passes here: the gateway decides by its bytes.
    expect(refusalOf(file('photo.pdf', 10, 'image/png'), limits)).toBeNull();
  });
});

describe('errors on a page with a file question', () => {
  const selectFile = {
    field: 'agreementFiles',
    pointer: '/agreementFiles',
    message: 'Select a file',
  };
  const lender = { field: 'lender', pointer: '/lender', message: 'Enter lender' };

  it('show a refusal since the last Continue in place of what Continue said of the field', () => {
    const refusal = { message: 'The selected file is empty', afterFailedSubmits: 1 };
    expect(errorsShown([selectFile, lender], { agreementFiles: { refusal } }, 1)).toEqual([
      lender,
      {
        field: 'agreementFiles',
        pointer: '/agreementFiles',
        message: 'The selected file is empty',
      },
    ]);
    // A later Continue says what it found instead.
    expect(errorsShown([selectFile, lender], { agreementFiles: { refusal } }, 2)).toEqual([
      selectFile,
      lender,
    ]);
  });

  it('hold Continue back while a file is still uploading, saying so for that field', () => {
    const waiting = 'photo.jpg is still uploading. Wait for it to finish, or remove it.';
    // In place of "Select a file": the answer is empty only because the file has not finished.
    expect(
      withHeldFields(
        { valid: false, errors: [selectFile, lender] },
        { agreementFiles: { waiting } },
      ),
    ).toEqual({
      valid: false,
      errors: [lender, { field: 'agreementFiles', pointer: '/agreementFiles', message: waiting }],
    });
    // A page otherwise valid is not, while it waits.
    expect(withHeldFields({ valid: true, errors: [] }, { agreementFiles: { waiting } }).valid).toBe(
      false,
    );
    expect(withHeldFields({ valid: true, errors: [] }, {})).toEqual({ valid: true, errors: [] });
  });
});
