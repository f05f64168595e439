import { useEffect, useRef } from 'react';
import type { Funnel, FunnelNavigator, FunnelPage } from '../../runtime/funnel';
import { stepViewed } from '../../store/funnelEvents';
import { claimLoadStarted } from '../../store/slices/claimSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';

/**
 * The claimant's claim in a funnel as a step page needs it: loaded once per claimant (this
 * browser's copy first, then the server's), and one analytics step view per page shown.
 */
export function useClaimDraft(
  funnel: Funnel,
  page: FunnelPage,
  uid: string | null,
  navigator: FunnelNavigator,
) {
  const dispatch = useAppDispatch();
  const loadStatus = useAppSelector((state) => state.claim.load[funnel.funnelId] ?? 'idle');
  const draft = useAppSelector((state) => state.claim.byFunnel[funnel.funnelId]);

  useEffect(() => {
    if (!uid) return; // the first page shows before the session; its claim loads after
    if (loadStatus === 'idle' || (draft && draft.ownerUid !== uid)) {
      // Marked as loading at once, not when the module below has arrived: the effect's next
      // run (React runs it twice in development) must not ask for the claim a second time,
      // or an older answer could land after a newer one.
      dispatch(claimLoadStarted({ funnelId: funnel.funnelId }));
      // The claim's syncing came with the session (startSyncing): its module is here already.
      void import('../../store/claimSync').then(({ loadClaim }) =>
        dispatch(loadClaim(funnel.funnelId, uid)),
      );
    }
  }, [dispatch, funnel.funnelId, uid, loadStatus, draft]);

  // When this page was first drawn (before the claim loads): analytics counts the view only if
  // the visitor had consented by then. Declared before the effect below, so it runs first.
  const shownAt = useRef(0);
  useEffect(() => {
    shownAt.current = Date.now();
  }, [funnel.funnelId, page.pageId]);

  // Once the claim (and so the step number) is known.
  const viewedStep =
    uid && draft && loadStatus === 'loaded'
      ? (navigator.progress(page.pageId, draft.answers)?.step ?? null)
      : undefined;
  useEffect(() => {
    if (viewedStep !== undefined)
      dispatch(
        stepViewed({
          funnelId: funnel.funnelId,
          pageId: page.pageId,
          step: viewedStep,
          shownAt: shownAt.current,
        }),
      );
  }, [dispatch, funnel.funnelId, page.pageId, viewedStep]);

  return { loadStatus, draft };
}
