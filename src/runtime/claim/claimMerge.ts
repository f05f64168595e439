import { nextClaimId } from './currentClaim';
import { PROFILE_FIELD_NAMES, type ProfileFields } from './profileFields';

/** A claim as the merge plan sees it: plain data, read from either side before any write. */
export interface ClaimToMerge {
  claimId: string;
  funnelId: string;
  status: 'draft' | 'submitted';
  /** Milliseconds since the epoch; 0 when unknown. */
  createdAt: number;
}

/** One change the merge makes: the anonymous claim becomes the account's claim `toClaimId`. */
interface MergeStep {
  kind: 'move';
  claimId: string;
  toClaimId: string;
}

interface MergePlan {
  steps: MergeStep[];
  /** Funnels whose anonymous claims moved into the account. */
  moved: string[];
  /**
   * Funnels where the account now holds two drafts (its own and the one from the anonymous
   * session): the claimant is shown both and chooses which to continue.
   */
  choices: Array<{ funnelId: string; claimIds: string[] }>;
}

/**
 * How an anonymous session's claims join the account its claimant signed in to: every one
 * moves in under the account's next free id in its funnel, and nothing is hidden or set
 * aside. Where the account already held a draft in the same funnel, both drafts stay, and
 * the plan names them so the claimant chooses which to continue (the other stays a draft
 * they can open or delete). Pure: the gateway reads both sides, asks this, and applies the
 * steps in one transaction, so the same reads always give the same writes.
 */
export function planMerge(input: {
  accountUid: string;
  anonymousUid: string;
  accountClaims: readonly ClaimToMerge[];
  anonymousClaims: readonly ClaimToMerge[];
}): MergePlan {
  const { accountUid, accountClaims, anonymousClaims } = input;
  const steps: MergeStep[] = [];
  const moved = new Set<string>();
  const choices = new Map<string, string[]>();
  const takenIds = new Set(accountClaims.map((claim) => claim.claimId));
  const byAge = [...anonymousClaims].sort((a, b) => a.createdAt - b.createdAt);
  for (const claim of byAge) {
    const toClaimId = nextClaimId(accountUid, claim.funnelId, takenIds);
    takenIds.add(toClaimId);
    steps.push({ kind: 'move', claimId: claim.claimId, toClaimId });
    moved.add(claim.funnelId);
    if (claim.status !== 'draft') continue;
    const accountDrafts = accountClaims.filter(
      (own) => own.funnelId === claim.funnelId && own.status === 'draft',
    );
    if (accountDrafts.length === 0 && !choices.has(claim.funnelId)) continue;
    const ids = choices.get(claim.funnelId) ?? accountDrafts.map((own) => own.claimId);
    choices.set(claim.funnelId, [...ids, toClaimId]);
  }
  return {
    steps,
    moved: [...moved],
    choices: [...choices].map(([funnelId, claimIds]) => ({ funnelId, claimIds })),
  };
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
