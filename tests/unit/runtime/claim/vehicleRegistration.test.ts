import { describe, expect, it } from 'vitest';
import type { ClaimSummary } from '../../../../src/runtime/contract';
import { claimsForSubject, normaliseRegistration } from '../../../../src/runtime/claim';

const claim = (claimId: string, subject: string | null): ClaimSummary => ({
  claimId,
  funnelId: 'vehicle-claim',
  title: 'Make a vehicle finance claim',
  status: 'submitted',
  stage: 'sent',
  reference: 'VC-AAAA-BBBB',
  currentPageId: 'sign',
  subject,
  subjectLabel: 'Registration',
  updatedAt: '2026-11-01T00:00:00.000Z',
  answeredPageIds: ['start', 'address', 'check', 'sign'],
  current: true,
  startedBeforeSignIn: false,
});

describe('vehicle registrations', () => {
  it('normalises what people type', () => {
    expect(normaliseRegistration(' ab12  cde ')).toBe('AB12CDE');
  });

  it('finds the other claims for the subject typed, however it is typed', () => {
    const others = [claim('a', 'AB12CDE'), claim('b', 'P123ABC'), claim('c', null)];
    expect(claimsForSubject(others, 'ab12 cde').map((c) => c.claimId)).toEqual(['a']);
    expect(claimsForSubject(others, 'Y999 ZZZ')).toEqual([]);
    expect(claimsForSubject(others, '  ')).toEqual([]);
  });
});
