import { savesRetryRequested, type ClaimState } from './slices/claimSlice';

interface OutboxStore {
  dispatch: (action: ReturnType<typeof savesRetryRequested>) => unknown;
  getState: () => { claim: ClaimState };
}

/**
 * Sends unsent answers again the moment sending may work: the browser says it is back
 * online, the tab regains focus, or it becomes visible again (a phone unlocked). The retry
 * timer in claimSync covers the rest (a gateway that comes back while nothing happens here).
 * Returns a function that stops watching.
 */
export function resendUnsavedAnswersWhenBack(store: OutboxStore, target: Window = window) {
  const resend = () => {
    for (const draft of Object.values(store.getState().claim.byFunnel)) {
      if (draft.unsavedPageIds.length > 0 && draft.status !== 'submitted')
        store.dispatch(savesRetryRequested({ funnelId: draft.funnelId }));
    }
  };
  const onVisible = () => {
    if (target.document.visibilityState === 'visible') resend();
  };
  target.addEventListener('online', resend);
  target.addEventListener('focus', resend);
  target.document.addEventListener('visibilitychange', onVisible);
  return () => {
    target.removeEventListener('online', resend);
    target.removeEventListener('focus', resend);
    target.document.removeEventListener('visibilitychange', onVisible);
  };
}
