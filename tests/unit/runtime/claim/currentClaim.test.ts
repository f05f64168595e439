import { describe, expect, it } from 'vitest';
import { currentClaimOf, nextClaimId, type ClaimInFunnel } from '../../../../src/runtime/claim';

const claim = (
  claimId: string,
  status: ClaimInFunnel['status'],
  createdAt: number,
  funnelId = 'f',
): ClaimInFunnel => ({ claimId, funnelId, status, createdAt });

describe('currentClaimOf', () => {
  it('is null when the claimant has no claim in the funnel', () => {
    expect(currentClaimOf([claim('a', 'draft', 1, 'other')], 'f')).toBeNull();
  });

  it('is the draft, even when a sent claim is newer', () => {
    const draft = claim('a', 'draft', 1);
    expect(currentClaimOf([draft, claim('b', 'submitted', 2)], 'f')).toBe(draft);
  });

  it('is the claim started last when every claim is sent', () => {
    const latest = claim('b', 'submitted', 2);
    expect(currentClaimOf([claim('a', 'submitted', 1), latest], 'f')).toBe(latest);
  });
});

describe('nextClaimId', () => {
  it('keeps {uid}_{funnelId} for the first claim, then numbers from 2', () => {
    expect(nextClaimId('u', 'f', new Set())).toBe('u_f');
    expect(nextClaimId('u', 'f', new Set(['u_f']))).toBe('u_f_2');
    expect(nextClaimId('u', 'f', new Set(['u_f', 'u_f_2']))).toBe('u_f_3');
  });
});
