import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import examples from '../../../funnels/examples/vehicle-claim.json';
import type { GatewayResponses } from '../../../src/runtime/contract';
import {
  adminAuth,
  callFunction,
  db,
  randomEmail,
  readDocument,
  resultOf,
  signInWithEmailLink,
  signUpAnonymous,
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
  return callFunction<GatewayResponses['requestSaveAndReturn']>(user, 'requestSaveAndReturn', {
    funnelId: FUNNEL_ID,
    email,
  });
}

function complete(user: TestUser, requestId: string) {
  return callFunction<GatewayResponses['completeSaveAndReturn']>(user, 'completeSaveAndReturn', {
    requestId,
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

describe('completeSaveAndReturn', () => {
  it('puts the claimant back on their own uid when the link made a new account', async () => {
    const claimant = await anonymousWithTwoPages();
    const email = randomEmail();
    const { requestId } = await resultOf(request(claimant, email));
    const opened = await signInWithEmailLink(email);
    expect(opened.uid).not.toBe(claimant.uid);

    const result = await resultOf(complete(opened, requestId));
    expect(result).toMatchObject({
      uid: claimant.uid,
      merged: null,
      continueAt: { funnelId: FUNNEL_ID, pageId: 'check' },
    });
    expect(result.signInToken).toEqual(expect.any(String));
    // The empty account the link made is gone; the address is the claimant's, verified.
    expect(await authUser(opened.uid)).toBeNull();
    const record = await authUser(claimant.uid);
    expect(record).toMatchObject({ email, emailVerified: true });
    const [claim] = await claimsOf(claimant.uid);
    expect(claim?.answers).toMatchObject({ start: answers.start, address: answers.address });
    // Used up: the same request cannot be completed again.
    expect(await readDocument('saveAndReturn', requestId)).toBeUndefined();
    const again = await signInWithEmailLink(email);
    expect(again.uid).toBe(claimant.uid);
    expectGatewayError(await complete(again, requestId), 'FAILED_PRECONDITION');
  });

  it('refuses a caller who does not hold the address, and changes nothing', async () => {
    const claimant = await anonymousWithTwoPages();
    const { requestId } = await resultOf(request(claimant, randomEmail()));
    const stranger = await signInWithEmailLink(randomEmail());
    const unverified = await signUpWithEmail(randomEmail(), 'correct-horse-battery-staple');
    const anonymous = await signUpAnonymous();
    for (const caller of [stranger, unverified, anonymous]) {
      expectGatewayError(await complete(caller, requestId), 'PERMISSION_DENIED');
    }
    expect(await readDocument('saveAndReturn', requestId)).toBeDefined();
    expect(await authUser(stranger.uid)).not.toBeNull();
    expect((await authUser(claimant.uid))?.email).toBeUndefined();
    expect(await claimsOf(claimant.uid)).toHaveLength(1);
  });

  it('moves the claim into the account the address already has, keeping both drafts', async () => {
    const email = randomEmail();
    const account = await signUpWithEmail(email, 'correct-horse-battery-staple');
    await resultOf(
      callFunction(account, 'saveAnswers', {
        funnelId: FUNNEL_ID,
        pageId: 'start',
        answers: { ...answers.start, email },
      }),
    );
    const claimant = await anonymousWithTwoPages();
    const { requestId } = await resultOf(request(claimant, email));
    const opened = await signInWithEmailLink(email);
    expect(opened.uid).toBe(account.uid);

    const result = await resultOf(complete(opened, requestId));
    expect(result.uid).toBe(account.uid);
    expect(result.signInToken).toBeNull();
    expect(result.merged?.choices).toEqual([
      { funnelId: FUNNEL_ID, claimIds: expect.arrayContaining([expect.any(String)]) },
    ]);
    expect(await claimsOf(account.uid)).toHaveLength(2);
    expect(await claimsOf(claimant.uid)).toHaveLength(0);
    expect(await authUser(claimant.uid)).toBeNull();
  });

  it('refuses a request past its 7 days', async () => {
    const claimant = await anonymousWithTwoPages();
    const email = randomEmail();
    const { requestId } = await resultOf(request(claimant, email));
    await db()
      .collection('saveAndReturn')
      .doc(requestId)
      .update({ expiresAt: Timestamp.fromMillis(Date.now() - 1000) });
    const opened = await signInWithEmailLink(email);
    expectGatewayError(await complete(opened, requestId), 'FAILED_PRECONDITION');
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
      callFunction<GatewayResponses['renewSaveAndReturn']>(device, 'renewSaveAndReturn', {
        requestId,
        email: email.toUpperCase(),
      }),
    );
    expect(renewed.requestId).toBe(requestId);
    const unknown = await callFunction(device, 'renewSaveAndReturn', {
      requestId: 'A'.repeat(24),
      email,
    });
    expectGatewayError(unknown, 'FAILED_PRECONDITION');
  });
});
