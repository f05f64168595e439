import { useEffect } from 'react';
import { useHydrated } from '../../hydration/useHydrated';

const FIRST_QUESTION_READY = 'first-question-ready';

/**
 * The Continue button of every page's form, whichever renderer draws the questions. In a
 * prerendered page it is disabled until the app has hydrated: sent by the browser alone, the
 * form would put the claimant's answers in the address bar and lose them.
 */
export function StepFormButtons({ submitLabel, busy }: { submitLabel: string; busy?: boolean }) {
  const hydrated = useHydrated();
  // When the first page can first be sent: the moment `npm run bench` measures (User Timing).
  useEffect(() => {
    if (hydrated && performance.getEntriesByName(FIRST_QUESTION_READY).length === 0) {
      performance.mark(FIRST_QUESTION_READY);
    }
  }, [hydrated]);
  return (
    <div className="button-group">
      <button type="submit" className="button" disabled={busy || !hydrated} data-module="continue">
        {submitLabel}
      </button>
    </div>
  );
}
