import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { describe, expect, it, vi } from 'vitest';
import type { Analytics, AnalyticsEvent } from '../../../src/platform/firebaseApp/analytics';
import type { ConsentChoice } from '../../../src/platform/browserStorage/consentStorage';
import { createAnalyticsEventsMiddleware } from '../../../src/store/analyticsEvents';
import { stepValidationFailed, stepViewed } from '../../../src/store/funnelEvents';
import { claimSlice, claimSubmitted, pageSubmitted } from '../../../src/store/slices/claimSlice';
import {
  consentChosen,
  consentRestored,
  consentSlice,
} from '../../../src/store/slices/consentSlice';
import type { ClaimView } from '../../../src/runtime/contract';

/** The test's clock: consent and page views are timed by it. */
const clock = { now: 1_000 };

function setup() {
  const events: AnalyticsEvent[] = [];
  const consent: boolean[] = [];
  const remembered: ConsentChoice[] = [];
  const analytics: Analytics = {
    setConsent: (granted) => consent.push(granted),
    track: (event) => events.push(event),
  };
  const middleware = createAnalyticsEventsMiddleware({
    analytics: () => analytics,
    rememberConsent: (choice) => remembered.push(choice),
    now: () => clock.now,
  });
  const store = configureStore({
    reducer: combineSlices(claimSlice, consentSlice),
    middleware: (getDefault) => getDefault().prepend(middleware.middleware),
  });
  return { store, events, consent, remembered };
}

const submitted = (funnelId: string) =>
  pageSubmitted({ funnelId, ownerUid: 'u1', pageId: 'start', answers: {}, nextPageId: 'address' });

describe('analytics events', () => {
  it('records nothing before the visitor chooses, nor after they reject', () => {
    const { store, events } = setup();
    store.dispatch(stepViewed({ funnelId: 'f', pageId: 'start', step: 1, shownAt: clock.now }));
    store.dispatch(consentChosen({ analytics: false }));
    store.dispatch(stepViewed({ funnelId: 'f', pageId: 'address', step: 2, shownAt: clock.now }));
    store.dispatch(submitted('f'));
    expect(events).toEqual([]);
  });

  it('does not report a page shown before consent that finishes loading after it', () => {
    const { store, events } = setup();
    const shownAt = clock.now;
    clock.now += 500;
    store.dispatch(consentChosen({ analytics: true }));
    clock.now += 500;
    store.dispatch(stepViewed({ funnelId: 'f', pageId: 'start', step: 1, shownAt }));
    expect(events).toEqual([]);
    store.dispatch(stepViewed({ funnelId: 'f', pageId: 'address', step: 2, shownAt: clock.now }));
    expect(events.map((event) => event.params)).toEqual([
      { funnel_id: 'f', page_id: 'address', step: 2 },
    ]);
  });

  it('reports a page shown at once when consent was remembered from an earlier visit', () => {
    const { store, events } = setup();
    store.dispatch(consentRestored({ analytics: true }));
    store.dispatch(stepViewed({ funnelId: 'f', pageId: 'start', step: 1, shownAt: 0 }));
    expect(events).toHaveLength(1);
  });

  it('maps funnel actions to the four funnel events once consent is given', () => {
    const { store, events } = setup();
    store.dispatch(consentChosen({ analytics: true }));
    store.dispatch(stepViewed({ funnelId: 'f', pageId: 'start', step: 1, shownAt: clock.now }));
    store.dispatch(submitted('f'));
    store.dispatch(
      claimSubmitted({ claim: { funnelId: 'f', status: 'submitted' } as unknown as ClaimView }),
    );
    expect(events).toEqual([
      { name: 'step_viewed', params: { funnel_id: 'f', page_id: 'start', step: 1 } },
      { name: 'step_completed', params: { funnel_id: 'f', page_id: 'start' } },
      { name: 'claim_submitted', params: { funnel_id: 'f' } },
    ]);
  });

  it('reports field names only, never messages or typed values', () => {
    const { store, events } = setup();
    store.dispatch(consentChosen({ analytics: true }));
    const action = stepValidationFailed({
      funnelId: 'f',
      pageId: 'start',
      errors: [
        { field: 'email', pointer: '/email', message: 'Enter an email like jane@example' },
        { field: 'email', pointer: '/email', message: 'second error on email' },
        { field: 'address.postcode', pointer: '/address/postcode', message: 'SW1A 2AA?' },
        { field: '', pointer: '', message: 'Answer at least one' },
      ] as never,
    });
    store.dispatch(action);
    expect(action.payload).toEqual({
      funnelId: 'f',
      pageId: 'start',
      fields: ['email', 'address.postcode', '(page)'],
    });
    expect(events).toEqual([
      {
        name: 'validation_failed',
        params: {
          funnel_id: 'f',
          page_id: 'start',
          fields: ['email', 'address.postcode', '(page)'],
        },
      },
    ]);
    expect(JSON.stringify(events)).not.toMatch(/jane|SW1A|Enter/);
  });

  it('counts a page shown twice in a row once', () => {
    const { store, events } = setup();
    store.dispatch(consentChosen({ analytics: true }));
    store.dispatch(stepViewed({ funnelId: 'f', pageId: 'start', step: 1, shownAt: clock.now }));
    store.dispatch(stepViewed({ funnelId: 'f', pageId: 'start', step: 1, shownAt: clock.now }));
    store.dispatch(stepViewed({ funnelId: 'f', pageId: 'address', step: 2, shownAt: clock.now }));
    store.dispatch(stepViewed({ funnelId: 'f', pageId: 'start', step: 1, shownAt: clock.now }));
    expect(events.map((event) => event.params)).toEqual([
      { funnel_id: 'f', page_id: 'start', step: 1 },
      { funnel_id: 'f', page_id: 'address', step: 2 },
      { funnel_id: 'f', page_id: 'start', step: 1 },
    ]);
  });

  it('stops recording when consent is withdrawn and tells the analytics module', () => {
    const { store, events, consent } = setup();
    store.dispatch(consentChosen({ analytics: true }));
    store.dispatch(submitted('f'));
    store.dispatch(consentChosen({ analytics: false }));
    store.dispatch(submitted('g'));
    expect(events).toHaveLength(1);
    expect(consent).toEqual([true, false]);
  });

  it('remembers a choice the visitor makes, not one restored from storage', () => {
    const { store, consent, remembered } = setup();
    store.dispatch(consentRestored({ analytics: true }));
    store.dispatch(consentChosen({ analytics: false }));
    expect(remembered).toEqual([{ analytics: false }]);
    expect(consent).toEqual([true, false]);
  });

  it('keeps analytics off when no choice was remembered', () => {
    const { store, consent } = setup();
    store.dispatch(consentRestored(null));
    expect(store.getState().consent.analytics).toBe('unset');
    expect(consent).toEqual([false]);
  });
});

it('uses the analytics module lazily', () => {
  const analytics = vi.fn();
  createAnalyticsEventsMiddleware({ analytics, rememberConsent: vi.fn() });
  expect(analytics).not.toHaveBeenCalled();
});
