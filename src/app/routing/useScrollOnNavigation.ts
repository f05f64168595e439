import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { fieldLabelOf } from '../ui/fieldFocus';

/** How long an anchor may take to appear (a lazy screen's first load). */
const ANCHOR_WAIT_MS = 3_000;

/** Scroll positions of the pages this tab has left, by history entry, for Back and Forward. */
const positions = new Map<string, number>();

function scrollToAnchor(hash: string): () => void {
  const id = decodeURIComponent(hash.slice(1));
  const started = performance.now();
  let frame = 0;
  const attempt = () => {
    const anchor = document.getElementById(id);
    // A field's question is shown with it (usePageHeadingFocus focuses the field itself).
    if (anchor) (fieldLabelOf(id) ?? anchor).scrollIntoView({ block: 'start' });
    else if (performance.now() - started < ANCHOR_WAIT_MS) frame = requestAnimationFrame(attempt);
  };
  attempt();
  return () => cancelAnimationFrame(frame);
}

/**
 * Scrolls as a full page load would: to the top on a page change, to a hash anchor when
 * the address has one, and back where the claimant was on Back or Forward. Runs when the new
 * page is committed, so the position is that of the page being shown.
 */
export function useScrollOnNavigation(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const shownKey = useRef<string | null>(null);

  useLayoutEffect(() => {
    // The app restores positions itself: the browser's own restoring runs before the page it
    // returns to has rendered.
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    // Kept as the claimant scrolls: by the time a navigation commits, the new page's content
    // has already replaced (and may have shortened) the page being left.
    const remember = () => {
      if (shownKey.current !== null) positions.set(shownKey.current, window.scrollY);
    };
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);

  useLayoutEffect(() => {
    const firstPage = shownKey.current === null;
    shownKey.current = location.key;
    const saved = positions.get(location.key);
    if (navigationType === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    if (location.hash) return scrollToAnchor(location.hash);
    if (!firstPage) window.scrollTo(0, 0);
    return;
  }, [location.key, location.hash, navigationType]);
}
