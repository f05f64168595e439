/**
 * What the claimant load (claimantLoad.ts) counts as doubled, by what the documents hold rather
 * than by their ids (a claim's and its email's ids are fixed and created once, so a second of
 * either would have another id): a claimant with two claims in the funnel, two "we have your
 * claim" emails for one claim or to one claimant's address, one reference given to two claims.
 */

export interface StoredClaimFacts {
  id: string;
  userId: string;
  funnelId: string;
  reference: string | null;
}

export interface StoredMailFacts {
  id: string;
  to: string;
  event: string;
  claimId: string | null;
}

export interface LoadClaimant {
  uid: string;
  /** The address it gave on the first page (where its emails go). */
  email: string;
}

export const CLAIM_RECEIVED = 'claim-received';

/** Each duplicate found among what was read back, as a sentence. */
export function duplicatesAmong(
  claimants: readonly LoadClaimant[],
  funnelId: string,
  claims: readonly StoredClaimFacts[],
  mail: readonly StoredMailFacts[],
): string[] {
  const found: string[] = [];
  const received = [...new Map(mail.map((one) => [one.id, one])).values()].filter(
    (one) => one.event === CLAIM_RECEIVED,
  );
  const distinctClaims = [...new Map(claims.map((claim) => [claim.id, claim])).values()];
  for (const claimant of claimants) {
    const owned = distinctClaims.filter(
      (claim) => claim.userId === claimant.uid && claim.funnelId === funnelId,
    );
    if (owned.length > 1)
      found.push(
        `${claimant.uid} has ${owned.length} claims in ${funnelId}: ${owned.map((claim) => claim.id).join(', ')}`,
      );
    const toThem = received.filter((one) => one.to === claimant.email);
    if (toThem.length > 1)
      found.push(
        `${claimant.uid}: ${toThem.length} "we have your claim" emails to ${claimant.email}`,
      );
    for (const claim of owned) {
      const about = received.filter((one) => one.claimId === claim.id);
      if (about.length > 1) found.push(`${claim.id}: ${about.length} "we have your claim" emails`);
    }
  }
  const holders = new Map<string, string[]>();
  for (const claim of distinctClaims) {
    if (!claim.reference) continue;
    holders.set(claim.reference, [...(holders.get(claim.reference) ?? []), claim.id]);
  }
  for (const [reference, ids] of holders) {
    if (ids.length > 1) found.push(`${reference} given to ${ids.join(' and ')}`);
  }
  return found;
}
