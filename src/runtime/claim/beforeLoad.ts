import type { PageAnswers } from '../types';

/** What this browser kept of a claim on an earlier visit (its local copy), as the page needs it. */
export interface KeptClaim {
  /** The server's claim id; null for a claim never saved. */
  claimId: string | null;
  /** The funnel version the claim is on; null when the copy predates recording it. */
  funnelVersion: number | null;
  answers: Record<string, PageAnswers>;
  typed: Record<string, PageAnswers>;
  /** The page the claimant was on when this browser kept it, if known. */
  currentPageId?: string | null;
}

/**
 * How a claim page is drawn before its claim has loaded: filled with what this browser kept
 * (`kept`), empty for a claimant with nothing to wait for (`empty`), or as "loading your
 * answers" (`loading`).
 */
type BeforeLoad = { show: 'kept'; kept: KeptClaim } | { show: 'empty' } | { show: 'loading' };

/** Whether a kept copy holds anything the claimant typed or answered. */
function keptHasAnswers(kept: KeptClaim): boolean {
  return Object.keys(kept.answers).length > 0 || Object.keys(kept.typed).length > 0;
}

/**
 * The rule for a claim page drawn before its claim loads. Later pages always wait: they are
 * only reached with a claim. A first page is drawn at once, filled, when this browser kept the
 * claim on the very version shown; empty for a new claim (nothing kept and nobody returning,
 * or a copy never saved with nothing in it). Otherwise the claim is the server's, whose
 * version and answers are not known here: another version's questions, or empty fields, would
 * be drawn under a returning claimant, so the page says it is loading instead.
 *
 * A copy never saved counts as on the version shown (its first save puts it there); a saved
 * copy without a version may be on any.
 */
export function drawBeforeLoad({
  firstPage,
  version,
  returning,
  kept,
}: {
  firstPage: boolean;
  /** The funnel version the page would be drawn on (the current one). */
  version: number;
  /** This browser's last session is the claimant's, or the address names the claim's owner. */
  returning: boolean;
  /** This browser's copy of the claimant's claim in the funnel, if any. */
  kept: KeptClaim | null;
}): BeforeLoad {
  if (!firstPage) return { show: 'loading' };
  if (kept && keptHasAnswers(kept)) {
    const keptVersion = kept.funnelVersion ?? (kept.claimId ? null : version);
    return keptVersion === version ? { show: 'kept', kept } : { show: 'loading' };
  }
  if (kept && !kept.claimId) return { show: 'empty' };
  return returning ? { show: 'loading' } : { show: 'empty' };
}
