/**
 * The GOV.UK date input's three boxes as the claimant types them (see dateParts.ts for how a
 * date is stored): the value to store, and which boxes an error is about. Only the date
 * widget needs these, so they are apart from what every question page's messages use.
 */

import type { DateParts } from './dateParts';

/** "3" → "03": a one-digit day or month as ISO writes it; anything else as typed. */
function twoDigits(part: string): string {
  return /^\d$/.test(part) ? `0${part}` : part;
}

/**
 * The stored value of what was typed: an ISO date when every part is there, the parts with
 * gaps when some are missing, and undefined when nothing is typed (an unanswered question).
 * Spaces are ignored; letters are kept, so validation refuses them.
 */
export function dateValueOf(parts: DateParts): string | undefined {
  const day = parts.day.replace(/\s+/g, '');
  const month = parts.month.replace(/\s+/g, '');
  const year = parts.year.replace(/\s+/g, '');
  if (!day && !month && !year) return undefined;
  return `${year}-${twoDigits(month)}-${twoDigits(day)}`;
}

/**
 * The parts of a stored date an error is about, to mark only those boxes (GOV.UK date
 * input): the missing ones when some were typed, those that cannot be a day, month or year,
 * or the day when it does not exist in that month (31 April). Every part when the date is
 * missing or wrong as a whole (nothing typed, or a real date outside the range asked for).
 */
export function wrongDateParts(value: unknown): Array<keyof DateParts> {
  const all: Array<keyof DateParts> = ['day', 'month', 'year'];
  // As typed, letters included (dateValueOf keeps them so validation refuses them).
  const match = typeof value === 'string' ? /^([^-]*)-([^-]*)-([^-]*)$/.exec(value) : null;
  if (!match) return all;
  const parts: DateParts = { year: match[1]!, month: match[2]!, day: match[3]! };
  const missing = all.filter((part) => parts[part] === '');
  if (missing.length > 0) return missing.length === 3 ? all : missing;
  const inRange = (part: string, most: number) =>
    /^\d{1,2}$/.test(part) && Number(part) >= 1 && Number(part) <= most;
  const wrong = all.filter((part) =>
    part === 'year' ? !/^\d{4}$/.test(parts.year) : !inRange(parts[part], part === 'day' ? 31 : 12),
  );
  if (wrong.length > 0) return wrong;
  return isRealDate(match[0]) ? all : ['day'];
}

/** True when the stored date is a complete ISO date that exists (no 30 February). */
export function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}
