/**
 * File questions: what funnels:check refuses (src/runtime/funnel/checks/evidenceQuestions.ts),
 * how a page's file questions and a claim's files are read, and how they read in summaries.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkEvidenceQuestions } from '../../../../src/runtime/funnel/checks/schemaKeywords/evidenceQuestions';
import {
  fileQuestionsOf,
  filesOfClaim,
  summariseAnswers,
  claimsCsvLayout,
  claimCsvLine,
  FILES_COLUMN,
  type Funnel,
  type JsonSchemaObject,
} from '../../../../src/runtime/funnel';
import { EVIDENCE_KIND_NAMES, type EvidenceFile } from '../../../../src/runtime/contract';

const question = (own: Record<string, unknown>) => ({
  type: 'object',
  properties: {
    photos: {
      type: 'array',
      title: 'Photos of the damage',
      items: { $ref: 'common#/definitions/evidenceFile' },
      maxItems: 5,
      'x-evidence': { accept: ['jpeg', 'png'], maxFileMB: 10 },
      ...own,
    },
  },
});

const pointers = (schema: Record<string, unknown>) =>
  checkEvidenceQuestions(schema as JsonSchemaObject).map((problem) => problem.pointer);

const photo: EvidenceFile = {
  fileId: 'abcdefghijklmnopqrstuvwx',
  name: 'kitchen.jpg',
  size: 2_400_000,
  kind: 'jpeg',
  sha256: 'a'.repeat(64),
};

describe('checkEvidenceQuestions', () => {
  it('takes a question that can work', () => {
    expect(pointers(question({}))).toEqual([]);
  });

  it('names an unknown kind, a size over the ceiling and too many files, by pointer', () => {
    expect(
      pointers(
        question({
          maxItems: 21,
          'x-evidence': { accept: ['jpeg', 'docx'], maxFileMB: 25 },
        }),
      ),
    ).toEqual([
      '/properties/photos/maxItems',
      '/properties/photos/x-evidence/accept/1',
      '/properties/photos/x-evidence/maxFileMB',
    ]);
    const [unknownKind] = checkEvidenceQuestions(
      question({ 'x-evidence': { accept: ['gif'], maxFileMB: 1 } }) as JsonSchemaObject,
    );
    expect(unknownKind!.message).toContain('"gif" is not a kind of file the platform accepts');
  });

  it('refuses no kinds, a size that is not a number, unknown settings and other items', () => {
    expect(
      pointers(
        question({
          items: { type: 'string', format: 'data-url' },
          'x-evidence': { accept: [], maxFileMB: '10MB', maxFiles: 3 },
        }),
      ),
    ).toEqual([
      '/properties/photos/items',
      '/properties/photos/x-evidence/maxFiles',
      '/properties/photos/x-evidence/accept',
      '/properties/photos/x-evidence/maxFileMB',
    ]);
  });

  it('refuses a file question inside an object, or one that is not an array', () => {
    const nested = {
      type: 'object',
      properties: { room: { type: 'object', properties: question({}).properties } },
    };
    expect(pointers(nested)).toEqual(['/properties/room/properties/photos/x-evidence']);
    expect(pointers(question({ type: 'string' }))).toEqual(['/properties/photos/type']);
  });

  it('agrees with the shared stored-file definition on the kinds', () => {
    const common = JSON.parse(
      readFileSync(new URL('../../../../schemas/common.schema.json', import.meta.url), 'utf8'),
    );
    expect(common.definitions.evidenceFile.properties.kind.enum).toEqual(EVIDENCE_KIND_NAMES);
  });
});

describe('a page’s file questions and a claim’s files', () => {
  it('reads the limits, one file and optional when the schema says nothing', () => {
    const page = question({ minItems: 1 }) as JsonSchemaObject;
    expect(fileQuestionsOf(page).get('photos')).toEqual({
      field: 'photos',
      accept: ['jpeg', 'png'],
      maxFileMB: 10,
      maxFiles: 5,
      required: true,
    });
    const single = question({ maxItems: undefined }) as JsonSchemaObject;
    expect(fileQuestionsOf(single).get('photos')).toMatchObject({ maxFiles: 1, required: false });
    expect(fileQuestionsOf({ type: 'object', properties: { name: { type: 'string' } } }).size).toBe(
      0,
    );
  });

  it('lists every file a claim holds, with its page and question', () => {
    expect(
      filesOfClaim({ damage: { photos: [photo], room: 'kitchen' }, about: { name: 'Sam' } }),
    ).toEqual([{ ...photo, pageId: 'damage', field: 'photos' }]);
  });

  it('reads as the files’ names and sizes on the check page, carrying the files', () => {
    const rows = summariseAnswers(question({}) as JsonSchemaObject, {
      photos: [photo, { ...photo, fileId: 'z'.repeat(24), name: 'hall.png', size: 850_000 }],
    });
    expect(rows).toEqual([
      {
        field: 'photos',
        label: 'Photos of the damage',
        value: 'kitchen.jpg (2.4 MB), hall.png (850 KB)',
        files: [photo, expect.objectContaining({ name: 'hall.png' })],
      },
    ]);
    expect(summariseAnswers(question({}) as JsonSchemaObject, { photos: [] })).toEqual([]);
  });

  it('gives the export a column linking the staff page of each claim with files', () => {
    const funnel = {
      funnelId: 'water-damage',
      version: 1,
      title: 'Water damage',
      pages: [{ pageId: 'damage', title: 'The damage', schema: 'damage' }],
    } as unknown as Funnel;
    const layout = claimsCsvLayout(funnel, () => question({}) as JsonSchemaObject);
    expect(layout.header.at(-1)).toBe(FILES_COLUMN);
    const row = {
      reference: 'WD-1',
      claimantName: 'Sam',
      email: null,
      phone: null,
      subject: null,
      asked: { name: true, email: false, phone: false, subjectLabel: null },
      submittedAt: '2026-11-29T10:00:00.000Z',
      stageChangedAt: null,
    } as never;
    const line = claimCsvLine(
      layout,
      row,
      { damage: { photos: [photo] } },
      'Received',
      undefined,
      'https://example.test/staff/claims/c1',
    );
    expect(line).toContain('"kitchen.jpg (2.4 MB)"');
    expect(line.trimEnd().endsWith('"https://example.test/staff/claims/c1"')).toBe(true);
    const withoutFiles = claimCsvLine(layout, row, { damage: {} }, 'Received', undefined, 'x');
    expect(withoutFiles.trimEnd().endsWith('""')).toBe(true);
  });
});

describe('a required file question', () => {
  it('must be named in required and ask for at least one file, both or neither', () => {
    const required = { ...question({ minItems: 1 }), required: ['photos'] };
    expect(pointers(required)).toEqual([]);
    expect(pointers(question({ minItems: 1 }))).toEqual(['/properties/photos/minItems']);
    expect(pointers({ ...question({}), required: ['photos'] })).toEqual([
      '/properties/photos/minItems',
    ]);
  });
});
