/**
 * What the retention job does to a set of documents at a moment, as a pure function of
 * (documents, now, policy), so tests drive it at a fixed clock. The job applies the plan in
 * batches; every step is safe to repeat.
 */

export interface RetentionPolicy {
  /** Drafts, and anonymous sessions, unchanged this long are deleted. */
  untouchedDraftDays: number;
  /** Sent claims are anonymised this long after they were sent. */
  sentClaimYears: number;
}

export interface ClaimForRetention {
  claimId: string;
  /** null once the claimant deleted their account (the claim is kept, detached). */
  userId: string | null;
  status: 'draft' | 'submitted';
  /** ms since the epoch */
  updatedAt: number;
  submittedAt: number | null;
  anonymised: boolean;
}

export interface UserForRetention {
  uid: string;
  anonymous: boolean;
  /** The latest of sign-up, sign-in and token refresh (ms since the epoch). */
  lastActiveAt: number;
}

export interface RetentionPlan {
  deleteDrafts: string[];
  anonymiseClaims: string[];
  deleteUsers: string[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment `years` calendar years before `now` (so leap years count as they fall). */
function yearsBefore(now: number, years: number): number {
  const date = new Date(now);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.getTime();
}

export function planRetention(input: {
  claims: readonly ClaimForRetention[];
  users: readonly UserForRetention[];
  now: number;
  policy: RetentionPolicy;
}): RetentionPlan {
  const { claims, users, now, policy } = input;
  const staleBefore = now - policy.untouchedDraftDays * DAY_MS;
  const sentBefore = yearsBefore(now, policy.sentClaimYears);

  const deleteDrafts = claims
    .filter((claim) => claim.status === 'draft' && claim.updatedAt < staleBefore)
    .map((claim) => claim.claimId);
  const anonymiseClaims = claims
    .filter(
      (claim) =>
        claim.status === 'submitted' &&
        !claim.anonymised &&
        claim.submittedAt !== null &&
        claim.submittedAt < sentBefore,
    )
    .map((claim) => claim.claimId);

  // An anonymous session goes once it is stale and nothing but stale drafts is left of it:
  // a sent claim keeps its session, which is how the claimant reaches it.
  const deleted = new Set(deleteDrafts);
  const keepsSomething = new Set(
    claims
      .filter((claim) => claim.userId !== null && !deleted.has(claim.claimId))
      .map((claim) => claim.userId),
  );
  const deleteUsers = users
    .filter(
      (user) => user.anonymous && user.lastActiveAt < staleBefore && !keepsSomething.has(user.uid),
    )
    .map((user) => user.uid);

  return { deleteDrafts, anonymiseClaims, deleteUsers };
}
