import { draftStorage, type LatestClaim } from '../platform/browserStorage/draftStorage';

/**
 * The claim the claimant touched last in this browser (any funnel), or null: the layout's
 * "Your claim" link reads it on every page, so it is apart from the claim's syncing.
 */
export function latestClaimOf(uid: string): LatestClaim | null {
  return draftStorage.readLatest(uid);
}
