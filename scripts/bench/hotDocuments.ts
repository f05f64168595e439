/**
 * How often any one Firestore document was written, from the writes the local Firestore
 * reported as it made them (LocalStackOptions.onFirestoreWrite). Firestore sustains about
 * one write a second on a single document; past it, transactions on that document contend,
 * retry and fail. The emulator does not model this, so the bench counts it instead: for each
 * document, the most writes in any one second and in any one minute (sliding windows).
 */

/** One document write, as the local Firestore reported it. */
export interface DocumentWrite {
  path: string;
  /** When it was reported (ms). */
  at: number;
}

/** The document written most often within a window, and how often. */
export interface Hottest {
  path: string;
  writes: number;
}

export interface HotDocuments {
  /** Documents written at least once. */
  documents: number;
  writes: number;
  inAnySecond: Hottest;
  inAnyMinute: Hottest;
}

/** A write recorder: hand `record` to the stack, then read what it heard. */
export function writeRecorder(): { record(path: string): void; writes: DocumentWrite[] } {
  const writes: DocumentWrite[] = [];
  return { writes, record: (path) => writes.push({ path, at: Date.now() }) };
}

/** The most of `times` (ascending) that fall within any `windowMs` (a sliding window). */
function mostWithin(times: readonly number[], windowMs: number): number {
  let most = 0;
  let first = 0;
  for (let last = 0; last < times.length; last += 1) {
    while (times[last]! - times[first]! >= windowMs) first += 1;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

/** The hottest document by the second and by the minute among `writes`. */
export function hotDocuments(writes: readonly DocumentWrite[]): HotDocuments {
  const byPath = new Map<string, number[]>();
  for (const write of writes) {
    const times = byPath.get(write.path) ?? [];
    times.push(write.at);
    byPath.set(write.path, times);
  }
  const inAnySecond: Hottest = { path: '', writes: 0 };
  const inAnyMinute: Hottest = { path: '', writes: 0 };
  for (const [path, times] of byPath) {
    times.sort((a, b) => a - b);
    const second = mostWithin(times, 1000);
    const minute = mostWithin(times, 60_000);
    if (second > inAnySecond.writes) Object.assign(inAnySecond, { path, writes: second });
    if (minute > inAnyMinute.writes) Object.assign(inAnyMinute, { path, writes: minute });
  }
  return { documents: byPath.size, writes: writes.length, inAnySecond, inAnyMinute };
}

/**
 * A document's path with its ids shown as their collection's, so a line names what kind of
 * document was hot ("claims/…/history/…") without a claimant's id.
 */
export function kindOfPath(path: string): string {
  return path
    .split('/')
    .map((part, index) => (index % 2 === 1 ? '…' : part))
    .join('/');
}
