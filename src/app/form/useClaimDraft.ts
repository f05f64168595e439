import { useEffect } from 'react';
import type { Funnel, FunnelNavigator, FunnelPage } from '../../runtime/funnel';
import { loadClaim } from '../../store/claimSync';
import { stepViewed } from '../../store/funnelEvents';
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
    if (loadStatus === 'idle' || (draft && draft.ownerUid !== uid))
      void dispatch(loadClaim(funnel.funnelId, uid));
  }, [dispatch, funnel.funnelId, uid, loadStatus, draft]);

  // Once the claim (and so the step number) is known.
  const viewedStep =
    uid && draft && loadStatus === 'loaded'
      ? (navigator.progress(page.pageId, draft.answers)?.step ?? null)
      : undefined;
  useEffect(() => {
    if (viewedStep !== undefined)
      dispatch(stepViewed({ funnelId: funnel.funnelId, pageId: page.pageId, step: viewedStep }));
  }, [dispatch, funnel.funnelId, page.pageId, viewedStep]);

  return { loadStatus, draft };
}
