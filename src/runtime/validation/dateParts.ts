/**
 * GOV.UK date input: a date is typed as three fields (day, month, year) and stored as an
 * ISO date (`2019-03-15`), whatever the browser's locale. A date with a part missing is
 * kept as `2019--15` (the empty part in its place), so validation can say which part is
 * missing and nothing typed is lost while the claimant fixes it.
 */

import type { ValidationValues, ValidationWords } from '../types';

export interface DateParts {
  day: string;
  month: string;
  year: string;
}

const STORED = /^(\d*)-(\d*)-(\d*)$/;

/** The parts of a stored date (`YYYY-MM-DD`, possibly with empty parts); blank for anything else. */
export function datePartsOf(value: unknown): DateParts {
  const match = typeof value === 'string' ? STORED.exec(value) : null;
  if (!match) return { day: '', month: '', year: '' };
  return { year: match[1]!, month: match[2]!, day: match[3]! };
}

/** The parts missing from a stored date, in reading order (day, month, year). */
export function missingDateParts(value: unknown): Array<keyof DateParts> {
  if (typeof value !== 'string' || !STORED.test(value)) return [];
  const parts = datePartsOf(value);
  return (['day', 'month', 'year'] as const).filter((part) => parts[part] === '');
}

/** A sentinel standing for a question's title while a message is read backwards. */
const TITLE_MARK = '\u0000';

/**
 * The date a "must be a real date" message names: what stands where the title does in the
 * language's own `field.notRealDate` message ("Date the agreement started" of "Date the
 * agreement started must be a real date"), else the question's title.
 */
function dateNamedIn(
  realDateMessage: string,
  titles: ValidationValues,
  words: ValidationWords,
): string {
  const pattern = words('field.notRealDate', { title: TITLE_MARK, titleInSentence: TITLE_MARK });
  const [before, after, ...more] = pattern.split(TITLE_MARK);
  if (before === undefined || after === undefined || more.length > 0) return String(titles.title);
  const fits =
    realDateMessage.length > before.length + after.length &&
    realDateMessage.startsWith(before) &&
    realDateMessage.endsWith(after);
  return fits
    ? realDateMessage.slice(before.length, realDateMessage.length - after.length)
    : String(titles.title);
}

/** The parts a message of missing date parts names, as its `missing` value says them. */
const MISSING_PARTS: Readonly<Record<string, string>> = {
  day: 'day',
  month: 'month',
  year: 'year',
  'day month': 'dayMonth',
  'day year': 'dayYear',
  'month year': 'monthYear',
};

/**
 * The GOV.UK message for a date that is not a real date: "… must include a month" when parts
 * are missing, else the field's own "must be a real date" message. `realDateMessage` is that
 * message (from the funnel's x-errorMessages, or the generic one); the date it names is named
 * in the missing-parts message too.
 */
export function dateMessage(
  value: unknown,
  realDateMessage: string,
  titles: ValidationValues,
  words: ValidationWords,
): string {
  const missing = missingDateParts(value);
  if (missing.length === 0 || missing.length === 3) return realDateMessage;
  const title = dateNamedIn(realDateMessage, titles, words);
  return words('field.dateMissing', {
    title,
    titleInSentence: title,
    missing: MISSING_PARTS[missing.join(' ')] ?? 'other',
  });
}
