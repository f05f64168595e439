import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import examples from '../../../funnels/examples/vehicle-claim.json';
import type { GatewayResponse } from '../../../src/runtime/contract';
import {
  adminAuth,
  callFunction,
  db,
  randomEmail,
  emailedLinkToken,
  readDocument,
  redeemAndSignIn,
  resultOf,
  signInWithPassword,
  signUpAnonymous,
  signUpProved,
  signUpWithEmail,
  type TestUser,
} from '../support/emulators';
import { expectGatewayError } from '../support/gatewayAssertions';

const FUNNEL_ID = 'vehicle-claim';
const answers = examples[0]!.answers;

async function anonymousWithTwoPages(): Promise<TestUser> {
  const user = await signUpAnonymous();
  for (const pageId of ['start', 'address'] as const) {
    await resultOf(
      callFunction(user, 'saveAnswers', { funnelId: FUNNEL_ID, pageId, answers: answers[pageId] }),
    );
  }
  return user;
}

function request(user: TestUser, email: string) {
  return callFunction<GatewayResponse<'requestSaveAndReturn'>>(user, 'requestSaveAndReturn', {
    funnelId: FUNNEL_ID,
    email,
  });
}

async function claimsOf(uid: string) {
  const snapshot = await db().collection('claims').where('userId', '==', uid).get();
  return snapshot.docs.map((doc) => doc.data());
}

async function authUser(uid: string) {
  try {
    return await adminAuth().getUser(uid);
  } catch {
    return null;
  }
}

