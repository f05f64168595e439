import { describe, expect, it } from 'vitest';
import {
  chooseMergedClaim,
  planMerge,
  profileFieldsToFill,
  type ClaimToMerge,
} from '../../../../src/runtime/claim';

const claim = (overrides: Partial<ClaimToMerge> & { claimId: string }): ClaimToMerge => ({
  funnelId: 'vehicle-claim',
  status: 'draft',
  answeredPages: 1,
  updatedAt: 1_000,
  createdAt: 1_000,
  referral: null,
  ...overrides,
});

const ids = { accountUid: 'acct', anonymousUid: 'anon' };

describe('chooseMergedClaim', () => {
  it('never replaces a sent claim, then prefers more answers, then the newer draft', () => {
    const draft = { status: 'draft' as const, answeredPages: 2, updatedAt: 5 };
    expect(chooseMergedClaim({ ...draft, status: 'submitted' }, draft)).toBe('account');
    expect(chooseMergedClaim(draft, { ...draft, status: 'submitted' })).toBe('anonymous');
    expect(chooseMergedClaim(draft, { ...draft, answeredPages: 3 })).toBe('anonymous');
    expect(chooseMergedClaim({ ...draft, answeredPages: 3 }, draft)).toBe('account');
    expect(chooseMergedClaim(draft, { ...draft, updatedAt: 6 })).toBe('anonymous');
    expect(chooseMergedClaim(draft, draft)).toBe('account');
  });
});

describe('planMerge', () => {
  it('moves claims of funnels the account has no draft in, under the account’s next free ids', () => {
    const plan = planMerge({
      ...ids,
      accountClaims: [claim({ claimId: 'acct_vehicle-claim', status: 'submitted' })],
      anonymousClaims: [
        claim({ claimId: 'anon_vehicle-claim' }),
        claim({
          claimId: 'anon_diesel-emissions',
          funnelId: 'diesel-emissions',
          status: 'submitted',
        }),
      ],
    });
    expect(plan.steps).toEqual([
      { kind: 'move', claimId: 'anon_vehicle-claim', toClaimId: 'acct_vehicle-claim_2' },
      { kind: 'move', claimId: 'anon_diesel-emissions', toClaimId: 'acct_diesel-emissions' },
    ]);
    expect(plan.moved).toEqual(['vehicle-claim', 'diesel-emissions']);
    expect(plan.kept).toEqual([]);
  });

  it('keeps the account’s fuller draft, sets the anonymous one aside, and keeps its referral', () => {
    const referral = { firstTouch: { utmSource: 'radio' } };
    const plan = planMerge({
      ...ids,
      accountClaims: [claim({ claimId: 'acct_vehicle-claim', answeredPages: 3 })],
      anonymousClaims: [claim({ claimId: 'anon_vehicle-claim', referral })],
    });
    expect(plan.steps).toEqual([
      {
        kind: 'supersede',
        side: 'anonymous',
        claimId: 'anon_vehicle-claim',
        archiveId: 'anon_vehicle-claim',
        supersededBy: 'acct_vehicle-claim',
        keepOriginal: false,
      },
      { kind: 'set-referral', claimId: 'acct_vehicle-claim', referral },
    ]);
    expect(plan.kept).toEqual(['vehicle-claim']);
  });

  it('puts the anonymous fuller draft in the account draft’s place, keeping the old one aside', () => {
    const plan = planMerge({
      ...ids,
      accountClaims: [claim({ claimId: 'acct_vehicle-claim', referral: { a: 1 } })],
      anonymousClaims: [claim({ claimId: 'anon_vehicle-claim', answeredPages: 4 })],
    });
    expect(plan.steps).toEqual([
      {
        kind: 'supersede',
        side: 'account',
        claimId: 'acct_vehicle-claim',
        archiveId: 'acct_vehicle-claim_anon',
        supersededBy: 'acct_vehicle-claim',
        keepOriginal: true,
      },
      {
        kind: 'move',
        claimId: 'anon_vehicle-claim',
        toClaimId: 'acct_vehicle-claim',
        referral: { a: 1 },
      },
    ]);
    expect(plan.moved).toEqual(['vehicle-claim']);
  });

  it('plans nothing when the anonymous session holds no claim (a retry after success)', () => {
    expect(
      planMerge({
        ...ids,
        accountClaims: [claim({ claimId: 'acct_vehicle-claim' })],
        anonymousClaims: [],
      }),
    ).toEqual({ steps: [], moved: [], kept: [] });
  });
});

describe('profileFieldsToFill', () => {
  it('fills only the account’s blank profile fields', () => {
    expect(
      profileFieldsToFill(
        { firstName: 'Jane', lastName: 'Doe', email: 'anon@example.com', phoneNumber: '' },
        { firstName: '', email: 'jane@example.com' },
      ),
    ).toEqual({ firstName: 'Jane', lastName: 'Doe' });
  });
});
