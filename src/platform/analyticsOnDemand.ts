import type { Analytics } from './firebaseApp/analytics';

/**
 * The app's analytics with its code loaded after the first page is drawn (loadAnalytics, from
 * src/main.tsx), not with the page: the consent and events given before then wait, in order,
 * and are passed on once it has loaded. Nothing is recorded without consent either way
 * (analytics.ts decides).
 */
let loaded: Analytics | undefined;
let waiting: Array<(analytics: Analytics) => void> = [];

function whenLoaded(call: (analytics: Analytics) => void): void {
  if (loaded) call(loaded);
  else waiting.push(call);
}

const onDemand: Analytics = {
  setConsent: (granted) => whenLoaded((analytics) => analytics.setConsent(granted)),
  track: (event) => whenLoaded((analytics) => analytics.track(event)),
};

/** The app's analytics: usable at once, recording once loadAnalytics has run. */
export const analytics = (): Analytics => onDemand;

/** Loads the analytics code and passes on what waited for it. */
export async function loadAnalytics(): Promise<void> {
  if (loaded) return;
  const { analytics: created } = await import('./firebaseApp/analytics');
  loaded = created();
  for (const call of waiting) call(loaded);
  waiting = [];
}
