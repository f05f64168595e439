import { useCallback, useEffect, useRef } from 'react';
import type { PageAnswers } from '../../runtime/funnel';
import { useAppDispatch } from '../../store/hooks';
import { pageEdited } from '../../store/slices/claimSlice';

/** How long typing may pause before what is typed is kept (a burst of keys is one write). */
const KEEP_AFTER_MS = 300;

/**
 * What was typed on a page before the session existed, by funnel and page: held outside the
 * page, so a page drawn again meanwhile (the claimant switched language) shows it and keeps
 * it once the session comes.
 */
const heldBeforeSession = new Map<string, PageAnswers>();
const heldKey = (funnelId: string, pageId: string) => `${funnelId}/${pageId}`;

/** What was typed on the page before the session existed and is not kept yet, if anything. */
export function typedBeforeSession(funnelId: string, pageId: string): PageAnswers | undefined {
  return heldBeforeSession.get(heldKey(funnelId, pageId));
}

/**
 * Keeps what the claimant types on a page in this browser as they type: a quarter of a
 * second after they pause, and at once when the tab is hidden, closed or the page left, so
 * closing the tab before Continue loses nothing. Typed before the session exists (the first
 * page does not wait for it), the answers are held and kept as soon as it does.
 */
export function useKeptEdits(funnelId: string, ownerUid: string | null, pageId: string) {
  const dispatch = useAppDispatch();
  const pending = useRef<PageAnswers | null>(typedBeforeSession(funnelId, pageId) ?? null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const answers = pending.current;
    if (!answers) return;
    if (!ownerUid) {
      heldBeforeSession.set(heldKey(funnelId, pageId), answers);
      return;
    }
    pending.current = null;
    heldBeforeSession.delete(heldKey(funnelId, pageId));
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
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, KEEP_AFTER_MS);
    },
    [flush],
  );
}
