import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import vehicleClaim from '../../../funnels/vehicle-claim.json';
import examples from '../../../funnels/examples/vehicle-claim.json';
import type { ClaimView, ReferralData } from '../../../src/runtime/contract';
import {
  callFunction,
  countDocuments,
  readDocument,
  resultOf,
  signUpAnonymous,
  type TestUser,
} from '../support/emulators';
import { expectGatewayError, expectInvalidArgument } from '../support/gatewayAssertions';

const FUNNEL_ID = 'vehicle-claim';
const REFERENCE = /^VC-[A-Z0-9]{4}-[A-Z0-9]{4}$/;

/** Example 1 (PCP, same address for 3+ years) and example 2 (moved, has a previous address). */
const pcp = examples[0]!.answers;
const moved = examples[1]!.answers;
const pagesOnPath = ['start', 'address', 'check', 'sign'] as const;

/** A claimant's first claim in a funnel is `{uid}_{funnelId}` (later ones add `_2`, `_3`…). */
function claimIdOf(user: TestUser) {
  return `${user.uid}_${FUNNEL_ID}`;
}

interface SaveOptions {
  funnelId?: string;
  nextPageId?: string;
  referral?: ReferralData;
  locale?: string;
}

function saveAnswers(user: TestUser, pageId: string, answers: unknown, options: SaveOptions = {}) {
  const { funnelId = FUNNEL_ID, ...rest } = options;
  return callFunction<{ claimId: string; updatedAt: string }>(user, 'saveAnswers', {
    funnelId,
    pageId,
    answers,
    ...rest,
  });
}

function getClaim(user: TestUser, funnelId = FUNNEL_ID) {
  return callFunction<{ claim: ClaimView | null }>(user, 'getClaim', { funnelId });
}

function submitClaim(user: TestUser, funnelId = FUNNEL_ID) {
  return callFunction<{ claim: ClaimView }>(user, 'submitClaim', { funnelId });
}

async function storedClaim(user: TestUser) {
  return readDocument('claims', claimIdOf(user));
}

/** A fresh user with every page on the PCP example's path answered. */
async function userWithCompleteClaim(): Promise<TestUser> {
  const user = await signUpAnonymous();
  for (const pageId of pagesOnPath) await resultOf(saveAnswers(user, pageId, pcp[pageId]));
  return user;
}

