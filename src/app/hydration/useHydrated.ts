import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False while the server renders a page and while the browser hydrates it, true from the
 * render after: what depends on this browser (its stored cookie choice, whether the form can
 * be sent yet) renders as the prerendered HTML did, then updates, so hydration never
 * mismatches. A page the browser renders itself gets true at once.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
