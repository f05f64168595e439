import { createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { draftStorage } from '../platform/draftStorage';
import type { GatewayRequest, GatewayResponse, ReferralData } from '../runtime/contract';
import { gatewayApi, isGatewayQueryError } from './gatewayApi';
import {
  claimLoaded,
  claimLoadFailed,
  claimLoadStarted,
  claimSubmitFailed,
  claimSubmitRequested,
  claimSubmitted,
  pageSaved,
  pageSaveFailed,
  pageSaveStarted,
  pageSubmitted,
  type ClaimDraft,
} from './slices/claimSlice';

type Dispatch = (action: unknown) => any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** One gateway call through the API slice, resolving with its result or rejecting with its error. */
function send<F extends 'saveAnswers' | 'getClaim' | 'startClaim' | 'submitClaim'>(
  dispatch: Dispatch,
  functionName: F,
  data: GatewayRequest<F>,
): Promise<GatewayResponse<F>> {
  const endpoint = gatewayApi.endpoints[functionName] as unknown as {
    initiate: (data: GatewayRequest<F>, options?: object) => unknown;
  };
  // getClaim is a query: a fresh answer each time, and no cache entry kept alive.
  const options =
    functionName === 'getClaim' ? { forceRefetch: true, subscribe: false } : undefined;
  return dispatch(endpoint.initiate(data, options)).unwrap() as Promise<GatewayResponse<F>>;
}

interface SyncState {
  claim: { byFunnel: Record<string, ClaimDraft> };
  referral?: { data: ReferralData };
}

/**
 * Autosave: every submitted page is kept in this browser at once, then sent to the gateway
 * in the background, so Continue never waits for the network. A page that fails to save
 * stays in `unsavedPageIds` and is sent again with the next page or on the next visit.
 */
export const claimSyncMiddleware = createListenerMiddleware();

function persistLocally(draft: ClaimDraft): void {
  draftStorage.write(draft.ownerUid, {
    funnelId: draft.funnelId,
    claimId: draft.claimId,
    answers: draft.answers,
    currentPageId: draft.currentPageId,
    unsavedPageIds: draft.unsavedPageIds,
    updatedAt: Date.now(),
  });
}

claimSyncMiddleware.startListening({
  matcher: isAnyOf(pageSubmitted, pageSaved, claimSubmitted),
  effect: (action, api) => {
    const funnelId = claimSubmitted.match(action)
      ? action.payload.claim.funnelId
      : (action as ReturnType<typeof pageSubmitted | typeof pageSaved>).payload.funnelId;
    const draft = (api.getState() as SyncState).claim.byFunnel[funnelId];
    if (draft) persistLocally(draft);
  },
});

claimSyncMiddleware.startListening({
  actionCreator: pageSubmitted,
  effect: async (action, api) => {
    const { funnelId } = action.payload;
    // One save at a time per funnel keeps the server's order the claimant's order.
    api.cancelActiveListeners();
    const state = api.getState() as SyncState;
    const draft = state.claim.byFunnel[funnelId];
    if (!draft) return;
    api.dispatch(pageSaveStarted({ funnelId }));
    for (const pageId of draft.unsavedPageIds) {
      const answers = draft.answers[pageId];
      if (!answers) continue;
      try {
        const { claimId } = await api.pause(
          send(api.dispatch, 'saveAnswers', {
            funnelId,
            pageId,
            answers,
            ...(draft.currentPageId ? { nextPageId: draft.currentPageId } : {}),
            ...(state.referral?.data && Object.keys(state.referral.data).length > 0
              ? { referral: state.referral.data }
              : {}),
          }),
        );
        api.dispatch(pageSaved({ funnelId, pageId, answers, claimId }));
      } catch (error) {
        if ((error as { code?: string }).code === 'listener-cancelled') return;
        const message =
          isGatewayQueryError(error) && error.code === 'invalid-argument'
            ? error.message
            : 'Your answers are kept on this device and will be saved when the connection is back.';
        api.dispatch(pageSaveFailed({ funnelId, message }));
        return;
      }
    }
  },
});

/**
 * Loads the claimant's claim for a funnel: this browser's copy first (it holds answers
 * not yet on the server), the server's when there is none here. A claim the server says is
 * submitted is shown as submitted whatever this browser holds.
 */
export function loadClaim(funnelId: string, ownerUid: string) {
  return async (dispatch: Dispatch): Promise<void> => {
    dispatch(claimLoadStarted({ funnelId }));
    // This browser's copy is read after the server answers, so answers kept while the request
    // was in flight (another tab, a quick claimant) are not replaced by an older snapshot.
    try {
      const { claim, otherClaims } = await send(dispatch, 'getClaim', { funnelId });
      const local = draftStorage.read(ownerUid, funnelId);
      // The local copy is of another claim once the claimant sent it and started the next.
      const localIsOfClaim =
        !!local && (!claim || !local.claimId || local.claimId === claim.claimId);
      const useServer = !local || !localIsOfClaim || claim?.status === 'submitted';
      dispatch(
        claimLoaded({
          funnelId,
          ownerUid,
          claimId: claim?.claimId ?? local?.claimId ?? null,
          answers: useServer ? ((claim?.answers as ClaimDraft['answers']) ?? {}) : local.answers,
          currentPageId: useServer ? (claim?.currentPageId ?? null) : local.currentPageId,
          unsavedPageIds: useServer ? [] : local.unsavedPageIds,
          server: claim,
          otherClaims,
        }),
      );
    } catch (error) {
      const local = draftStorage.read(ownerUid, funnelId);
      if (local) {
        // Offline or the gateway is down: the local copy is enough to carry on.
        dispatch(
          claimLoaded({
            funnelId,
            ownerUid,
            claimId: local.claimId ?? null,
            answers: local.answers,
            currentPageId: local.currentPageId,
            unsavedPageIds: local.unsavedPageIds,
            server: null,
            // Offline: no duplicate-vehicle check until the server can be asked again.
            otherClaims: [],
          }),
        );
        return;
      }
      console.error(error);
      dispatch(claimLoadFailed({ funnelId }));
    }
  };
}

/**
 * Starts the claimant's next claim in a funnel (after a submitted one) on the server, and
 * makes it the claim this browser shows and keeps. The gateway call comes first so a reload
 * or another device sees the same current claim; it returns the existing draft if there is
 * one. Resolves with the new claim's first page, or rejects when the gateway cannot be
 * reached (nothing has changed then).
 */
export function startNewClaim(funnelId: string, ownerUid: string) {
  return async (dispatch: Dispatch): Promise<string | null> => {
    const { claim, otherClaims } = await send(dispatch, 'startClaim', { funnelId });
    const answers = claim.answers as ClaimDraft['answers'];
    draftStorage.write(ownerUid, {
      funnelId,
      claimId: claim.claimId,
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
      }),
    );
    return claim.currentPageId;
  };
}