describe('saveAnswers', () => {
  it('creates the draft claim on the first valid save', async () => {
    const user = await signUpAnonymous();
    const saved = await resultOf(saveAnswers(user, 'start', pcp.start, { nextPageId: 'address' }));
    const stored = await storedClaim(user);
    // The reply acknowledges the save (claim, stamp, and the page as now held) without
    // reading the claim back.
    expect(saved).toEqual({
      claimId: claimIdOf(user),
      updatedAt: (stored?.updatedAt as Timestamp).toDate().toISOString(),
      answers: pcp.start,
    });
    expect(stored).toMatchObject({
      userId: user.uid,
      funnelId: FUNNEL_ID,
      funnelVersion: vehicleClaim.version,
      status: 'draft',
      answers: { start: pcp.start },
      currentPageId: 'address',
      reference: null,
      referral: null,
    });
    expect(await countDocuments('claims', 'userId', user.uid)).toBe(1);
  });

  it("keeps the claim's subject (its funnel's subject role), normalised, beside the answers", async () => {
    const user = await signUpAnonymous();
    await resultOf(saveAnswers(user, 'start', pcp.start));
    expect((await storedClaim(user))?.subject).toBeUndefined();
    await resultOf(saveAnswers(user, 'check', { ...pcp.check, registrationNumber: 'ab12 cde' }));
    expect(await storedClaim(user)).toMatchObject({
      subject: 'AB12CDE',
      answers: { check: { registrationNumber: 'AB12 CDE' } },
    });
  });

  it('stores postcodes and registrations one way, however they were typed', async () => {
    const user = await signUpAnonymous();
    await resultOf(saveAnswers(user, 'start', pcp.start));
    await resultOf(saveAnswers(user, 'address', { ...pcp.address, postcode: ' sw1a2aa ' }));
    await resultOf(saveAnswers(user, 'check', { ...pcp.check, registrationNumber: 'ab12 cde' }));
    const stored = await storedClaim(user);
    expect(stored?.answers.address.postcode).toBe('SW1A 2AA');
    expect(stored?.answers.check.registrationNumber).toBe('AB12 CDE');
    expect(stored?.answers.start).toEqual(pcp.start);
  });

  it('records the page itself as current when no nextPageId is sent', async () => {
    const user = await signUpAnonymous();
    await resultOf(saveAnswers(user, 'start', pcp.start));
    expect((await storedClaim(user))?.currentPageId).toBe('start');
  });

  it('refuses an invalid page, naming data.answers.email, and writes nothing', async () => {
    const user = await signUpAnonymous();
    const error = expectInvalidArgument(
      await saveAnswers(user, 'start', { ...pcp.start, email: 'not-an-email' }),
      'data.answers.email',
    );
    expect(error.message).not.toContain('data.answers.firstName');
    expect(await countDocuments('claims', 'userId', user.uid)).toBe(0);
    expect(await storedClaim(user)).toBeUndefined();
  });

  it('names every missing required answer of a page', async () => {
    const user = await signUpAnonymous();
    expectInvalidArgument(
      await saveAnswers(user, 'start', {}),
      'data.answers.firstName',
      'data.answers.lastName',
      'data.answers.email',
      'data.answers.phoneNumber',
    );
    expect(await countDocuments('claims', 'userId', user.uid)).toBe(0);
  });

  it('refuses an invalid page on an existing claim and keeps the stored answers', async () => {
    const user = await signUpAnonymous();
    await resultOf(saveAnswers(user, 'start', pcp.start));
    const before = await storedClaim(user);
    expectInvalidArgument(
      await saveAnswers(user, 'address', { ...pcp.address, postcode: 'NOT A POSTCODE' }),
      'data.answers.postcode',
    );
    expect(await storedClaim(user)).toEqual(before);
  });

  it('refuses an unknown funnel, naming data.funnelId, and writes nothing', async () => {
    const user = await signUpAnonymous();
    expectInvalidArgument(
      await saveAnswers(user, 'start', pcp.start, { funnelId: 'no-such-funnel' }),
      'data.funnelId',
    );
    expect(await countDocuments('claims', 'userId', user.uid)).toBe(0);
  });

  it('refuses an unknown page, naming data.pageId, and writes nothing', async () => {
    const user = await signUpAnonymous();
    expectInvalidArgument(await saveAnswers(user, 'no-such-page', pcp.start), 'data.pageId');
    expect(await countDocuments('claims', 'userId', user.uid)).toBe(0);
  });

  it('refuses an unknown nextPageId, naming data.nextPageId, and writes nothing', async () => {
    const user = await signUpAnonymous();
    expectInvalidArgument(
      await saveAnswers(user, 'start', pcp.start, { nextPageId: 'no-such-page' }),
      'data.nextPageId',
    );
    expect(await countDocuments('claims', 'userId', user.uid)).toBe(0);
  });

  it('replaces only the saved page’s answers on a second save', async () => {
    const user = await signUpAnonymous();
    await resultOf(saveAnswers(user, 'start', pcp.start));
    await resultOf(saveAnswers(user, 'address', moved.address));
    // Stored as typed, but for the postcode, which is stored one way (upper case, one space).
    expect((await storedClaim(user))?.answers.address).toEqual({
      ...moved.address,
      postcode: moved.address.postcode.toUpperCase(),
    });

    // Back to the address page: now at the address 3+ years, so no line 2 and no previous one.
    await resultOf(saveAnswers(user, 'address', pcp.address));
    const stored = await storedClaim(user);
    expect(stored?.answers).toEqual({ start: pcp.start, address: pcp.address });
    expect(stored?.answers.address).not.toHaveProperty('addressLine2');
    expect(stored?.answers.address).not.toHaveProperty('previousAddress');
    expect(await countDocuments('claims', 'userId', user.uid)).toBe(1);
  });
});

