import { BACKOFF, backoffDelayMs } from '../runtime/backoff';
import { isAnyOf } from '@reduxjs/toolkit';
import { draftStorage, type StoredDraft } from '../platform/browserStorage/draftStorage';
import type { ClaimView, GatewayRequest } from '../runtime/contract';
import { isGatewayQueryError, isUnanswered } from './gatewayQueryError';
import { loadGatewayApi } from './gatewayApiOnDemand';
import { createAppListenerMiddleware, type AppDispatch, type RootState } from './storeTypes';
import {
  claimLoaded,
  claimLoadFailed,
  claimLoadStarted,
  claimSubmitFailed,
  claimSubmitRequested,
  claimSubmitted,
  draftMovedToVersion,
  pageEdited,
  pageSaved,
  pageSaveFailed,
  pageSaveStarted,
  pagesDroppedAsSent,
  pageSubmitted,
  savesRetryRequested,
  savesSettled,
  type ClaimDraft,
  type SubmitFailure,
} from './slices/claimSlice';
import { errorCodeOf } from '../runtime/contract';

/** The gateway API's endpoints, once loaded, for the calls the claim makes. */
async function gatewayEndpoints(dispatch: AppDispatch) {
  return (await loadGatewayApi(dispatch)).endpoints;
}

async function sendSave(dispatch: AppDispatch, data: GatewayRequest<'saveAnswers'>) {
  return dispatch((await gatewayEndpoints(dispatch)).saveAnswers.initiate(data)).unwrap();
}

async function submit(dispatch: AppDispatch, data: GatewayRequest<'submitClaim'>) {
  return dispatch((await gatewayEndpoints(dispatch)).submitClaim.initiate(data)).unwrap();
}

/**
 * Nothing typed is lost. Every edit is kept in this browser at once (typed answers and, on
 * Continue, the page); continued pages wait in an outbox (`unsavedPageIds`, kept with the
 * draft) and are sent to the gateway in the background, so Continue never waits for the
 * network. The outbox is sent again until the gateway acknowledges each page: with backoff
 * while it fails, and at once when the browser comes back online, regains focus, or loads
 * the claim again (a reload, a new build, another day). Each save carries when each field
 * was last edited, and the gateway keeps the later edit of each field, so a replay never
 * overwrites a newer answer.
 */
export const claimSyncMiddleware = createAppListenerMiddleware();

/** Retries of a failing save wait as BACKOFF.outbox says (about 2 s, 4 s, 8 s… up to a minute, spread). */
function retryDelayMs(attempts: number): number {
  return backoffDelayMs(BACKOFF.outbox, attempts);
}

function persistLocally(draft: ClaimDraft, loaded: boolean): void {
  draftStorage.writeLatest(draft.ownerUid, {
    funnelId: draft.funnelId,
    claimId: draft.claimId,
    currentPageId: draft.currentPageId,
    sent: draft.status === 'submitted',
    touchedAt: Date.now(),
  });
  if (draft.status === 'submitted') {
    // A sent claim's answers are on the server; none stay in this browser.
    draftStorage.remove(draft.ownerUid, draft.funnelId);
    return;
  }
  const stored = loaded ? null : draftStorage.read(draft.ownerUid, draft.funnelId);
  if (stored) {
    // Typed before the claim loaded: this browser's copy is still the claim (its outbox
    // and version among it), so only the typing is added to it.
    draftStorage.write(draft.ownerUid, {
      ...stored,
      typed: { ...stored.typed, ...draft.typed },
      stamps: { ...stored.stamps, ...draft.stamps },
      lastStamp: Math.max(stored.lastStamp ?? 0, draft.lastStamp),
      updatedAt: Date.now(),
    });
    return;
  }
  draftStorage.write(draft.ownerUid, {
    funnelId: draft.funnelId,
    claimId: draft.claimId,
    funnelVersion: draft.funnelVersion,
    answers: draft.answers,
    currentPageId: draft.currentPageId,
    unsavedPageIds: draft.unsavedPageIds,
    typed: draft.typed,
    stamps: draft.stamps,
    lastStamp: draft.lastStamp,
    ...(draft.locale ? { locale: draft.locale } : {}),
    updatedAt: Date.now(),
  });
}

