import { describe, expect, it, vi } from 'vitest';
import {
  analyticsModeOf,
  createAnalytics,
  toGoogleParams,
  type AnalyticsDeps,
  type AnalyticsEvent,
  type GoogleAnalyticsClient,
} from '../../../src/platform/firebaseApp/analytics';
import { readFirebaseConfig } from '../../../src/platform/firebaseApp/firebaseConfig';

const viewed: AnalyticsEvent = {
  name: 'step_viewed',
  params: { funnel_id: 'vehicle-claim', page_id: 'start', step: 1 },
};
const completed: AnalyticsEvent = {
  name: 'step_completed',
  params: { funnel_id: 'vehicle-claim', page_id: 'start' },
};

function fakeGoogle() {
  const client: GoogleAnalyticsClient & { logged: AnalyticsEvent[]; enabled: boolean[] } = {
    logged: [],
    enabled: [],
    log: (event) => client.logged.push(event),
    setCollectionEnabled: (enabled) => client.enabled.push(enabled),
  };
  return client;
}

function setup(mode: AnalyticsDeps['mode'], load?: () => Promise<GoogleAnalyticsClient | null>) {
  const google = fakeGoogle();
  const deps = {
    mode,
    loadGoogleAnalytics: vi.fn(load ?? (() => Promise.resolve(google))),
    clearAnalyticsCookies: vi.fn(),
    debugEvents: [] as AnalyticsEvent[],
    debugLog: vi.fn(),
  } satisfies AnalyticsDeps;
  return { deps, google, analytics: createAnalytics(deps) };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('analyticsModeOf', () => {
  it('uses the debug sink under the emulator flag, whatever else is set', () => {
    const config = readFirebaseConfig({
      VITE_USE_EMULATORS: '1',
      VITE_FIREBASE_MEASUREMENT_ID: 'G-REAL',
    });
    expect(analyticsModeOf(config)).toBe('debug');
  });

  it('uses Google Analytics only with a production config that has a measurement id', () => {
    const base = {
      VITE_FIREBASE_API_KEY: 'key',
      VITE_FIREBASE_APP_ID: 'app',
      VITE_FIREBASE_PROJECT_ID: 'vehicle-claims-development',
    };
    expect(analyticsModeOf(readFirebaseConfig(base))).toBe('off');
    expect(
      analyticsModeOf(readFirebaseConfig({ ...base, VITE_FIREBASE_MEASUREMENT_ID: 'G-ABC' })),
    ).toBe('google');
    expect(analyticsModeOf(null)).toBe('off');
  });
});

describe('createAnalytics, debug sink (emulator flag)', () => {
  it('records nothing before consent', () => {
    const { analytics, deps } = setup('debug');
    analytics.track(viewed);
    expect(deps.debugEvents).toEqual([]);
    expect(deps.debugLog).not.toHaveBeenCalled();
  });

  it('records into the in-memory list and console.debug after consent, loading no SDK', () => {
    const { analytics, deps } = setup('debug');
    analytics.setConsent(true);
    analytics.track(viewed);
    expect(deps.debugEvents).toEqual([viewed]);
    expect(deps.debugLog).toHaveBeenCalledWith('[analytics]', 'step_viewed', viewed.params);
    expect(deps.loadGoogleAnalytics).not.toHaveBeenCalled();
  });

  it('stops recording when consent is withdrawn', () => {
    const { analytics, deps } = setup('debug');
    analytics.setConsent(true);
    analytics.track(viewed);
    analytics.setConsent(false);
    analytics.track(completed);
    expect(deps.debugEvents).toEqual([viewed]);
  });
});

describe('createAnalytics, Google Analytics (production config)', () => {
  it('loads the SDK only once consent is given', async () => {
    const { analytics, deps, google } = setup('google');
    analytics.track(viewed);
    await flush();
    expect(deps.loadGoogleAnalytics).not.toHaveBeenCalled();

    analytics.setConsent(true);
    analytics.track(viewed);
    await flush();
    analytics.track(completed);

    expect(deps.loadGoogleAnalytics).toHaveBeenCalledTimes(1);
    expect(google.logged).toEqual([viewed, completed]);
    expect(deps.debugEvents).toEqual([]);
  });

  it('drops events kept while loading when consent is withdrawn before the SDK arrives', async () => {
    const { analytics, google } = setup('google');
    analytics.setConsent(true);
    analytics.track(viewed);
    analytics.setConsent(false);
    await flush();
    expect(google.logged).toEqual([]);
    expect(google.enabled).toEqual([false]);
  });

  it('disables collection and clears analytics cookies on withdrawal, re-enables on consent', async () => {
    const { analytics, deps, google } = setup('google');
    analytics.setConsent(true);
    await flush();
    analytics.setConsent(false);
    analytics.track(completed);
    analytics.setConsent(true);
    analytics.track(viewed);

    expect(google.enabled).toEqual([false, true]);
    expect(deps.clearAnalyticsCookies).toHaveBeenCalledTimes(1);
    expect(google.logged).toEqual([viewed]);
    expect(deps.loadGoogleAnalytics).toHaveBeenCalledTimes(1);
  });

  it('records nothing when the browser cannot run the SDK', async () => {
    const { analytics } = setup('google', () => Promise.resolve(null));
    analytics.setConsent(true);
    analytics.track(viewed);
    await flush();
    expect(() => analytics.track(completed)).not.toThrow();
  });

  it('tries again on the next consent after the SDK failed to load', async () => {
    const google = fakeGoogle();
    const load = vi
      .fn<() => Promise<GoogleAnalyticsClient | null>>()
      .mockRejectedValueOnce(new Error('blocked'))
      .mockResolvedValue(google);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { analytics } = setup('google', load);
    analytics.setConsent(true);
    await flush();
    analytics.setConsent(true);
    analytics.track(viewed);
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
    expect(google.logged).toEqual([viewed]);
    error.mockRestore();
  });
});

describe('toGoogleParams', () => {
  it('joins field lists and leaves out missing step numbers', () => {
    expect(
      toGoogleParams({ funnel_id: 'f', page_id: 'p', fields: ['email', 'address.postcode'] }),
    ).toEqual({ funnel_id: 'f', page_id: 'p', fields: 'email,address.postcode' });
    expect(toGoogleParams({ funnel_id: 'f', page_id: 'p', step: null })).toEqual({
      funnel_id: 'f',
      page_id: 'p',
    });
  });
});