describe('saveAnswers replays and concurrent edits (later edit wins, field by field)', () => {
  const save = (
    user: TestUser,
    answers: Record<string, unknown>,
    fieldStamps: Record<string, number>,
  ) =>
    callFunction<{ claimId: string; updatedAt: string; answers: Record<string, unknown> }>(
      user,
      'saveAnswers',
      { funnelId: FUNNEL_ID, pageId: 'start', answers, fieldStamps },
    );

  it('keeps the newest answers when saves arrive out of order', async () => {
    const user = await signUpAnonymous();
    const newer = { ...pcp.start, firstName: 'Newer' };
    const older = { ...pcp.start, firstName: 'Older' };
    await resultOf(save(user, newer, { firstName: 2_000 }));
    const reply = await resultOf(save(user, older, { firstName: 1_000 }));
    expect(reply.answers.firstName).toBe('Newer');
    const stored = await storedClaim(user);
    expect((stored?.answers as Record<string, Record<string, unknown>>).start?.firstName).toBe(
      'Newer',
    );
  });

  it('keeps both tabs’ edits of different fields of one page', async () => {
    const user = await signUpAnonymous();
    await resultOf(save(user, pcp.start, { firstName: 1, lastName: 1 }));
    // Tab A changes the first name; tab B, loaded before that, changes the last name.
    await resultOf(save(user, { ...pcp.start, firstName: 'Tab A' }, { firstName: 5_000 }));
    const reply = await resultOf(
      save(user, { ...pcp.start, lastName: 'Tab B' }, { firstName: 1, lastName: 6_000 }),
    );
    expect(reply.answers).toMatchObject({ firstName: 'Tab A', lastName: 'Tab B' });
    const stored = (await storedClaim(user))?.answers as Record<string, Record<string, unknown>>;
    expect(stored.start).toMatchObject({ firstName: 'Tab A', lastName: 'Tab B' });
  });

  it('does not move the claimant back with a replayed older save', async () => {
    const user = await signUpAnonymous();
    await resultOf(
      callFunction(user, 'saveAnswers', {
        funnelId: FUNNEL_ID,
        pageId: 'address',
        answers: pcp.address,
        fieldStamps: { town: 9_000 },
        nextPageId: 'check',
      }),
    );
    await resultOf(
      callFunction(user, 'saveAnswers', {
        funnelId: FUNNEL_ID,
        pageId: 'start',
        answers: pcp.start,
        fieldStamps: { firstName: 1_000 },
        nextPageId: 'address',
      }),
    );
    expect((await storedClaim(user))?.currentPageId).toBe('check');
  });

  it('refuses edit stamps that are not whole non-negative numbers, naming the field', async () => {
    const user = await signUpAnonymous();
    expectInvalidArgument(
      await save(user, pcp.start, { firstName: -1 }),
      'data.fieldStamps.firstName',
    );
    expect(await storedClaim(user)).toBeUndefined();
  });
});

describe('getClaim', () => {
  it('returns null before the first save', async () => {
    const user = await signUpAnonymous();
    expect(await resultOf(getClaim(user))).toEqual({
      claim: null,
      otherClaims: [],
      knownAnswers: {},
    });
  });

  it('returns the caller’s claim with its answers', async () => {
    const user = await signUpAnonymous();
    await resultOf(saveAnswers(user, 'start', pcp.start));
    await resultOf(saveAnswers(user, 'address', pcp.address, { nextPageId: 'check' }));
    const { claim } = await resultOf(getClaim(user));
    expect(claim).toMatchObject({
      claimId: claimIdOf(user),
      funnelId: FUNNEL_ID,
      funnelVersion: vehicleClaim.version,
      status: 'draft',
      answers: { start: pcp.start, address: pcp.address },
      currentPageId: 'check',
      reference: null,
    });
    expect(Date.parse(claim!.updatedAt)).not.toBeNaN();
  });

  it('refuses an unknown funnel, naming data.funnelId', async () => {
    const user = await signUpAnonymous();
    expectInvalidArgument(await getClaim(user, 'no-such-funnel'), 'data.funnelId');
  });
});

describe('known answers (what the claimant told us before, offered pre-filled)', () => {
  it('offers a second funnel the contact and address answers, never the vehicle or finance ones', async () => {
    const user = await userWithCompleteClaim();
    const reply = await resultOf(
      callFunction<{ knownAnswers: Record<string, Record<string, unknown>> }>(user, 'getClaim', {
        funnelId: 'diesel-emissions',
      }),
    );
    expect(Object.keys(reply.knownAnswers).sort()).toEqual(['address', 'contact']);
    expect(reply.knownAnswers.contact).toMatchObject({
      firstName: pcp.start.firstName,
      lastName: pcp.start.lastName,
    });
    expect(reply.knownAnswers.address).toMatchObject({ addressLine1: pcp.address.addressLine1 });
  });

  it('offers nothing to a new claimant', async () => {
    const user = await signUpAnonymous();
    const reply = await resultOf(
      callFunction<{ knownAnswers: object }>(user, 'getClaim', { funnelId: FUNNEL_ID }),
    );
    expect(reply.knownAnswers).toEqual({});
  });
});

