import { describe, expect, it } from 'vitest';
import {
  planRetention,
  type ClaimForRetention,
  type UserForRetention,
} from '../../../../src/runtime/claim';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 23, 3, 0, 0);
const policy = { untouchedDraftDays: 90, sentClaimYears: 6 };

function claim(overrides: Partial<ClaimForRetention> & { claimId: string }): ClaimForRetention {
  return {
    userId: 'u1',
    status: 'draft',
    updatedAt: NOW,
    submittedAt: null,
    anonymised: false,
    ...overrides,
  };
}

function user(overrides: Partial<UserForRetention> & { uid: string }): UserForRetention {
  return { anonymous: true, lastActiveAt: NOW, ...overrides };
}

describe('planRetention', () => {
  it('deletes drafts untouched for longer than the period, and no others', () => {
    const plan = planRetention({
      claims: [
        claim({ claimId: 'stale', updatedAt: NOW - 91 * DAY }),
        claim({ claimId: 'edge', updatedAt: NOW - 90 * DAY }),
        claim({ claimId: 'fresh', updatedAt: NOW - DAY }),
        claim({
          claimId: 'sent-long-ago',
          status: 'submitted',
          updatedAt: NOW - 400 * DAY,
          submittedAt: NOW - 400 * DAY,
        }),
      ],
      users: [],
      now: NOW,
      policy,
    });
    expect(plan.deleteDrafts).toEqual(['stale']);
  });

  it('anonymises sent claims after the retention years, once', () => {
    const sixYearsAgo = Date.UTC(2020, 10, 23, 3, 0, 0);
    const plan = planRetention({
      claims: [
        claim({ claimId: 'old', status: 'submitted', submittedAt: sixYearsAgo - 1 }),
        claim({ claimId: 'not-yet', status: 'submitted', submittedAt: sixYearsAgo + DAY }),
        claim({
          claimId: 'done',
          status: 'submitted',
          submittedAt: sixYearsAgo - DAY,
          anonymised: true,
        }),
        claim({ claimId: 'detached', userId: null, status: 'submitted', submittedAt: 0 }),
      ],
      users: [],
      now: NOW,
      policy,
    });
    expect(plan.anonymiseClaims).toEqual(['old', 'detached']);
  });

  it('deletes stale anonymous sessions that keep nothing but stale drafts', () => {
    const plan = planRetention({
      claims: [
        claim({ claimId: 'a-draft', userId: 'stale-with-stale-draft', updatedAt: 0 }),
        claim({ claimId: 'b-draft', userId: 'stale-with-fresh-draft', updatedAt: NOW }),
        claim({
          claimId: 'c-sent',
          userId: 'stale-with-sent-claim',
          status: 'submitted',
          updatedAt: 0,
          submittedAt: NOW - 100 * DAY,
        }),
      ],
      users: [
        user({ uid: 'stale-with-stale-draft', lastActiveAt: 0 }),
        user({ uid: 'stale-with-fresh-draft', lastActiveAt: 0 }),
        user({ uid: 'stale-with-sent-claim', lastActiveAt: 0 }),
        user({ uid: 'stale-empty', lastActiveAt: NOW - 91 * DAY }),
        user({ uid: 'active', lastActiveAt: NOW - DAY }),
        user({ uid: 'registered', anonymous: false, lastActiveAt: 0 }),
      ],
      now: NOW,
      policy,
    });
    expect(plan.deleteUsers).toEqual(['stale-with-stale-draft', 'stale-empty']);
    expect(plan.deleteDrafts).toEqual(['a-draft']);
  });
});
