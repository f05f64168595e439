/** What decides which of a claimant's claims in a funnel is the one they are working on. */
export interface ClaimInFunnel {
  claimId: string;
  funnelId: string;
  status: 'draft' | 'submitted';
  /** Milliseconds since the epoch; 0 when unknown. */
  createdAt: number;
  /** When the claimant chose this draft to continue (ms since the epoch); 0 or absent if never. */
  chosenAt?: number;
}

/**
 * The claimant's current claim in a funnel: a draft when there is one, otherwise the claim
 * started last (a submitted claim, shown with its status until the claimant starts another).
 * A claimant can hold two drafts in a funnel after signing in joined an anonymous session to
 * an account; until they choose, the newer draft is current, then the one they chose last.
 * Null when they have no claim in the funnel.
 */
export function currentClaimOf<T extends ClaimInFunnel>(claims: readonly T[], funnelId: string) {
  const inFunnel = claims.filter((claim) => claim.funnelId === funnelId);
  const newestFirst = [...inFunnel].sort(
    (a, b) => (b.chosenAt ?? 0) - (a.chosenAt ?? 0) || b.createdAt - a.createdAt,
  );
  return newestFirst.find((claim) => claim.status === 'draft') ?? newestFirst[0] ?? null;
}

/**
 * The id of a claimant's next claim in a funnel. The first keeps `{uid}_{funnelId}` (the id
 * every claim had when there was one per funnel); later ones are `{uid}_{funnelId}_{n}`
 * from 2. Deterministic, so two racing creations of the same claim collide instead of
 * making two drafts.
 */
export function nextClaimId(uid: string, funnelId: string, takenIds: ReadonlySet<string>): string {
  const first = `${uid}_${funnelId}`;
  if (!takenIds.has(first)) return first;
  for (let n = 2; ; n++) {
    const id = `${first}_${n}`;
    if (!takenIds.has(id)) return id;
  }
}