describe('submitClaim', () => {
  it('refuses when there is no claim yet, and creates none', async () => {
    const user = await signUpAnonymous();
    expectGatewayError(await submitClaim(user), 'FAILED_PRECONDITION');
    expect(await countDocuments('claims', 'userId', user.uid)).toBe(0);
  });

  it('refuses an unknown funnel, naming data.funnelId', async () => {
    const user = await signUpAnonymous();
    expectInvalidArgument(await submitClaim(user, 'no-such-funnel'), 'data.funnelId');
  });

  it('refuses an incomplete claim, listing the missing pages’ fields, and keeps it a draft', async () => {
    const user = await signUpAnonymous();
    await resultOf(saveAnswers(user, 'start', pcp.start));
    const error = expectInvalidArgument(
      await submitClaim(user),
      'answers.address.addressLine1',
      'answers.address.postcode',
      'answers.check.registrationNumber',
      'answers.check.financeType',
      'answers.sign.consent',
      'answers.sign.signature',
    );
    expect(error.message).not.toContain('answers.start');
    const stored = await storedClaim(user);
    expect(stored).toMatchObject({ status: 'draft', reference: null, submittedAt: null });
  });

  it('refuses a claim that branched to the not-eligible page', async () => {
    const user = await signUpAnonymous();
    await resultOf(saveAnswers(user, 'start', pcp.start));
    await resultOf(saveAnswers(user, 'address', pcp.address));
    await resultOf(
      saveAnswers(
        user,
        'check',
        { registrationNumber: 'AB12 CDE', make: 'Ford', model: 'Focus', financeType: 'none' },
        { nextPageId: 'not-eligible' },
      ),
    );
    await resultOf(saveAnswers(user, 'sign', pcp.sign));
    const error = expectInvalidArgument(await submitClaim(user), 'answers');
    expect(error.message).toMatch(/page to sign/);
    expect(await storedClaim(user)).toMatchObject({ status: 'draft', reference: null });
  });

  it('submits a complete claim once, with a readable reference, idempotently', async () => {
    const user = await userWithCompleteClaim();
    const first = (await resultOf(submitClaim(user))).claim;
    expect(first).toMatchObject({
      claimId: claimIdOf(user),
      status: 'submitted',
      answers: {
        start: pcp.start,
        address: pcp.address,
        check: pcp.check,
        sign: pcp.sign,
      },
    });
    expect(first.reference).toMatch(REFERENCE);
    expect(first.submittedAt).not.toBeNull();
    expect(await storedClaim(user)).toMatchObject({
      status: 'submitted',
      reference: first.reference,
    });

    // A double click or a retry: the same claim, the same reference, still one claim.
    const second = (await resultOf(submitClaim(user))).claim;
    expect(second.status).toBe('submitted');
    expect(second.reference).toBe(first.reference);
    expect(await countDocuments('claims', 'userId', user.uid)).toBe(1);
    expect((await resultOf(getClaim(user))).claim?.reference).toBe(first.reference);
  });

  // The Node Firestore emulator's transactions do not isolate, so this holds by construction:
  // the reference is derived from the claim id, and the submission record is create-only.
  // Racing transactions contend and retry with back-off: 20 at once took over 60 s on a busy
  // 2-core machine, so 10 race here (still many more than a double click), with room to spare.
  it('gives one claim one reference and one signature however many submits race (10 at once)', async () => {
    const user = await userWithCompleteClaim();
    const replies = await Promise.all(Array.from({ length: 10 }, () => submitClaim(user)));
    const references = new Set<string | null>();
    for (const reply of replies) {
      expect(reply.status, JSON.stringify(reply.json)).toBe(200);
      const { claim } = await resultOf(Promise.resolve(reply));
      expect(claim.status).toBe('submitted');
      references.add(claim.reference);
    }
    expect(references.size).toBe(1);
    const stored = await storedClaim(user);
    expect(stored?.reference).toMatch(REFERENCE);
    expect([...references]).toEqual([stored?.reference]);
    const record = await readDocument(`claims/${claimIdOf(user)}/history`, 'submitted');
    expect(record).toMatchObject({ event: 'submitted', reference: stored?.reference });
    expect(await countDocuments('claims', 'userId', user.uid)).toBe(1);
    // Later submissions agree, and the signature's evidence is the first one's.
    const again = await resultOf(submitClaim(user));
    expect(again.claim.reference).toBe(stored?.reference);
    expect((await storedClaim(user))?.signature).toEqual(stored?.signature);
  }, 120_000);

  it('refuses saveAnswers after submission with FAILED_PRECONDITION and changes nothing', async () => {
    const user = await userWithCompleteClaim();
    await resultOf(submitClaim(user));
    const before = await storedClaim(user);
    expectGatewayError(
      await saveAnswers(user, 'start', { ...pcp.start, firstName: 'Changed' }),
      'FAILED_PRECONDITION',
    );
    expect(await storedClaim(user)).toEqual(before);
  });
});

