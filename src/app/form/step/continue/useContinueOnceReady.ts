import { useEffect, useEffectEvent } from 'react';
import type { PageAnswers } from '../../../../runtime/funnel';

/**
 * Continue pressed before the page was ready, carried out once it is: after the render that
 * made it ready has committed, since continuing navigates.
 */
export function useContinueOnceReady(
  continueWhenReady: PageAnswers | null,
  ready: boolean,
  continueNow: (typed: PageAnswers) => void,
): void {
  const continueNowReady = useEffectEvent(continueNow);
  useEffect(() => {
    if (!continueWhenReady || !ready) return;
    // After this render has committed: continuing navigates.
    const timer = setTimeout(() => continueNowReady(continueWhenReady));
    return () => clearTimeout(timer);
  }, [continueWhenReady, ready]);
}
