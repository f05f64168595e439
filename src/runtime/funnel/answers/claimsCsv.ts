/**
 * The staff claims export as CSV (RFC 4180: every field quoted, quotes doubled, CRLF lines),
 * one file per funnel and version: the claim and its roles first, then one column per
 * question that version asks, titled and filled as its check page shows them; a choice
 * (radios, a select, checkboxes) has a second column beside it, "<question> (code)", holding
 * the values stored for the options picked, which stay the same when a label is reworded.
 * A field a spreadsheet would run as a formula (see FORMULA_START) is prefixed with a single
 * quote, as OWASP advises against CSV injection: a claimant types these values.
 */
import { answerFieldsOf, summariseAnswers, type AnswerWords } from './answerSummary';
import type { Answers, Funnel, JsonSchemaObject } from '../types';
import type { StaffClaimRow } from '../../types';
import { roleText } from '../../claim';
import { fileQuestionsOf } from './evidenceQuestions';

interface QuestionColumn {
  pageId: string;
  field: string;
  /** `shown`: the answer as the check page shows it; `stored`: a choice's stored values. */
  part: 'shown' | 'stored';
}

/** The columns of one funnel version's export, and the page schemas its values are read by. */
interface ClaimsCsvLayout {
  header: string[];
  questions: QuestionColumn[];
  schemas: Record<string, JsonSchemaObject>;
  /** Each page's uiSchema, which labels some choices' options (`ui:enumNames`). */
  uiSchemas: Record<string, unknown>;
  /**
   * The version asks for files: a last column links each claim's staff page, where its files
   * are downloaded (the question's column lists their names and sizes).
   */
  hasFiles: boolean;
}

/** The header of the staff page column of a version that asks for files. */
export const FILES_COLUMN = 'Files (staff page)';

/** What the header adds to a choice's question for its column of stored values. */
const STORED_VALUE_SUFFIX = ' (code)';

/**
 * A formula start as spreadsheets read one: =, +, -, @ or their full-width forms (＝ ＋ － ＠,
 * which some spreadsheets take as the ASCII ones), after any leading spaces and invisible
 * characters (zero-width, direction marks, BOM) that would hide it; or a tab or CR first.
 */
const FORMULA_START =
  /^[\s\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r]/u;

function csvField(value: string | null): string {
  const text = value ?? '';
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function csvLine(fields: ReadonlyArray<string | null>): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/**
 * The export's columns for a funnel at one version: reference, the roles (the subject under
 * its own label), stage and dates, then every question of every page a claimant answers (not
 * the sign page, whose signature is in the letter, nor exit pages). A question label two
 * pages share is followed by its page's title, so no two columns read the same.
 */
export function claimsCsvLayout(
  funnel: Funnel,
  bundle: (schemaId: string) => JsonSchemaObject | undefined,
): ClaimsCsvLayout {
  const schemas: Record<string, JsonSchemaObject> = {};
  const uiSchemas: Record<string, unknown> = {};
  let hasFiles = false;
  const asked: Array<
    Omit<QuestionColumn, 'part'> & { label: string; pageTitle: string; choice: boolean }
  > = [];
  for (const page of funnel.pages) {
    if (page.kind === 'review-and-sign' || page.kind === 'exit') continue;
    const schema = bundle(page.schema) ?? {};
    schemas[page.pageId] = schema;
    uiSchemas[page.pageId] = page.uiSchema;
    if (fileQuestionsOf(schema).size > 0) hasFiles = true;
    for (const { field, label, choice } of answerFieldsOf(schema)) {
      asked.push({ pageId: page.pageId, field, label, pageTitle: page.title, choice });
    }
  }
  const counts = new Map<string, number>();
  for (const question of asked) counts.set(question.label, (counts.get(question.label) ?? 0) + 1);
  const titled = (question: (typeof asked)[number]) =>
    counts.get(question.label)! > 1 ? `${question.label} (${question.pageTitle})` : question.label;
  return {
    header: [
      'Reference',
      'Claimant',
      'Email',
      'Phone',
      funnel.roles?.subject?.label ?? 'Subject',
      'Stage',
      'Sent at',
      'Stage changed at',
      ...asked.flatMap((question) =>
        question.choice
          ? [titled(question), `${titled(question)}${STORED_VALUE_SUFFIX}`]
          : [titled(question)],
      ),
      ...(hasFiles ? [FILES_COLUMN] : []),
    ],
    questions: asked.flatMap(({ pageId, field, choice }): QuestionColumn[] =>
      choice
        ? [
            { pageId, field, part: 'shown' },
            { pageId, field, part: 'stored' },
          ]
        : [{ pageId, field, part: 'shown' }],
    ),
    schemas,
    uiSchemas,
    hasFiles,
  };
}

/**
 * One claim's line of the export: an unanswered question (an optional page left empty) is
 * blank. `words` say a yes/no answer (the export is in the funnel's own language).
 */
export function claimCsvLine(
  layout: ClaimsCsvLayout,
  row: StaffClaimRow,
  answers: Answers,
  stageLabel: string,
  words?: AnswerWords,
  /** The claim's staff page, for a version that asks for files. */
  staffPageUrl?: string,
): string {
  const shown = new Map<string, string>();
  let holdsFiles = false;
  for (const [pageId, schema] of Object.entries(layout.schemas)) {
    const options = { uiSchema: layout.uiSchemas[pageId], ...(words ? { words } : {}) };
    for (const answer of summariseAnswers(schema, answers[pageId], options)) {
      shown.set(`shown:${pageId}/${answer.field}`, answer.value);
      if (answer.stored !== undefined) shown.set(`stored:${pageId}/${answer.field}`, answer.stored);
      if (answer.files?.length) holdsFiles = true;
    }
  }
  return csvLine([
    row.reference,
    roleText(row.claimantName, row.asked.name),
    roleText(row.email, row.asked.email),
    roleText(row.phone, row.asked.phone),
    roleText(row.subject, row.asked.subjectLabel !== null),
    stageLabel,
    row.submittedAt,
    row.stageChangedAt,
    ...layout.questions.map(
      (question) => shown.get(`${question.part}:${question.pageId}/${question.field}`) ?? null,
    ),
    ...(layout.hasFiles ? [holdsFiles ? (staffPageUrl ?? null) : null] : []),
  ]);
}
