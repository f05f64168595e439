/**
 * The claimant load's duplicate checks (scripts/bench/loadDuplicates.ts) count by what the
 * documents hold: fed a store with one duplicate planted, each check names it; fed a clean
 * store, none does.
 */
import { describe, expect, it } from 'vitest';
import {
  CLAIM_RECEIVED,
  duplicatesAmong,
  type StoredClaimFacts,
  type StoredMailFacts,
} from '../../../scripts/bench/loadDuplicates';

const FUNNEL = 'vehicle-claim';
const claimants = [
  { uid: 'u1', email: 'one@example.com' },
  { uid: 'u2', email: 'two@example.com' },
];
const claims: StoredClaimFacts[] = [
  { id: 'u1_vehicle-claim', userId: 'u1', funnelId: FUNNEL, reference: 'VC-000001' },
  { id: 'u2_vehicle-claim', userId: 'u2', funnelId: FUNNEL, reference: 'VC-000002' },
  // Another funnel's claim is not a second claim in this one.
  { id: 'u2_other', userId: 'u2', funnelId: 'other', reference: null },
];
const mail: StoredMailFacts[] = [
  {
    id: 'u1_vehicle-claim_received',
    to: 'one@example.com',
    event: CLAIM_RECEIVED,
    claimId: 'u1_vehicle-claim',
  },
  {
    id: 'u2_vehicle-claim_received',
    to: 'two@example.com',
    event: CLAIM_RECEIVED,
    claimId: 'u2_vehicle-claim',
  },
  { id: 'stage-1', to: 'two@example.com', event: 'stage-changed', claimId: 'u2_vehicle-claim' },
];

describe("the claimant load's duplicate checks", () => {
  it('find nothing in a store without duplicates, read twice over', () => {
    expect(duplicatesAmong(claimants, FUNNEL, [...claims, ...claims], [...mail, ...mail])).toEqual(
      [],
    );
  });

  it('find a second claim of one claimant in the funnel, under another id', () => {
    const planted = [
      ...claims,
      { id: 'u1_vehicle-claim_2', userId: 'u1', funnelId: FUNNEL, reference: 'VC-000003' },
    ];
    expect(duplicatesAmong(claimants, FUNNEL, planted, mail)).toEqual([
      'u1 has 2 claims in vehicle-claim: u1_vehicle-claim, u1_vehicle-claim_2',
    ]);
  });

  it('find a second "we have your claim" email for one claim, under another id', () => {
    const planted = [
      ...mail,
      {
        id: 'random-id',
        to: 'one@example.com',
        event: CLAIM_RECEIVED,
        claimId: 'u1_vehicle-claim',
      },
    ];
    expect(duplicatesAmong(claimants, FUNNEL, claims, planted)).toEqual([
      'u1: 2 "we have your claim" emails to one@example.com',
      'u1_vehicle-claim: 2 "we have your claim" emails',
    ]);
  });

  it('find a second "we have your claim" email to one address about no claim of theirs', () => {
    const planted = [
      ...mail,
      { id: 'x', to: 'two@example.com', event: CLAIM_RECEIVED, claimId: 'gone' },
    ];
    expect(duplicatesAmong(claimants, FUNNEL, claims, planted)).toEqual([
      'u2: 2 "we have your claim" emails to two@example.com',
    ]);
  });

  it('find one reference given to two claims', () => {
    const planted = claims.map((claim) =>
      claim.id === 'u2_vehicle-claim' ? { ...claim, reference: 'VC-000001' } : claim,
    );
    expect(duplicatesAmong(claimants, FUNNEL, planted, mail)).toEqual([
      'VC-000001 given to u1_vehicle-claim and u2_vehicle-claim',
    ]);
  });
});
