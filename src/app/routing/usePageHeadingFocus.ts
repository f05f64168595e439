import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { focusField } from '../ui/fieldFocus';

/** How long a new page may take to render its heading or field (a lazy screen, a claim loading). */
const HEADING_WAIT_MS = 3_000;

/**
 * After an in-app navigation, moves focus to where the claimant should start, so keyboard
 * and screen reader users hear it (GOV.UK: after Continue, focus is not left on the body):
 * the field a `#field` address names (a "Change" link from check your answers) with its
 * label in view, else the new page's main heading. A `#` that names no field (an anchor in
 * a page of text) is left to useScrollOnNavigation.
 *
 * The page the app opened at is left alone, focus at the top of the document where the
 * browser puts it (the skip link is the first Tab), until the claimant first navigates.
 * That is decided by the history entry, not by a first run of the effect, which React runs
 * twice in development.
 */
export function usePageHeadingFocus(): void {
  const location = useLocation();
  // Back and Forward return to where the claimant was (useScrollOnNavigation): focus only.
  const returning = useNavigationType() === 'POP';
  const arrival = useRef(location.key);
  const navigated = useRef(false);
  useEffect(() => {
    if (!navigated.current && location.key === arrival.current) return;
    navigated.current = true;
    const fieldId = location.hash ? decodeURIComponent(location.hash.slice(1)) : null;
    let frame = 0;
    const started = performance.now();
    const focusStart = () => {
      if (fieldId !== null) {
        if (focusField(fieldId)) return;
        // An anchor that is not a field: scrolled to, focus left where it is.
        if (document.getElementById(fieldId)) return;
      } else {
        const heading = document.querySelector<HTMLElement>('main h1');
        if (heading) {
          heading.tabIndex = -1;
          heading.focus({ preventScroll: true });
          if (!returning) window.scrollTo(0, 0);
          return;
        }
      }
      if (performance.now() - started < HEADING_WAIT_MS) frame = requestAnimationFrame(focusStart);
    };
    frame = requestAnimationFrame(focusStart);
    return () => cancelAnimationFrame(frame);
  }, [location.key, location.hash, returning]);
}
