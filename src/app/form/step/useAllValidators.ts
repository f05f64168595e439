import { useEffect, useState } from 'react';
import { whenAssetsReachable } from '../../assetsReachable';
import { retryUntilDone } from '../../../runtime/web';
import { laterPagesLoaded, loadLaterPages } from '../../funnelRegistry';

/**
 * True when every page can be checked: their validators and schemas are here (they load
 * when the browser is idle, see loadLaterPages).
 */
export function useAllValidators(): boolean {
  const [loaded, setLoaded] = useState(laterPagesLoaded);
  useEffect(() => {
    if (loaded) return;
    let stopTrying = () => {};
    // After the frame that shows the page: what only Continue needs does not delay it.
    const frame = requestAnimationFrame(() =>
      setTimeout(() => {
        // Only once the app's files answer: a module that failed to load stays failed.
        stopTrying = retryUntilDone(
          () =>
            whenAssetsReachable()
              .then(loadLaterPages)
              .then(() => setLoaded(true)),
          window,
        );
      }),
    );
    return () => {
      cancelAnimationFrame(frame);
      stopTrying();
    };
  }, [loaded]);
  return loaded;
}
