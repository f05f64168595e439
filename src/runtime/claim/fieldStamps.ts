import type { PageAnswers } from '../types';

/**
 * When each answer of a page was last edited, in milliseconds since the epoch, by field
 * name. A field the device has not edited has no stamp (it counts as older than any edit).
 */
export type FieldStamps = Record<string, number>;

/** A page's answers with the stamps of the fields edited on this device. */
interface StampedPage {
  answers: PageAnswers;
  stamps: FieldStamps;
}

/**
 * The next edit stamp: the clock, but never the same as or before the last one, so two
 * edits in the same millisecond (or after the clock stepped back) keep their order.
 */
export function nextEditStamp(last: number, now: number): number {
  return Math.max(Math.floor(now), Math.floor(last) + 1);
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The stamps after an edit: every field whose value changed (set, changed or cleared) gets
 * `stamp`; the others keep theirs.
 */
export function stampEdit(
  before: PageAnswers,
  after: PageAnswers,
  stamps: FieldStamps,
  stamp: number,
): FieldStamps {
  const next = { ...stamps };
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (!sameValue(before[field], after[field])) next[field] = stamp;
  }
  return next;
}

/**
 * Two copies of a page merged field by field, the later edit winning on each field (a tie
 * goes to `incoming`, the save being applied). A field the later copy cleared stays cleared.
 * Two tabs or devices editing different fields of a page both keep their edits, and a
 * replayed old save never overwrites a newer answer.
 */
export function mergeStampedPages(stored: StampedPage | null, incoming: StampedPage): StampedPage {
  if (!stored) return { answers: { ...incoming.answers }, stamps: { ...incoming.stamps } };
  const answers: PageAnswers = {};
  const stamps: FieldStamps = {};
  const fields = new Set([
    ...Object.keys(stored.answers),
    ...Object.keys(incoming.answers),
    ...Object.keys(stored.stamps),
    ...Object.keys(incoming.stamps),
  ]);
  for (const field of fields) {
    const storedStamp = stored.stamps[field] ?? 0;
    const incomingStamp = incoming.stamps[field] ?? 0;
    const winner = incomingStamp >= storedStamp ? incoming : stored;
    if (Object.hasOwn(winner.answers, field)) answers[field] = winner.answers[field];
    const stamp = Math.max(storedStamp, incomingStamp);
    if (stamp > 0) stamps[field] = stamp;
  }
  return { answers, stamps };
}

/** Whether a save changes nothing the server holds (a replay of what it already has). */
export function isSameStampedPage(a: StampedPage, b: StampedPage): boolean {
  return sameValue(sortedEntries(a.answers), sortedEntries(b.answers));
}

function sortedEntries(record: Record<string, unknown>) {
  return Object.keys(record)
    .sort()
    .map((key) => [key, record[key]]);
}

/**
 * How far ahead of the server's clock an edit stamp may be: a device clock a little fast is
 * normal; a stamp far ahead (up to the year 275760 fits a JSON number) would make its field
 * win over every later edit, so it is taken as made now.
 */
export const STAMP_LEAD_MS = 5 * 60_000;

/** A stamp as the server keeps it: one more than STAMP_LEAD_MS ahead of `now` becomes `now`. */
export function clampStamp(stamp: number, now: number): number {
  return stamp > now + STAMP_LEAD_MS ? now : stamp;
}

/** The stamps as the server keeps them (see clampStamp). */
export function clampStamps(stamps: Readonly<FieldStamps>, now: number): FieldStamps {
  return Object.fromEntries(
    Object.entries(stamps).map(([field, stamp]) => [field, clampStamp(stamp, now)]),
  );
}