const isFunnelDraftChange = isAnyOf(
  pageEdited,
  pageSubmitted,
  pageSaved,
  pagesDroppedAsSent,
  claimLoaded,
);

// Kept on load and on a move too, so the next visit draws the claim on its own version, as
// the server last had it, from its first frame.
claimSyncMiddleware.startListening({
  matcher: isAnyOf(
    pageEdited,
    pageSubmitted,
    pageSaved,
    claimSubmitted,
    pagesDroppedAsSent,
    claimLoaded,
    draftMovedToVersion,
  ),
  effect: (action, api) => {
    const funnelId =
      claimSubmitted.match(action) || draftMovedToVersion.match(action)
        ? action.payload.claim.funnelId
        : isFunnelDraftChange(action)
          ? action.payload.funnelId
          : null;
    if (funnelId === null) return;
    const { byFunnel, load } = api.getState().claim;
    const draft = byFunnel[funnelId];
    if (draft) persistLocally(draft, load[funnelId] === 'loaded');
  },
});

const isSaveTrigger = isAnyOf(pageSubmitted, savesRetryRequested);

function isSubmittedRefusal(error: unknown): boolean {
  return isGatewayQueryError(error) && error.code === 'failed-precondition';
}

claimSyncMiddleware.startListening({
  matcher: isSaveTrigger,
  effect: async (action, api) => {
    if (!isSaveTrigger(action)) return;
    const { funnelId } = action.payload;
    // One save at a time keeps the server's order the claimant's order; a newer trigger
    // takes over (the page in flight is sent again: saves are idempotent).
    api.cancelActiveListeners();
    const draftNow = () => api.getState().claim.byFunnel[funnelId];
    const first = draftNow();
    if (!first || first.unsavedPageIds.length === 0 || first.status === 'submitted') return;
    api.dispatch(pageSaveStarted({ funnelId }));
    for (;;) {
      const draft = draftNow();
      const pageId = draft?.unsavedPageIds[0];
      if (!draft || !pageId) return;
      const answers = draft.answers[pageId];
      if (!answers) {
        api.dispatch(pageSaved({ funnelId, pageId, answers: {}, claimId: draft.claimId ?? '' }));
        continue;
      }
      const referral = api.getState().referral?.data;
      try {
        const saved = await api.pause(
          sendSave(api.dispatch, {
            funnelId,
            pageId,
            answers,
            fieldStamps: draft.stamps[pageId] ?? {},
            ...(draft.currentPageId ? { nextPageId: draft.currentPageId } : {}),
            ...(draft.locale ? { locale: draft.locale } : {}),
            ...(referral && Object.keys(referral).length > 0 ? { referral } : {}),
          }),
        );
        api.dispatch(
          pageSaved({
            funnelId,
            pageId,
            answers,
            storedAnswers: saved.answers,
            claimId: saved.claimId,
          }),
        );
        // A page continued while this one was in flight: the loop sends it too.
        if (draftNow()?.unsavedPageIds[0] === pageId) return;
      } catch (error) {
        if (errorCodeOf(error) === 'listener-cancelled') return;
        if (isSubmittedRefusal(error)) {
          // The claim was sent meanwhile (another tab or device): nothing can change it.
          api.dispatch(pagesDroppedAsSent({ funnelId }));
          return;
        }
        const refused = isGatewayQueryError(error) && error.code === 'invalid-argument';
        api.dispatch(
          pageSaveFailed({
            funnelId,
            message: refused ? error.message : null,
            offline: !refused,
          }),
        );
        // Answers the gateway refused wait for the claimant to change them; anything else
        // (offline, gateway down) is tried again, later each time.
        if (refused) return;
        const sync = draftNow()?.sync;
        await api.delay(retryDelayMs(sync?.state === 'failed' ? sync.attempts : 1));
        api.dispatch(savesRetryRequested({ funnelId }));
        return;
      }
    }
  },
});

/**
 * This browser's copy and the server's, together: pages still in the outbox come from here
 * (the server has not got them), every other page from the server (another device may have
 * answered it since). A copy of a claim the claimant has since sent is never taken for the
 * next one.
 */
