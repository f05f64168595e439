import { currentClaimOf, nextClaimId } from './currentClaim';
import { PROFILE_FIELD_NAMES, type ProfileFields } from './profileFields';

/** What decides between two claims in one funnel when an anonymous session joins an account. */
export interface MergeCandidate {
  status: 'draft' | 'submitted';
  /** How many pages have answers. */
  answeredPages: number;
  /** Milliseconds since the epoch; 0 when unknown. */
  updatedAt: number;
}

/**
 * Which draft an account keeps when both it and the anonymous session that joins it have a
 * draft in the same funnel (a claimant has at most one draft per funnel; submitted claims
 * never clash and simply move in). The submitted rules stay as a safeguard:
 *
 * 1. the account's claim when it is submitted: a sent claim is never replaced;
 * 2. otherwise the anonymous claim when it is submitted, for the same reason;
 * 3. otherwise the draft with more answered pages, as it holds more of what the claimant typed;
 * 4. on a tie, the one changed last: that is what the claimant was just working on.
 *
 * The losing claim is not deleted: the gateway keeps it in `supersededClaims`.
 */
export function chooseMergedClaim(account: MergeCandidate, anonymous: MergeCandidate) {
  if (account.status === 'submitted') return 'account';
  if (anonymous.status === 'submitted') return 'anonymous';
  if (account.answeredPages !== anonymous.answeredPages) {
    return account.answeredPages > anonymous.answeredPages ? 'account' : 'anonymous';
  }
  return anonymous.updatedAt > account.updatedAt ? 'anonymous' : 'account';
}

/** A claim as the merge plan sees it: plain data, read from either side before any write. */
export interface ClaimToMerge extends MergeCandidate {
  claimId: string;
  funnelId: string;
  /** Milliseconds since the epoch; 0 when unknown (decides the current claim). */
  createdAt: number;
  /** The referral data stored on the claim, or null. */
  referral: unknown;
}

/** One change the merge makes, in the order the gateway applies them in one transaction. */
export type MergeStep =
  /** The anonymous claim becomes the account's claim `toClaimId` (with `referral` when set). */
  | { kind: 'move'; claimId: string; toClaimId: string; referral?: unknown }
  /**
   * `claimId` is kept aside as `archiveId`, replaced by `supersededBy`; `keepOriginal` false
   * means the claim document is deleted (it is being replaced at its id).
   */
  | {
      kind: 'supersede';
      side: 'account' | 'anonymous';
      claimId: string;
      archiveId: string;
      supersededBy: string;
      keepOriginal: boolean;
    }
  /** The kept account draft takes the anonymous draft's referral (it had none). */
  | { kind: 'set-referral'; claimId: string; referral: unknown };

export interface MergePlan {
  steps: MergeStep[];
  /** Funnels whose anonymous claim moved into the account. */
  moved: string[];
  /** Funnels where the account's own draft was kept. */
  kept: string[];
}

/**
 * How an anonymous session's claims join the account its claimant signed in to. Submitted
 * claims never clash: each moves in under the account's next free id in its funnel. Where
 * both hold a draft in one funnel, chooseMergedClaim decides which stays the account's draft;
 * the other is kept aside (never deleted), and the referral data of the anonymous draft is
 * kept on whichever continues. Pure: the gateway reads both sides, asks this, and applies
 * the steps in one transaction, so the same reads always give the same writes.
 */
export function planMerge(input: {
  accountUid: string;
  anonymousUid: string;
  accountClaims: readonly ClaimToMerge[];
  anonymousClaims: readonly ClaimToMerge[];
}): MergePlan {
  const { accountUid, anonymousUid, accountClaims, anonymousClaims } = input;
  const steps: MergeStep[] = [];
  const moved = new Set<string>();
  const kept = new Set<string>();
  const takenIds = new Set(accountClaims.map((claim) => claim.claimId));
  for (const claim of anonymousClaims) {
    const current = currentClaimOf(accountClaims, claim.funnelId);
    const accountDraft =
      claim.status !== 'submitted' && current?.status === 'draft' ? current : null;
    if (!accountDraft) {
      const toClaimId = nextClaimId(accountUid, claim.funnelId, takenIds);
      takenIds.add(toClaimId);
      steps.push({ kind: 'move', claimId: claim.claimId, toClaimId });
      moved.add(claim.funnelId);
      continue;
    }
    if (chooseMergedClaim(accountDraft, claim) === 'account') {
      steps.push({
        kind: 'supersede',
        side: 'anonymous',
        claimId: claim.claimId,
        archiveId: claim.claimId,
        supersededBy: accountDraft.claimId,
        keepOriginal: false,
      });
      if (!accountDraft.referral && claim.referral) {
        steps.push({
          kind: 'set-referral',
          claimId: accountDraft.claimId,
          referral: claim.referral,
        });
      }
      kept.add(claim.funnelId);
    } else {
      // The anonymous draft takes the account draft's place (and id).
      steps.push({
        kind: 'supersede',
        side: 'account',
        claimId: accountDraft.claimId,
        archiveId: `${accountDraft.claimId}_${anonymousUid}`,
        supersededBy: accountDraft.claimId,
        keepOriginal: true,
      });
      steps.push({
        kind: 'move',
        claimId: claim.claimId,
        toClaimId: accountDraft.claimId,
        referral: claim.referral ?? accountDraft.referral ?? null,
      });
      moved.add(claim.funnelId);
    }
  }
  return { steps, moved: [...moved], kept: [...kept] };
}

/**
 * The blank fields of the account's profile that the anonymous profile can fill; what the
 * account already holds is never overwritten.
 */
export function profileFieldsToFill(
  anonymousProfile: Readonly<Record<string, unknown>>,
  accountProfile: Readonly<Record<string, unknown>>,
): Partial<ProfileFields> {
  const filled: Partial<ProfileFields> = {};
  for (const name of PROFILE_FIELD_NAMES) {
    const value = anonymousProfile[name];
    if (typeof value === 'string' && value && !accountProfile[name]) filled[name] = value;
  }
  return filled;
}