describe('claims are private to their owner', () => {
  it('keeps user B out of user A’s claim', async () => {
    const a = await signUpAnonymous();
    await resultOf(saveAnswers(a, 'start', pcp.start));
    const aBefore = await storedClaim(a);

    const b = await signUpAnonymous();
    expect(await resultOf(getClaim(b))).toEqual({ claim: null, otherClaims: [], knownAnswers: {} });

    const saved = await resultOf(saveAnswers(b, 'start', moved.start));
    expect(saved.claimId).toBe(claimIdOf(b));
    expect(saved.claimId).not.toBe(claimIdOf(a));
    expect(await storedClaim(b)).toMatchObject({ userId: b.uid, answers: { start: moved.start } });

    expect(await storedClaim(a)).toEqual(aBefore);
    expect((await resultOf(getClaim(a))).claim?.answers).toEqual({ start: pcp.start });
    expect(await countDocuments('claims', 'userId', a.uid)).toBe(1);
    expect(await countDocuments('claims', 'userId', b.uid)).toBe(1);
  });

  it('does not let user B submit user A’s claim', async () => {
    const a = await userWithCompleteClaim();
    const b = await signUpAnonymous();
    expectGatewayError(await submitClaim(b), 'FAILED_PRECONDITION');
    expect(await storedClaim(a)).toMatchObject({ status: 'draft', reference: null });
  });
});

describe('referral', () => {
  const firstTouch = { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'spring', adId: 'ad-1' };
  const laterTouch = { utmSource: 'facebook', referUrl: 'https://example.com/post' };

  it('stores the first touch on creation and updates only the last touch later', async () => {
    const user = await signUpAnonymous();
    await resultOf(saveAnswers(user, 'start', pcp.start, { referral: firstTouch }));
    expect((await storedClaim(user))?.referral).toEqual({ firstTouch, lastTouch: firstTouch });

    await resultOf(saveAnswers(user, 'address', pcp.address, { referral: laterTouch }));
    expect((await storedClaim(user))?.referral).toEqual({ firstTouch, lastTouch: laterTouch });

    // A save without a referral keeps both touches.
    await resultOf(saveAnswers(user, 'check', pcp.check));
    expect((await storedClaim(user))?.referral).toEqual({ firstTouch, lastTouch: laterTouch });
  });

  it('takes the first referral seen after creation as the first touch', async () => {
    const user = await signUpAnonymous();
    await resultOf(saveAnswers(user, 'start', pcp.start));
    expect((await storedClaim(user))?.referral).toBeNull();
    await resultOf(saveAnswers(user, 'address', pcp.address, { referral: laterTouch }));
    expect((await storedClaim(user))?.referral).toEqual({
      firstTouch: laterTouch,
      lastTouch: laterTouch,
    });
  });
});

describe('the claim’s language', () => {
  it('records the funnel’s own language on a new claim, and shows it in the claim', async () => {
    const user = await signUpAnonymous();
    await resultOf(saveAnswers(user, 'start', pcp.start));
    expect((await storedClaim(user))?.locale).toBe('en-GB');
    expect((await resultOf(getClaim(user))).claim?.locale).toBe('en-GB');
    // Saying the language the funnel is written in is accepted, and changes nothing.
    await resultOf(saveAnswers(user, 'address', pcp.address, { locale: 'en-GB' }));
    expect((await storedClaim(user))?.locale).toBe('en-GB');
  });

  it('refuses a language the funnel is not offered in, naming the field, and writes nothing', async () => {
    const user = await signUpAnonymous();
    expectInvalidArgument(
      await saveAnswers(user, 'start', pcp.start, { locale: 'cy' }),
      'data.locale',
    );
    expect(await storedClaim(user)).toBeUndefined();

    await resultOf(saveAnswers(user, 'start', pcp.start));
    const before = await storedClaim(user);
    expectInvalidArgument(
      await saveAnswers(user, 'address', pcp.address, { locale: 'cy' }),
      'data.locale',
    );
    expect(await storedClaim(user)).toEqual(before);
    // Not a language tag at all: the payload's own check says so.
    expectInvalidArgument(
      await saveAnswers(user, 'address', pcp.address, { locale: 'Welsh' }),
      'data.locale',
    );
  });
});
