import { describe, expect, it } from 'vitest';
import { yourClaimLink } from '../../../../src/app/layout/useYourClaimLink';
import type { ClaimSummary } from '../../../../src/runtime/contract';

const UID = 'claimant-1';

function summary(overrides: Partial<ClaimSummary>): ClaimSummary {
  return {
    claimId: 'c-account',
    funnelId: 'flight-delay',
    title: 'Flight delay claim',
    status: 'draft',
    stage: null,
    reference: null,
    currentPageId: 'journey',
    subject: null,
    subjectLabel: null,
    updatedAt: '2026-11-20T10:00:00.000Z',
    answeredPageIds: [],
    current: true,
    startedBeforeSignIn: false,
    ...overrides,
  };
}

const at = (iso: string) => Date.parse(iso);

describe('yourClaimLink', () => {
  it('leads home without a session, or with no claim anywhere', () => {
    expect(yourClaimLink(undefined, null, undefined)).toBe('/');
    expect(yourClaimLink(UID, null, undefined)).toBe('/');
    expect(yourClaimLink(UID, null, [])).toBe('/');
  });

  it("on a new device, opens the account's latest claim: a draft where they stopped", () => {
    expect(yourClaimLink(UID, null, [summary({})])).toBe(`/form/flight-delay/journey/${UID}`);
  });

  it("opens a sent claim's page", () => {
    const sent = summary({ status: 'submitted', claimId: 'c-9', stage: 'received' });
    expect(yourClaimLink(UID, null, [sent])).toBe('/claims/flight-delay/c-9');
  });

  it('takes whichever was touched last: this browser, or the account on another device', () => {
    const local = {
      funnelId: 'lost-baggage',
      claimId: 'c-local',
      currentPageId: 'bag',
      sent: false,
      touchedAt: at('2026-11-21T09:00:00.000Z'),
    };
    const older = summary({ updatedAt: '2026-11-20T10:00:00.000Z' });
    const newer = summary({ updatedAt: '2026-11-22T10:00:00.000Z' });
    expect(yourClaimLink(UID, local, [older])).toBe(`/form/lost-baggage/bag/${UID}`);
    expect(yourClaimLink(UID, local, [newer])).toBe(`/form/flight-delay/journey/${UID}`);
    // A record kept before it had a time gives way to the account's claim.
    const { touchedAt: _untimed, ...untimed } = local;
    expect(yourClaimLink(UID, untimed, [older])).toBe(`/form/flight-delay/journey/${UID}`);
    expect(yourClaimLink(UID, untimed, undefined)).toBe(`/form/lost-baggage/bag/${UID}`);
  });

  it('leads home for a draft not yet past its first page', () => {
    expect(yourClaimLink(UID, null, [summary({ currentPageId: null })])).toBe('/');
  });
});
