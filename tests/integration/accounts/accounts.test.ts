import { describe, expect, it } from 'vitest';
import examples from '../../../funnels/examples/vehicle-claim.json';
import type {
  ClaimView,
  GatewayResponse,
  MergeAnonymousUserResult,
} from '../../../src/runtime/contract';
import {
  authUserExists,
  callFunction,
  randomEmail,
  readDocument,
  resultOf,
  signUpAnonymous,
  signUpProved,
  signUpWithEmail,
  type TestUser,
} from '../support/emulators';
import { expectGatewayError } from '../support/gatewayAssertions';

const FUNNEL_ID = 'vehicle-claim';
const PASSWORD = 'correct-horse-battery-staple';
const answers = examples[0]!.answers;
const referral = { utmSource: 'newsletter', utmCampaign: 'spring' };

function save(user: TestUser, pageId: 'start' | 'address' | 'check', withReferral = false) {
  return resultOf(
    callFunction<{ claim: ClaimView }>(user, 'saveAnswers', {
      funnelId: FUNNEL_ID,
      pageId,
      answers: answers[pageId],
      ...(withReferral ? { referral } : {}),
    }),
  );
}

function merge(caller: TestUser, anonymousIdToken: string) {
  return callFunction<MergeAnonymousUserResult>(caller, 'mergeAnonymousUser', {
    anonymousIdToken,
  });
}

function listClaims(user: TestUser) {
  return resultOf(callFunction<GatewayResponse<'listClaims'>>(user, 'listClaims', {}));
}

const claimId = (user: TestUser) => `${user.uid}_${FUNNEL_ID}`;

describe('saveAnswers on the start page fills the profile', () => {
  it('writes users/{uid} with the start page fields, read back by getProfile', async () => {
    const user = await signUpAnonymous();
    expect(await resultOf(callFunction(user, 'getProfile', {}))).toEqual({ profile: null });
    await save(user, 'start');
    const { profile } = await resultOf(
      callFunction<GatewayResponse<'getProfile'>>(user, 'getProfile', {}),
    );
    // The name as the funnel's name role puts it together from its fields.
    const name = `${answers.start.firstName} ${answers.start.lastName}`;
    expect(profile).toEqual({ id: user.uid, userId: user.uid, ...answers.start, name });
  });

  it('does not touch the profile for other pages', async () => {
    const user = await signUpAnonymous();
    await save(user, 'address');
    // Only the save's count, kept with the claimant's own data: no profile.
    expect(Object.keys((await readDocument('users', user.uid)) ?? {})).toEqual(['limits']);
  });
});

describe('listClaims', () => {
  it('lists nothing for a new user', async () => {
    expect(await listClaims(await signUpAnonymous())).toEqual({ claims: [] });
  });

  it("lists the caller's claims with title, status, reference, page and time, and no one else's", async () => {
    const user = await signUpAnonymous();
    const other = await signUpAnonymous();
    await save(user, 'start');
    await save(other, 'start');
    const { claims } = await listClaims(user);
    expect(claims).toEqual([
      {
        claimId: `${user.uid}_${FUNNEL_ID}`,
        funnelId: FUNNEL_ID,
        title: expect.any(String),
        status: 'draft',
        stage: null,
        reference: null,
        currentPageId: 'start',
        subject: null,
        subjectLabel: expect.any(String),
        updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        answeredPageIds: ['start'],
        current: true,
        startedBeforeSignIn: false,
      },
    ]);
    expect(claims[0]!.title).not.toBe(FUNNEL_ID);
  });
});

