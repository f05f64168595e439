/**
 * The staff claims export as CSV (RFC 4180: every field quoted, quotes doubled, CRLF lines),
 * one file per funnel and version: the claim and its roles first, then one column per
 * question that version asks, titled and filled as its check page shows them.
 * A field a spreadsheet would run as a formula (see FORMULA_START) is prefixed with a single
 * quote, as OWASP advises against CSV injection: a claimant types these values.
 */
import { answerFieldsOf, summariseAnswers } from './answerSummary';
import type { Answers, Funnel, JsonSchemaObject } from './types';
import type { StaffClaimRow } from '../types';
import { roleText } from '../claim';

interface QuestionColumn {
  pageId: string;
  field: string;
}

/** The columns of one funnel version's export, and the page schemas its values are read by. */
export interface ClaimsCsvLayout {
  header: string[];
  questions: QuestionColumn[];
  schemas: Record<string, JsonSchemaObject>;
}

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
  const asked: Array<QuestionColumn & { label: string; pageTitle: string }> = [];
  for (const page of funnel.pages) {
    if (page.kind === 'review-and-sign' || page.kind === 'exit') continue;
    const schema = bundle(page.schema) ?? {};
    schemas[page.pageId] = schema;
    for (const { field, label } of answerFieldsOf(schema)) {
      asked.push({ pageId: page.pageId, field, label, pageTitle: page.title });
    }
  }
  const counts = new Map<string, number>();
  for (const question of asked) counts.set(question.label, (counts.get(question.label) ?? 0) + 1);
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
      ...asked.map((question) =>
        counts.get(question.label)! > 1
          ? `${question.label} (${question.pageTitle})`
          : question.label,
      ),
    ],
    questions: asked.map(({ pageId, field }) => ({ pageId, field })),
    schemas,
  };
}

/** One claim's line of the export: an unanswered question (an optional page left empty) is blank. */
export function claimCsvLine(
  layout: ClaimsCsvLayout,
  row: StaffClaimRow,
  answers: Answers,
  stageLabel: string,
): string {
  const shown = new Map<string, string>();
  for (const [pageId, schema] of Object.entries(layout.schemas)) {
    for (const answer of summariseAnswers(schema, answers[pageId])) {
      shown.set(`${pageId}/${answer.field}`, answer.value);
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
      (question) => shown.get(`${question.pageId}/${question.field}`) ?? null,
    ),
  ]);
}
