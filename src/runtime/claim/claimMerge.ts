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
