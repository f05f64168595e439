import { describe, expect, it } from 'vitest';
import examples from '../../../../funnels/examples/vehicle-claim.json';
import { decideContinue } from '../../../../src/runtime/claim';
import type { ClaimSummary } from '../../../../src/runtime/contract';
import type { Answers } from '../../../../src/runtime/funnel';
import { projectRegistry } from '../projectFiles';

const navigator = projectRegistry().navigator('vehicle-claim')!;
const complete = examples[0]!.answers as unknown as Record<string, Record<string, unknown>>;

function decide(
  pageId: string,
  answers: Answers,
  options: Partial<Parameters<typeof decideContinue>[0]> = {},
) {
  return decideContinue({
    navigator,
    pageId,
    answers,
    pageAnswers: answers[pageId] ?? {},
    otherClaims: [],
    changingFromReview: false,
    ...options,
  });
}

const sentClaim: ClaimSummary = {
  claimId: 'u_vehicle-claim',
  funnelId: 'vehicle-claim',
  title: 'Make a vehicle claim',
  status: 'submitted',
  stage: 'sent',
  reference: 'VC-AB12-CD34',
  currentPageId: 'sign',
  vehicleRegistration: 'AB12CDE',
  updatedAt: '2026-11-01T10:00:00.000Z',
  answeredPageIds: ['start', 'address', 'check', 'sign'],
  current: true,
  startedBeforeSignIn: false,
};

describe('decideContinue', () => {
  it('goes to the next page on the path', () => {
    expect(decide('start', { start: complete.start })).toEqual({ kind: 'go', pageId: 'address' });
  });

  it('follows a branch: no finance leads to the exit page', () => {
    const answers = { ...complete, check: { ...complete.check, financeType: 'none' } };
    expect(decide('check', answers)).toEqual({ kind: 'go', pageId: 'not-eligible' });
  });

  it('returns from a change straight to check-your-answers when every page is still answered', () => {
    const answers = { ...complete, start: { ...complete.start, firstName: 'Samuel' } };
    expect(decide('start', answers, { changingFromReview: true })).toEqual({
      kind: 'go',
      pageId: 'sign',
    });
    // Without coming from the review, Continue walks on as usual.
    expect(decide('start', answers)).toEqual({ kind: 'go', pageId: 'address' });
  });

  it('after a change, first asks the page the new path needs answers for', () => {
    const { check: _dropped, ...withoutVehicle } = complete;
    expect(decide('address', withoutVehicle, { changingFromReview: true })).toEqual({
      kind: 'go',
      pageId: 'check',
    });
  });

  it('shows the claimant’s other claim for the same vehicle first, however it was typed', () => {
    const answers = { ...complete, check: { ...complete.check, registrationNumber: 'ab12 cde' } };
    expect(decide('check', answers, { otherClaims: [sentClaim] })).toEqual({
      kind: 'duplicate',
      registration: 'ab12 cde',
      claims: [sentClaim],
      nextPageId: 'sign',
    });
  });
});