/**
 * Submits a claim once its last answers reached the server. The gateway makes a repeated
 * submission return the same claim, so a double click or a retry cannot make two.
 */
claimSyncMiddleware.startListening({
  actionCreator: claimSubmitRequested,
  effect: async (action, api) => {
    const { funnelId, letterOfAuthorityVersion } = action.payload;
    const draftOf = (state: unknown) => (state as SyncState).claim.byFunnel[funnelId];
    await api.condition((_action, state) => {
      const draft = draftOf(state);
      return !draft || draft.unsavedPageIds.length === 0 || draft.sync.state === 'failed';
    });
    const draft = draftOf(api.getState());
    if (draft && draft.unsavedPageIds.length > 0) {
      api.dispatch(
        claimSubmitFailed({
          funnelId,
          message:
            draft.sync.state === 'failed' ? draft.sync.message : 'Your answers are not saved yet',
        }),
      );
      return;
    }
    try {
      const { claim } = await send(api.dispatch, 'submitClaim', {
        funnelId,
        ...(letterOfAuthorityVersion ? { letterOfAuthorityVersion } : {}),
      });
      api.dispatch(claimSubmitted({ claim }));
    } catch (error) {
      const message =
        isGatewayQueryError(error) && error.code !== 'internal' && error.code !== 'unavailable'
          ? error.message
          : 'Sorry, we could not send your claim. Your answers are saved: please try again.';
      api.dispatch(claimSubmitFailed({ funnelId, message }));
    }
  },
});
