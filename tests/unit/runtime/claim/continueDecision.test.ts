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
    subjectField: '/check/registrationNumber',
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
  subject: 'AB12CDE',
  subjectLabel: 'Registration',
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

  it('checks only the page holding the subject role, whatever its field is called', () => {
    const answers = { ...complete, check: { ...complete.check, registrationNumber: 'AB12CDE' } };
    // No subject role: nothing is compared, even with a field called registrationNumber.
    expect(decide('check', answers, { otherClaims: [sentClaim], subjectField: undefined })).toEqual(
      { kind: 'go', pageId: 'sign' },
    );
    // A flight funnel's subject on another page and field name.
    const flight = { ...sentClaim, subject: 'BA123', subjectLabel: 'Flight' };
    const start = { ...complete.start, flightCode: 'ba 123' };
    expect(
      decide(
        'start',
        { ...complete, start },
        {
          otherClaims: [flight],
          subjectField: '/start/flightCode',
        },
      ),
    ).toEqual({
      kind: 'duplicate',
      registration: 'ba 123',
      claims: [flight],
      nextPageId: 'address',
    });
  });
});
