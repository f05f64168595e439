import { describe, expect, it } from 'vitest';
import { planMerge, profileFieldsToFill, type ClaimToMerge } from '../../../../src/runtime/claim';

const claim = (overrides: Partial<ClaimToMerge> & { claimId: string }): ClaimToMerge => ({
  funnelId: 'vehicle-claim',
  status: 'draft',
  createdAt: 1_000,
  ...overrides,
});

const ids = { accountUid: 'acct', anonymousUid: 'anon' };

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
    expect(plan.choices).toEqual([]);
  });

  it('keeps both drafts of one funnel, and names them for the claimant to choose', () => {
    const plan = planMerge({
      ...ids,
      accountClaims: [claim({ claimId: 'acct_vehicle-claim' })],
      anonymousClaims: [claim({ claimId: 'anon_vehicle-claim' })],
    });
    expect(plan.steps).toEqual([
      { kind: 'move', claimId: 'anon_vehicle-claim', toClaimId: 'acct_vehicle-claim_2' },
    ]);
    expect(plan.choices).toEqual([
      { funnelId: 'vehicle-claim', claimIds: ['acct_vehicle-claim', 'acct_vehicle-claim_2'] },
    ]);
  });

  it('offers no choice when the account’s claim in the funnel was sent', () => {
    const plan = planMerge({
      ...ids,
      accountClaims: [claim({ claimId: 'acct_vehicle-claim', status: 'submitted' })],
      anonymousClaims: [claim({ claimId: 'anon_vehicle-claim' })],
    });
    expect(plan.choices).toEqual([]);
    expect(plan.moved).toEqual(['vehicle-claim']);
  });

  it('plans nothing when the anonymous session holds no claim (a retry after success)', () => {
    expect(
      planMerge({
        ...ids,
        accountClaims: [claim({ claimId: 'acct_vehicle-claim' })],
        anonymousClaims: [],
      }),
    ).toEqual({ steps: [], moved: [], choices: [] });
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
