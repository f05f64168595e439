/**
 * A funnel's drop-off, for product owners: how many claims reached each page, where drafts
 * stop, how long claimants spend on each page, and how many are sent. Computed from the
 * claims themselves (no third-party analytics), by the gateway's staffFunnelDropOff.
 */
import type { FunnelDropOff, PageDropOff } from '../types';

/** What the drop-off needs of one claim (the gateway reads only these fields). */
export interface DropOffClaim {
  sent: boolean;
  /** The page the claimant is on (a draft) or sent it from. */
  currentPageId: string | null;
  /**
   * Each page with saved answers, and when it was first saved (ms since the epoch), or null
   * for a claim saved before first-save times were kept: it counts, but is not timed.
   */
  pagesSaved: Readonly<Record<string, number | null>>;
  submittedAt: number | null;
}

/** A page as the dashboard lists it: the funnel's own, in its order. */
interface DropOffPageInput {
  pageId: string;
  title: string;
  kind?: string;
}

/** What the drop-off finds (the response of staffFunnelDropOff, so it lives in runtime/types). */
export type { PageDropOff };

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Seconds spent on each page of one claim: from the save that came before (the page the
 * claimant left to reach it) to its own first save; the sending for the page sent from.
 */
function secondsPerPage(
  claim: DropOffClaim,
  signPageIds: ReadonlySet<string>,
): Map<string, number> {
  const saves = Object.entries(claim.pagesSaved)
    .filter((entry): entry is [string, number] => typeof entry[1] === 'number')
    .sort((a, b) => a[1] - b[1]);
  const seconds = new Map<string, number>();
  for (let i = 1; i < saves.length; i++) {
    seconds.set(saves[i]![0], (saves[i]![1] - saves[i - 1]![1]) / 1000);
  }
  const last = saves.at(-1);
  const sentFrom = claim.currentPageId;
  if (
    claim.sent &&
    claim.submittedAt !== null &&
    last &&
    sentFrom &&
    signPageIds.has(sentFrom) &&
    !(sentFrom in claim.pagesSaved)
  ) {
    seconds.set(sentFrom, Math.max(0, (claim.submittedAt - last[1]) / 1000));
  }
  return seconds;
}

export function funnelDropOff(
  pages: readonly DropOffPageInput[],
  claims: readonly DropOffClaim[],
): FunnelDropOff {
  const signPageIds = new Set(
    pages.filter((page) => page.kind === 'review-and-sign').map((page) => page.pageId),
  );
  const rows = new Map<string, PageDropOff & { seconds: number[] }>();
  const rowOf = (pageId: string): PageDropOff & { seconds: number[] } => {
    let row = rows.get(pageId);
    if (!row) {
      // A page of another version: listed after the funnel's own, under its id.
      row = {
        pageId,
        title: pageId,
        reached: 0,
        stoppedHere: 0,
        medianSeconds: null,
        timedClaims: 0,
        inFunnel: false,
        seconds: [],
      };
      rows.set(pageId, row);
    }
    return row;
  };
  for (const page of pages) {
    rows.set(page.pageId, { ...rowOf(page.pageId), title: page.title, inFunnel: true });
  }

  let sent = 0;
  for (const claim of claims) {
    if (claim.sent) sent++;
    const reached = new Set(Object.keys(claim.pagesSaved));
    if (claim.currentPageId) reached.add(claim.currentPageId);
    for (const pageId of reached) rowOf(pageId).reached++;
    if (!claim.sent && claim.currentPageId) rowOf(claim.currentPageId).stoppedHere++;
    for (const [pageId, seconds] of secondsPerPage(claim, signPageIds)) {
      rowOf(pageId).seconds.push(seconds);
    }
  }

  return {
    started: claims.length,
    sent,
    completionRate: claims.length === 0 ? null : sent / claims.length,
    pages: [...rows.values()].map(({ seconds, ...row }) => ({
      ...row,
      medianSeconds: median(seconds),
      timedClaims: seconds.length,
    })),
  };
}
