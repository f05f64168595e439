import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** How long a new page may take to render its heading (a lazy screen, a claim loading). */
const HEADING_WAIT_MS = 3_000;

/**
 * After an in-app navigation, moves focus to the new page's main heading, so keyboard and
 * screen reader users start at the top of the new page and hear its name (GOV.UK: after
 * Continue, focus is not left on the body). The first page load is left alone: the browser
 * starts at the top already. A hash (`#field`) link is left to scroll to its anchor.
 */
export function usePageHeadingFocus(): void {
  const location = useLocation();
  // Back and Forward return to where the claimant was (useScrollOnNavigation): focus only.
  const returning = useNavigationType() === 'POP';
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (location.hash) return;
    let frame = 0;
    const started = performance.now();
    const focusHeading = () => {
      const heading = document.querySelector<HTMLElement>('main h1');
      if (heading) {
        heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
        if (!returning) window.scrollTo(0, 0);
        return;
      }
      if (performance.now() - started < HEADING_WAIT_MS)
        frame = requestAnimationFrame(focusHeading);
    };
    frame = requestAnimationFrame(focusHeading);
    return () => cancelAnimationFrame(frame);
  }, [location.pathname, location.search, location.hash, returning]);
}
