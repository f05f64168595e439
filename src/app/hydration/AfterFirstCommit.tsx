import { useLayoutEffect, useRef } from 'react';

/**
 * Runs `run` once, in the commit that first puts the app on the page (after its siblings
 * before it have committed, before the browser paints): for a hydrated page, before any
 * later render could reset what the claimant typed into the prerendered form.
 */
export function AfterFirstCommit({ run }: { run: () => void }) {
  const done = useRef(false);
  useLayoutEffect(() => {
    if (done.current) return;
    done.current = true;
    run();
  }, [run]);
  return null;
}
