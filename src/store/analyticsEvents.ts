import { createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import type { Analytics } from '../platform/firebaseApp/analytics';
import { analytics as browserAnalytics } from '../platform/analyticsOnDemand';
import { consentStorage, type ConsentChoice } from '../platform/browserStorage/consentStorage';
import { stepValidationFailed, stepViewed } from './funnelEvents';
import { claimSubmitted, pageSubmitted } from './slices/claimSlice';
import { consentChosen, consentRestored, type ConsentState } from './slices/consentSlice';

interface AnalyticsEventsDeps {
  /** Read on each use, so nothing is created before the first action. */
  analytics: () => Analytics;
  rememberConsent: (choice: ConsentChoice) => void;
  /** The clock consent is timed by (epoch ms); stepViewed's `shownAt` is on the same. */
  now?: () => number;
}

interface AnalyticsState {
  consent: ConsentState;
}

/**
 * Turns store actions into analytics events, only while the visitor has consented, and
 * keeps the analytics module's consent in step with the store's (PECR: nothing before
 * consent; withdrawing it stops further events).
 */
export function createAnalyticsEventsMiddleware(deps: AnalyticsEventsDeps) {
  const middleware = createListenerMiddleware();
  const startListening = middleware.startListening.withTypes<AnalyticsState>();
  const consented = (state: AnalyticsState) => state.consent.analytics === 'granted';
  const now = deps.now ?? Date.now;
  // React may show the same page twice in a row (StrictMode, a re-mounted route): one view.
  let lastViewed: string | null = null;
  // When consent was given: a choice remembered from an earlier visit predates every page.
  let consentedSince = Number.POSITIVE_INFINITY;

  startListening({
    matcher: isAnyOf(consentRestored, consentChosen),
    effect: (action, api) => {
      if (consentChosen.match(action)) deps.rememberConsent(action.payload);
      const granted = consented(api.getState());
      if (!granted) consentedSince = Number.POSITIVE_INFINITY;
      else if (consentRestored.match(action)) consentedSince = Number.NEGATIVE_INFINITY;
      else if (consentedSince === Number.POSITIVE_INFINITY) consentedSince = now();
      deps.analytics().setConsent(granted);
    },
  });

  startListening({
    matcher: isAnyOf(stepViewed, pageSubmitted, stepValidationFailed, claimSubmitted),
    effect: (action, api) => {
      if (stepViewed.match(action)) {
        const { funnelId, pageId, step, shownAt } = action.payload;
        const key = `${funnelId}/${pageId}`;
        // A page shown before consent is not reported, even if it finished loading after.
        if (key === lastViewed || !consented(api.getState()) || shownAt < consentedSince) return;
        lastViewed = key;
        deps.analytics().track({
          name: 'step_viewed',
          params: { funnel_id: funnelId, page_id: pageId, step },
        });
        return;
      }
      lastViewed = null;
      if (!consented(api.getState())) return;
      if (pageSubmitted.match(action)) {
        const { funnelId, pageId } = action.payload;
        deps.analytics().track({
          name: 'step_completed',
          params: { funnel_id: funnelId, page_id: pageId },
        });
      } else if (stepValidationFailed.match(action)) {
        const { funnelId, pageId, fields } = action.payload;
        deps.analytics().track({
          name: 'validation_failed',
          params: { funnel_id: funnelId, page_id: pageId, fields },
        });
      } else if (claimSubmitted.match(action)) {
        deps.analytics().track({
          name: 'claim_submitted',
          params: { funnel_id: action.payload.claim.funnelId },
        });
      }
    },
  });

  return middleware;
}

export const analyticsEventsMiddleware = createAnalyticsEventsMiddleware({
  analytics: browserAnalytics,
  rememberConsent: (choice) => consentStorage.write(window.localStorage, choice),
});