describe('mergeAnonymousUser', () => {
  it('moves the anonymous draft, referral and profile into the account, then deletes the anonymous user', async () => {
    const anonymous = await signUpAnonymous();
    await save(anonymous, 'start', true);
    await save(anonymous, 'address');
    const account = await signUpProved(randomEmail(), PASSWORD);

    const result = await resultOf(merge(account, anonymous.idToken));

    expect(result).toEqual({
      mergedUid: anonymous.uid,
      moved: [FUNNEL_ID],
      choices: [],
      profileMerged: true,
    });
    const moved = await readDocument('claims', claimId(account));
    expect(moved).toMatchObject({
      userId: account.uid,
      status: 'draft',
      answers: { start: answers.start, address: answers.address },
      referral: { firstTouch: referral, lastTouch: referral },
      mergedFrom: anonymous.uid,
    });
    expect(await readDocument('claims', claimId(anonymous))).toBeUndefined();
    expect(await readDocument('users', account.uid)).toMatchObject(answers.start);
    expect(await readDocument('users', anonymous.uid)).toBeUndefined();
    expect(await authUserExists(anonymous.uid)).toBe(false);
    const { claims } = await listClaims(account);
    expect(claims.map((c) => [c.funnelId, c.currentPageId])).toEqual([[FUNNEL_ID, 'address']]);
  });

  it('keeps both drafts when the account has one too, and lets the claimant choose', async () => {
    const account = await signUpProved(randomEmail(), PASSWORD);
    await save(account, 'start');
    await save(account, 'address');
    const anonymous = await signUpAnonymous();
    await save(anonymous, 'start', true);

    const result = await resultOf(merge(account, anonymous.idToken));

    const movedId = `${claimId(account)}_2`;
    expect(result).toMatchObject({
      moved: [FUNNEL_ID],
      choices: [{ funnelId: FUNNEL_ID, claimIds: [claimId(account), movedId] }],
    });
    // Nothing is hidden: both drafts are the claimant's, listed, with what each holds.
    const { claims } = await listClaims(account);
    expect(claims.map((c) => [c.claimId, c.status, [...c.answeredPageIds].sort()]).sort()).toEqual([
      [claimId(account), 'draft', ['address', 'start']],
      [movedId, 'draft', ['start']],
    ]);
    expect(await readDocument('claims', claimId(anonymous))).toBeUndefined();

    // The claimant continues the account's draft: it becomes current and carries the
    // referral of the other (it had none); the other stays a draft they can open or delete.
    const chosen = await resultOf(
      callFunction<{ claim: ClaimView }>(account, 'chooseDraft', {
        funnelId: FUNNEL_ID,
        claimId: claimId(account),
      }),
    );
    expect(chosen.claim.claimId).toBe(claimId(account));
    const { claim } = await resultOf(
      callFunction<{ claim: ClaimView }>(account, 'getClaim', { funnelId: FUNNEL_ID }),
    );
    expect(claim.claimId).toBe(claimId(account));
    expect((await readDocument('claims', claimId(account)))?.referral).toEqual({
      firstTouch: referral,
      lastTouch: referral,
    });
    const listed = (await listClaims(account)).claims;
    expect(listed.find((c) => c.claimId === claimId(account))?.current).toBe(true);
    expect(listed.find((c) => c.claimId === movedId)).toMatchObject({
      status: 'draft',
      current: false,
    });

    await resultOf(callFunction(account, 'deleteDraft', { funnelId: FUNNEL_ID, claimId: movedId }));
    expect(await readDocument('claims', movedId)).toBeUndefined();
    expect((await listClaims(account)).claims.map((c) => c.claimId)).toEqual([claimId(account)]);
  });

  it('refuses to choose or delete a claim that is not a draft of the caller, changing nothing', async () => {
    const owner = await signUpAnonymous();
    await save(owner, 'start');
    const other = await signUpAnonymous();
    for (const functionName of ['chooseDraft', 'deleteDraft']) {
      const error = expectGatewayError(
        await callFunction(other, functionName, { funnelId: FUNNEL_ID, claimId: claimId(owner) }),
        'INVALID_ARGUMENT',
      );
      expect(error.message).toContain('data.claimId');
    }
    expect(await readDocument('claims', claimId(owner))).toMatchObject({ userId: owner.uid });
  });

  it("moves an anonymous draft in beside the account's submitted claim, which is untouched", async () => {
    const account = await signUpProved(randomEmail(), PASSWORD);
    for (const pageId of ['start', 'address', 'check', 'sign'] as const) {
      await resultOf(
        callFunction(account, 'saveAnswers', {
          funnelId: FUNNEL_ID,
          pageId,
          answers: answers[pageId],
        }),
      );
    }
    await resultOf(callFunction(account, 'submitClaim', { funnelId: FUNNEL_ID }));
    const submitted = await readDocument('claims', claimId(account));
    const anonymous = await signUpAnonymous();
    await save(anonymous, 'start');

    const result = await resultOf(merge(account, anonymous.idToken));

    expect(result).toMatchObject({ moved: [FUNNEL_ID], choices: [] });
    expect(await readDocument('claims', claimId(account))).toEqual(submitted);
    expect(await readDocument('claims', `${claimId(account)}_2`)).toMatchObject({
      userId: account.uid,
      status: 'draft',
      answers: { start: answers.start },
      mergedFrom: anonymous.uid,
    });
    const { claim } = await resultOf(
      callFunction<{ claim: ClaimView }>(account, 'getClaim', { funnelId: FUNNEL_ID }),
    );
    expect(claim.claimId).toBe(`${claimId(account)}_2`);
    expect((await listClaims(account)).claims).toHaveLength(2);
  });

  it('refuses to move a claim into an account whose address nobody proved, writing nothing', async () => {
    // An attacker signs up with the victim's address and a password; the victim, who
    // does not know it is not their account, must not be able to bring a claim to it.
    const email = randomEmail();
    const account = await signUpWithEmail(email, PASSWORD);
    const anonymous = await signUpAnonymous();
    await save(anonymous, 'start');

    const error = expectGatewayError(
      await merge(account, anonymous.idToken),
      'FAILED_PRECONDITION',
    );
    expect(error.message).toMatch(/^Confirm your email address/);
    expect(await readDocument('claims', claimId(anonymous))).toMatchObject({
      userId: anonymous.uid,
    });
    expect(await readDocument('claims', claimId(account))).toBeUndefined();
    expect(await authUserExists(anonymous.uid)).toBe(true);
  });

  it('changes nothing on a retry after success (the anonymous user is gone)', async () => {
    const anonymous = await signUpAnonymous();
    await save(anonymous, 'start');
    const account = await signUpProved(randomEmail(), PASSWORD);
    await resultOf(merge(account, anonymous.idToken));
    const before = await readDocument('claims', claimId(account));
    const again = await merge(account, anonymous.idToken);
    // The Auth emulator refuses a token of a deleted user; production verifies the signature
    // only, and the gateway then finds nothing left to move. Either way nothing changes.
    if (again.json.result) {
      expect(again.json.result).toEqual({
        mergedUid: null,
        moved: [],
        choices: [],
        profileMerged: false,
      });
    } else {
      expectGatewayError(again, 'INVALID_ARGUMENT');
    }
    expect(await readDocument('claims', claimId(account))).toEqual(before);
  });

  describe('refusals write nothing', () => {
    async function anonymousWithDraft() {
      const anonymous = await signUpAnonymous();
      await save(anonymous, 'start');
      return anonymous;
    }

    async function expectUntouched(anonymous: TestUser, account: TestUser) {
      expect(await readDocument('claims', claimId(anonymous))).toMatchObject({
        userId: anonymous.uid,
      });
      expect(await readDocument('claims', claimId(account))).toBeUndefined();
      expect(await authUserExists(anonymous.uid)).toBe(true);
    }

    it('refuses a garbage token with INVALID_ARGUMENT naming the field', async () => {
      const anonymous = await anonymousWithDraft();
      const account = await signUpWithEmail(randomEmail(), PASSWORD);
      const error = expectGatewayError(await merge(account, 'not-a-token'), 'INVALID_ARGUMENT');
      expect(error.message).toContain('data.anonymousIdToken');
      await expectUntouched(anonymous, account);
    });

    it("refuses the caller's own token with INVALID_ARGUMENT", async () => {
      const account = await signUpWithEmail(randomEmail(), PASSWORD);
      await save(account, 'start');
      expectGatewayError(await merge(account, account.idToken), 'INVALID_ARGUMENT');
      expect(await readDocument('claims', claimId(account))).toMatchObject({
        userId: account.uid,
      });
      expect(await authUserExists(account.uid)).toBe(true);
    });

    it('refuses a token of a registered (non-anonymous) user with PERMISSION_DENIED', async () => {
      const victim = await signUpWithEmail(randomEmail(), PASSWORD);
      await save(victim, 'start');
      const account = await signUpWithEmail(randomEmail(), PASSWORD);
      expectGatewayError(await merge(account, victim.idToken), 'PERMISSION_DENIED');
      await expectUntouched(victim, account);
    });

    it('refuses an anonymous caller with PERMISSION_DENIED', async () => {
      const anonymous = await anonymousWithDraft();
      const caller = await signUpAnonymous();
      expectGatewayError(await merge(caller, anonymous.idToken), 'PERMISSION_DENIED');
      await expectUntouched(anonymous, caller);
    });

    it('refuses a call without a caller token with UNAUTHENTICATED', async () => {
      const anonymous = await anonymousWithDraft();
      expectGatewayError(await merge(undefined as never, anonymous.idToken), 'UNAUTHENTICATED');
      expect(await authUserExists(anonymous.uid)).toBe(true);
    });
  });
});
