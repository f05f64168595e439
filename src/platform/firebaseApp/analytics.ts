import { readFirebaseConfig, type FirebaseWebConfig } from './firebaseConfig';
import { browserEnv } from '../../browserEnv';

/**
 * The funnel events the product records. `validation_failed` carries field names
 * only, never what the claimant typed.
 */
export type AnalyticsEvent =
  | { name: 'step_viewed'; params: { funnel_id: string; page_id: string; step: number | null } }
  | { name: 'step_completed'; params: { funnel_id: string; page_id: string } }
  | {
      name: 'validation_failed';
      params: { funnel_id: string; page_id: string; fields: string[] };
    }
  | { name: 'claim_submitted'; params: { funnel_id: string } };

export interface Analytics {
  /** Grants or withdraws analytics consent; nothing is recorded or loaded without it. */
  setConsent(granted: boolean): void;
  /** Records an event when consent is granted; otherwise drops it. */
  track(event: AnalyticsEvent): void;
}

/**
 * Where events go: `debug` (emulator flag: an in-memory list and console.debug, nothing
 * leaves the machine), `google` (a production config with a measurement id: Google
 * Analytics through firebase/analytics), or `off` (no measurement id: nowhere).
 */
export type AnalyticsMode = 'debug' | 'google' | 'off';

export function analyticsModeOf(config: FirebaseWebConfig | null): AnalyticsMode {
  if (!config) return 'off';
  if (config.useEmulators) return 'debug';
  return config.options.measurementId ? 'google' : 'off';
}

/** What the Google Analytics adapter offers once loaded. */
export interface GoogleAnalyticsClient {
  log(event: AnalyticsEvent): void;
  setCollectionEnabled(enabled: boolean): void;
}

export interface AnalyticsDeps {
  mode: AnalyticsMode;
  /** Loads the SDK; called only after consent. Null when the browser cannot run it. */
  loadGoogleAnalytics: () => Promise<GoogleAnalyticsClient | null>;
  /** Removes analytics cookies already set, when consent is withdrawn. */
  clearAnalyticsCookies: () => void;
  /** The debug sink: events recorded under the emulator flag. */
  debugEvents: AnalyticsEvent[];
  debugLog: (...data: unknown[]) => void;
}

// Events logged while the SDK is still loading are kept this far, then dropped.
const MAX_PENDING_EVENTS = 50;

export function createAnalytics(deps: AnalyticsDeps): Analytics {
  let consent = false;
  let google: GoogleAnalyticsClient | null = null;
  let loading: Promise<void> | null = null;
  let pending: AnalyticsEvent[] = [];

  function loadGoogle(): void {
    loading ??= deps.loadGoogleAnalytics().then(
      (client) => {
        google = client;
        if (client && consent) {
          for (const event of pending) client.log(event);
        } else {
          // Consent was withdrawn while the SDK loaded.
          client?.setCollectionEnabled(false);
        }
        pending = [];
      },
      (error: unknown) => {
        console.error('Analytics could not be loaded', error);
        pending = [];
        loading = null;
      },
    );
  }

  return {
    setConsent(granted) {
      consent = granted;
      if (deps.mode !== 'google') return;
      if (granted) {
        if (google) google.setCollectionEnabled(true);
        else loadGoogle();
        return;
      }
      pending = [];
      google?.setCollectionEnabled(false);
      deps.clearAnalyticsCookies();
    },
    track(event) {
      if (!consent) return;
      if (deps.mode === 'debug') {
        deps.debugEvents.push(event);
        deps.debugLog('[analytics]', event.name, event.params);
      } else if (deps.mode === 'google') {
        if (google) google.log(event);
        else if (pending.length < MAX_PENDING_EVENTS) pending.push(event);
      }
    },
  };
}

/** GA4 parameter values are strings or numbers: lists become comma-separated (100 chars max). */
export function toGoogleParams(params: AnalyticsEvent['params']): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    out[key] = Array.isArray(value) ? value.join(',').slice(0, 100) : value;
  }
  return out;
}

const DENIED_FOR_ADS = {
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
} as const;

/** Google Analytics through firebase/analytics, imported only now so nothing loads before. */
async function loadFirebaseAnalytics(): Promise<GoogleAnalyticsClient | null> {
  const [sdk, { firebaseServices }] = await Promise.all([
    import('firebase/analytics'),
    import('./firebaseApp'),
  ]);
  if (!(await sdk.isSupported())) return null;
  // Consent mode before the first hit: analytics storage only, nothing for advertising.
  sdk.setConsent({ analytics_storage: 'granted', ...DENIED_FOR_ADS });
  const instance = sdk.getAnalytics(firebaseServices().app);
  sdk.setAnalyticsCollectionEnabled(instance, true);
  return {
    log: (event) => sdk.logEvent(instance, event.name, toGoogleParams(event.params)),
    setCollectionEnabled: (enabled) => {
      sdk.setConsent({ analytics_storage: enabled ? 'granted' : 'denied', ...DENIED_FOR_ADS });
      sdk.setAnalyticsCollectionEnabled(instance, enabled);
    },
  };
}

/** Expires Google Analytics cookies (`_ga`, `_ga_<id>`, `_gid`) on this host and its parents. */
function clearGoogleAnalyticsCookies(): void {
  const names = document.cookie
    .split(';')
    .map((cookie) => cookie.split('=')[0]?.trim() ?? '')
    .filter((name) => name === '_gid' || name.startsWith('_ga'));
  const labels = window.location.hostname.split('.');
  const domains = labels.map((_, index) => labels.slice(index).join('.'));
  for (const name of names) {
    const expired = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    document.cookie = expired;
    for (const domain of domains) document.cookie = `${expired}; domain=${domain}`;
  }
}

declare global {
  interface Window {
    /**
     * The analytics debug sink: with the emulator flag (`VITE_USE_EMULATORS=1`), every event
     * recorded after consent is appended here (and logged with console.debug) instead of
     * being sent anywhere. Tests read it; absent in production builds without the flag.
     */
    __analyticsDebugEvents?: AnalyticsEvent[];
  }
}

function readConfigOrNull(): FirebaseWebConfig | null {
  try {
    return readFirebaseConfig(browserEnv.firebaseSettings);
  } catch {
    return null;
  }
}

let browserAnalytics: Analytics | undefined;

/** The app's analytics, created on first use from the build's Firebase config. */
export function analytics(): Analytics {
  if (browserAnalytics) return browserAnalytics;
  const mode = analyticsModeOf(readConfigOrNull());
  const debugEvents: AnalyticsEvent[] = [];
  if (mode === 'debug') window.__analyticsDebugEvents = debugEvents;
  browserAnalytics = createAnalytics({
    mode,
    loadGoogleAnalytics: loadFirebaseAnalytics,
    clearAnalyticsCookies: clearGoogleAnalyticsCookies,
    debugEvents,
    debugLog: (...data) => console.debug(...data),
  });
  return browserAnalytics;
}
