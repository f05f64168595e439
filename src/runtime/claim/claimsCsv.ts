/**
 * The staff claims export as CSV (RFC 4180: every field quoted, quotes doubled, CRLF lines).
 * A field a spreadsheet would run as a formula (see FORMULA_START) is prefixed with a single
 * quote, as OWASP advises against CSV injection: a claimant types these values.
 */
export const CLAIMS_CSV_HEADER = [
  'Reference',
  'Claimant',
  'Email',
  'Phone',
  'Subject',
  'Funnel',
  'Stage',
  'Sent at',
  'Stage changed at',
];

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