export function combine(server: ClaimView | null, local: StoredDraft | null) {
  const localIsOfClaim = !!local && (!server || !local.claimId || local.claimId === server.claimId);
  const kept = local && localIsOfClaim && server?.status !== 'submitted' ? local : null;
  const pending = kept?.unsavedPageIds ?? [];
  const serverAnswers = server?.answers ?? {};
  const answers = server ? { ...serverAnswers } : { ...(kept?.answers ?? {}) };
  for (const pageId of pending) {
    const page = kept?.answers[pageId];
    if (page) answers[pageId] = page;
  }
  return {
    claimId: server?.claimId ?? kept?.claimId ?? null,
    funnelVersion: server?.funnelVersion ?? kept?.funnelVersion ?? null,
    answers,
    currentPageId:
      pending.length > 0 || !server
        ? (kept?.currentPageId ?? server?.currentPageId ?? null)
        : server.currentPageId,
    unsavedPageIds: pending,
    kept: kept
      ? {
          typed: kept.typed ?? {},
          stamps: kept.stamps ?? {},
          lastStamp: kept.lastStamp ?? 0,
          // The language the outbox's pages were continued in goes with them.
          ...(kept.locale && pending.length > 0 ? { locale: kept.locale } : {}),
        }
      : undefined,
  };
}

/**
 * Loads the claimant's claim for a funnel: the server's, with what this browser holds that
 * the server has not got yet, which is then sent. Offline, this browser's copy carries on.
 */
export function loadClaim(funnelId: string, ownerUid: string) {
  return async (dispatch: AppDispatch): Promise<void> => {
    dispatch(claimLoadStarted({ funnelId }));
    // This browser's copy is read after the server answers, so answers kept while the request
    // was in flight (another tab, a quick claimant) are not replaced by an older snapshot.
    let loaded;
    try {
      // A query: a fresh answer each time, and no cache entry kept alive.
      loaded = await dispatch(
        (await gatewayEndpoints(dispatch)).getClaim.initiate(
          { funnelId },
          { forceRefetch: true, subscribe: false },
        ),
      ).unwrap();
    } catch (error) {
      const local = draftStorage.read(ownerUid, funnelId);
      if (!local) {
        console.error(error);
        dispatch(claimLoadFailed({ funnelId }));
        return;
      }
      // Offline or the gateway is down: the local copy is enough to carry on.
      dispatch(
        claimLoaded({
          funnelId,
          ownerUid,
          ...combine(null, local),
          server: null,
          // Offline: no duplicate-vehicle check until the server can be asked again.
          otherClaims: [],
        }),
      );
      dispatch(savesRetryRequested({ funnelId }));
      return;
    }
    const { claim, otherClaims, knownAnswers } = loaded;
    const local = draftStorage.read(ownerUid, funnelId);
    const combined = combine(claim, local);
    dispatch(
      claimLoaded({ funnelId, ownerUid, ...combined, server: claim, otherClaims, knownAnswers }),
    );
    if (claim?.status === 'submitted') draftStorage.remove(ownerUid, funnelId);
    if (combined.unsavedPageIds.length > 0) dispatch(savesRetryRequested({ funnelId }));
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
    const draftOf = (state: RootState) => state.claim.byFunnel[funnelId];
    await api.condition((_action, state) => {
      const draft = draftOf(state);
      return !draft || savesSettled(draft);
    });
    const draft = draftOf(api.getState());
    if (draft && draft.unsavedPageIds.length > 0) {
      // Never "sent" while answers are still only on this device.
      const failure: SubmitFailure =
        draft.sync.state === 'failed' && !draft.sync.offline && draft.sync.message !== null
          ? { reason: 'refused', message: draft.sync.message }
          : { reason: 'savedHereOnly' };
      api.dispatch(claimSubmitFailed({ funnelId, failure }));
      return;
    }
    try {
      const { claim } = await submit(api.dispatch, {
        funnelId,
        ...(letterOfAuthorityVersion ? { letterOfAuthorityVersion } : {}),
      });
      api.dispatch(claimSubmitted({ claim }));
    } catch (error) {
      const failure: SubmitFailure =
        isGatewayQueryError(error) && !isUnanswered(error)
          ? { reason: 'refused', message: error.message }
          : { reason: 'unreachable' };
      api.dispatch(claimSubmitFailed({ funnelId, failure }));
    }
  },
});
