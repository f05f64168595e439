import { useCallback, useEffect, useRef } from 'react';
import type { PageAnswers } from '../../runtime/funnel';
import { useAppDispatch } from '../../store/hooks';
import { pageEdited } from '../../store/slices/claimSlice';

/** How long typing may pause before what is typed is kept (a burst of keys is one write). */
const KEEP_AFTER_MS = 300;

/**
 * What was typed on a page and is not kept in the store yet (the pause not over, or no session
 * yet), by funnel and page: held outside the page, so a page drawn again meanwhile (the
 * claimant switched language, which draws the new page before the old one is gone) shows it,
 * and keeps it once it can.
 */
const notYetKept = new Map<string, PageAnswers>();
const heldKey = (funnelId: string, pageId: string) => `${funnelId}/${pageId}`;

/** What was typed on the page and is not kept in the store yet, if anything. */
export function typedNotYetKept(funnelId: string, pageId: string): PageAnswers | undefined {
  return notYetKept.get(heldKey(funnelId, pageId));
}

/**
 * Keeps what the claimant types on a page in this browser as they type: a quarter of a
 * second after they pause, and at once when the tab is hidden, closed or the page left, so
 * closing the tab before Continue loses nothing. Typed before the session exists (the first
 * page does not wait for it), the answers are held and kept as soon as it does.
 */
export function useKeptEdits(funnelId: string, ownerUid: string | null, pageId: string) {
  const dispatch = useAppDispatch();
  const pending = useRef<PageAnswers | null>(typedNotYetKept(funnelId, pageId) ?? null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const answers = pending.current;
    if (!answers || !ownerUid) return;
    pending.current = null;
    notYetKept.delete(heldKey(funnelId, pageId));
    dispatch(pageEdited({ funnelId, ownerUid, pageId, answers }));
  }, [dispatch, funnelId, ownerUid, pageId]);

  // The session has arrived: keep what was typed before it.
  useEffect(() => {
    if (ownerUid) flush();
  }, [ownerUid, flush]);

  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHidden);
      flush();
    };
  }, [flush]);

  return useCallback(
    (answers: PageAnswers) => {
      pending.current = answers;
      notYetKept.set(heldKey(funnelId, pageId), answers);
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, KEEP_AFTER_MS);
    },
    [flush, funnelId, pageId],
  );
}