describe('requestSaveAndReturn', () => {
  it('records the claimant, the address (lower-cased) and the funnel, for 7 days', async () => {
    const claimant = await anonymousWithTwoPages();
    const email = randomEmail();
    const { requestId, renewableUntil } = await resultOf(request(claimant, email.toUpperCase()));
    const stored = await readDocument('saveAndReturn', requestId);
    expect(stored).toMatchObject({ uid: claimant.uid, email, funnelId: FUNNEL_ID });
    const days = (Date.parse(renewableUntil) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('refuses a claimant with nothing answered, and one with an account, writing nothing', async () => {
    const fresh = await signUpAnonymous();
    expect(
      expectGatewayError(await request(fresh, randomEmail()), 'FAILED_PRECONDITION').message,
    ).toBe('There is nothing to save yet: answer a question and continue, then try again');
    const registered = await signUpWithEmail(randomEmail(), 'correct-horse-battery-staple');
    await resultOf(
      callFunction(registered, 'saveAnswers', {
        funnelId: FUNNEL_ID,
        pageId: 'start',
        answers: answers.start,
      }),
    );
    expectGatewayError(await request(registered, randomEmail()), 'FAILED_PRECONDITION');
    const pending = await db()
      .collection('saveAndReturn')
      .where('uid', 'in', [fresh.uid, registered.uid])
      .get();
    expect(pending.size).toBe(0);
  });

  it('names the field of a malformed address', async () => {
    const claimant = await anonymousWithTwoPages();
    const error = expectGatewayError(await request(claimant, 'not-an-email'), 'INVALID_ARGUMENT');
    expect(error.details?.fields?.map((field) => field.field)).toEqual(['data.email']);
  });
});

describe('the emailed "come back later" link', () => {
  it('is emailed with a single-use token, and puts the claimant back on their own uid', async () => {
    const claimant = await anonymousWithTwoPages();
    const email = randomEmail();
    const { requestId } = await resultOf(request(claimant, email));
    const token = await emailedLinkToken(email, 'save-and-return-link');
    // Only a digest of the token is stored.
    const stored = await db().collection('emailLinks').where('requestId', '==', requestId).get();
    expect(stored.size).toBe(1);
    expect(JSON.stringify(stored.docs[0]!.data())).not.toContain(token);

    // Another device: the address the link went to is typed there first.
    const phone = await signUpAnonymous();
    const { user, result } = await redeemAndSignIn(phone, token, { email });
    expect(result).toMatchObject({
      purpose: 'save-and-return',
      uid: claimant.uid,
      passwordRemoved: false,
      continueAt: { funnelId: FUNNEL_ID, pageId: 'check' },
    });
    expect(user.uid).toBe(claimant.uid);
    expect(await authUser(claimant.uid)).toMatchObject({ email, emailVerified: true });
    const [claim] = await claimsOf(claimant.uid);
    expect(claim?.answers).toMatchObject({ start: answers.start, address: answers.address });
    expect(await readDocument('saveAndReturn', requestId)).toBeUndefined();
    // Used up: the same link cannot be used again, by anyone.
    const again = await callFunction(await signUpAnonymous(), 'redeemEmailLink', { token, email });
    expectGatewayError(again, 'FAILED_PRECONDITION');
  });

  it('moves the claim into an account that proved the address earlier, which keeps its password', async () => {
    const email = randomEmail();
    const account = await signUpProved(email, 'correct-horse-battery-staple');
    await resultOf(
      callFunction(account, 'saveAnswers', {
        funnelId: FUNNEL_ID,
        pageId: 'start',
        answers: { ...answers.start, email },
      }),
    );
    const claimant = await anonymousWithTwoPages();
    await resultOf(request(claimant, email));
    const token = await emailedLinkToken(email, 'save-and-return-link');

    const { user, result } = await redeemAndSignIn(await signUpAnonymous(), token, { email });
    expect(result).toMatchObject({ uid: account.uid, passwordRemoved: false });
    expect(user.uid).toBe(account.uid);
    expect((result.merged as { choices: unknown[] }).choices).toHaveLength(1);
    expect(await claimsOf(account.uid)).toHaveLength(2);
    expect(await claimsOf(claimant.uid)).toHaveLength(0);
    expect(await authUser(claimant.uid)).toBeNull();
    // The owner's password still works.
    await signInWithPassword(email, 'correct-horse-battery-staple');
  });

  it('refuses a token that was never sent, changing nothing', async () => {
    const claimant = await anonymousWithTwoPages();
    const { requestId } = await resultOf(request(claimant, randomEmail()));
    const stranger = await signUpAnonymous();
    for (const token of ['A'.repeat(43), 'not a token']) {
      const reply = await callFunction(stranger, 'redeemEmailLink', { token });
      expect(reply.status).toBeLessThan(500);
      expect(reply.json.error).toBeDefined();
    }
    expect(await readDocument('saveAndReturn', requestId)).toBeDefined();
    expect((await authUser(claimant.uid))?.email).toBeUndefined();
    expect(await claimsOf(claimant.uid)).toHaveLength(1);
  });

  it('refuses a link past its hour, and says so before using it', async () => {
    const claimant = await anonymousWithTwoPages();
    const email = randomEmail();
    const { requestId } = await resultOf(request(claimant, email));
    const token = await emailedLinkToken(email, 'save-and-return-link');
    const links = await db().collection('emailLinks').where('requestId', '==', requestId).get();
    await links.docs[0]!.ref.update({ expiresAt: Timestamp.fromMillis(Date.now() - 1000) });
    const device = await signUpAnonymous();
    const check = await resultOf(
      callFunction<{ live: boolean }>(device, 'checkEmailLink', { token }),
    );
    expect(check.live).toBe(false);
    expectGatewayError(
      await callFunction(device, 'redeemEmailLink', { token }),
      'FAILED_PRECONDITION',
    );
    expect((await authUser(claimant.uid))?.email).toBeUndefined();
  });
});

describe('renewSaveAndReturn', () => {
  it('renews only for the address the link went to, naming the field otherwise', async () => {
    const claimant = await anonymousWithTwoPages();
    const email = randomEmail();
    const { requestId } = await resultOf(request(claimant, email));
    const device = await signUpAnonymous();
    const wrong = expectGatewayError(
      await callFunction(device, 'renewSaveAndReturn', { requestId, email: randomEmail() }),
      'INVALID_ARGUMENT',
    );
    expect(wrong.details?.fields?.map((field) => field.field)).toEqual(['data.email']);
    const renewed = await resultOf(
      callFunction<GatewayResponse<'renewSaveAndReturn'>>(device, 'renewSaveAndReturn', {
        requestId,
        email: email.toUpperCase(),
      }),
    );
    expect(renewed.requestId).toBe(requestId);
    // Both the first link and the renewed one were emailed.
    const mail = await db().collection('mail').where('to', '==', email).get();
    expect(mail.size).toBe(2);
    const unknown = await callFunction(device, 'renewSaveAndReturn', {
      requestId: 'A'.repeat(24),
      email,
    });
    expectGatewayError(unknown, 'FAILED_PRECONDITION');
  });
});
