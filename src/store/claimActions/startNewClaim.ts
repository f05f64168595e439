/**
 * A claimant's next claim in a funnel, started from the confirmation page. Its own module:
 * the rest of the claim's syncing (claimSync.ts) runs on every page, this only there.
 */
import { draftStorage } from '../../platform/browserStorage/draftStorage';
import { loadGatewayApi } from '../gatewayApiOnDemand';
import type { AppDispatch } from '../storeTypes';
import { claimLoaded } from '../slices/claimSlice';

/**
 * Starts the claimant's next claim in a funnel (after a submitted one) on the server, and
 * makes it the claim this browser shows and keeps. The gateway call comes first so a reload
 * or another device sees the same current claim; it returns the existing draft if there is
 * one. Resolves with the new claim's first page, or rejects when the gateway cannot be
 * reached (nothing has changed then).
 */
export function startNewClaim(funnelId: string, ownerUid: string) {
  return async (dispatch: AppDispatch): Promise<string | null> => {
    const { claim, otherClaims, knownAnswers } = await dispatch(
      (await loadGatewayApi(dispatch)).endpoints.startClaim.initiate({ funnelId }),
    ).unwrap();
    const answers = claim.answers;
    draftStorage.write(ownerUid, {
      funnelId,
      claimId: claim.claimId,
      funnelVersion: claim.funnelVersion,
      answers,
      currentPageId: claim.currentPageId,
      unsavedPageIds: [],
      updatedAt: Date.now(),
    });
    dispatch(
      claimLoaded({
        funnelId,
        ownerUid,
        claimId: claim.claimId,
        answers,
        currentPageId: claim.currentPageId,
        unsavedPageIds: [],
        server: claim,
        otherClaims,
        knownAnswers,
      }),
    );
    return claim.currentPageId;
  };
}
