/**
 * What a sent claim's page and emails say happens next: the funnel's promise while the claim
 * waits in its first stage, and nothing once it has moved on, is final or withdrawn.
 */
import { describe, expect, it } from 'vitest';
import { promisedNext, type ClaimStages } from '../../../src/runtime/lifecycle';

const stages: ClaimStages = {
  initial: 'received',
  withdrawn: 'withdrawn',
  stages: [
    {
      id: 'received',
      staffLabel: 'Received',
      claimantLabel: 'Received',
      claimantText: 'We will call you within 2 working days.',
      next: ['paid', 'declined'],
    },
    { id: 'paid', staffLabel: 'Paid', claimantLabel: 'Paid', claimantText: 'Paid.', next: [] },
    {
      id: 'declined',
      staffLabel: 'Declined',
      claimantLabel: 'Declined',
      claimantText: 'Declined.',
      next: [],
    },
    {
      id: 'withdrawn',
      staffLabel: 'Withdrawn',
      claimantLabel: 'Withdrawn',
      claimantText: 'You withdrew it.',
      next: [],
    },
  ],
};
const platform = () => 'We will check your claim and contact you within 10 working days.';

describe('promisedNext', () => {
  it('is the funnel’s own words while the claim is in its first stage, or not yet given one', () => {
    const written = { written: 'Your insurer calls you today.', stages, ownStages: true };
    expect(promisedNext({ ...written, fallback: platform }, 'received')).toBe(
      'Your insurer calls you today.',
    );
    expect(promisedNext({ ...written, fallback: platform }, undefined)).toBe(
      'Your insurer calls you today.',
    );
  });

  it('is the first stage’s text of a funnel with its own stages and no whatHappensNext', () => {
    expect(
      promisedNext({ written: undefined, stages, ownStages: true, fallback: platform }, undefined),
    ).toBe('We will call you within 2 working days.');
  });

  it('is the platform’s sentence only for a funnel that says nothing of its own', () => {
    expect(
      promisedNext(
        { written: undefined, stages, ownStages: false, fallback: platform },
        'received',
      ),
    ).toBe(platform());
  });

  it('promises nothing once the claim moved on, is final or withdrawn', () => {
    const promise = { written: 'Soon.', stages, ownStages: true, fallback: platform };
    expect(promisedNext(promise, 'paid')).toBeNull();
    expect(promisedNext(promise, 'declined')).toBeNull();
    expect(promisedNext(promise, 'withdrawn')).toBeNull();
  });

  it('promises nothing where the first stage is already final', () => {
    const final = { ...stages, initial: 'paid' };
    expect(
      promisedNext(
        { written: 'Soon.', stages: final, ownStages: true, fallback: platform },
        'paid',
      ),
    ).toBeNull();
  });
});
