import { useEffect, useState } from 'react';
import { whenAssetsReachable } from '../../assetsReachable';
import { retryUntilDone } from '../../../runtime/web';
import { allValidatorsLoaded, loadAllValidators } from '../../funnelRegistry';

/** True when the validators of every page can run (they load when the browser is idle). */
export function useAllValidators(): boolean {
  const [loaded, setLoaded] = useState(allValidatorsLoaded);
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
              .then(loadAllValidators)
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
