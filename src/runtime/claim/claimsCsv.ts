/**
 * The staff claims export as CSV (RFC 4180: every field quoted, quotes doubled, CRLF lines).
 * A field a spreadsheet would run as a formula (starting =, +, -, @, tab or CR) is prefixed
 * with a single quote, as OWASP advises against CSV injection: a claimant types these values.
 */
export const CLAIMS_CSV_HEADER = [
  'Reference',
  'Claimant',
  'Email',
  'Registration',
  'Funnel',
  'Stage',
  'Sent at',
  'Stage changed at',
];

const FORMULA_START = /^[=+\-@\t\r]/;

function csvField(value: string | null): string {
  const text = value ?? '';
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function csvLine(fields: ReadonlyArray<string | null>): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}
