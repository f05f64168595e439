/**
 * The single-use link in every email about one claim (the draft reminder, claim received):
 * it signs in as the claim's owner only, proves nothing about the address, works once, and
 * is renewed from the link by the address the claim holds.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import vehicleClaim from '../../../funnels/vehicle-claim.json';
import examples from '../../../funnels/examples/vehicle-claim.json';
import { sendDraftReminders } from '../../../src/gateway/reminders/draftReminders';
import type { Funnel } from '../../../src/runtime/funnel';
import {
  adminAuth,
  callFunction,
  db,
  emailedLinkToken,
  randomEmail,
  readDocument,
  newRequester,
  redeemAndSignIn,
  resultOf,
  signUpAnonymous,
  type TestUser,
  gatewayAddressSecret,
} from '../support/emulators';
import { expectGatewayError } from '../support/gatewayAssertions';

const FUNNEL_ID = 'vehicle-claim';
const funnel = vehicleClaim as unknown as Funnel;
const answers = examples[0]!.answers;
const DAY = 24 * 60 * 60 * 1000;
// Only drafts left this long are reminded here, so drafts other tests make are left alone.
const AFTER_DAYS = 60;

/** An anonymous claimant with two pages saved, their address on the first. */
async function draftWithAddress(): Promise<{ user: TestUser; email: string; claimId: string }> {
  const user = await signUpAnonymous();
  const email = randomEmail();
  await resultOf(
    callFunction(user, 'saveAnswers', {
      funnelId: FUNNEL_ID,
      pageId: 'start',
      answers: { ...answers.start, email },
    }),
  );
  const saved = await resultOf(
    callFunction<{ claimId: string }>(user, 'saveAnswers', {
      funnelId: FUNNEL_ID,
      pageId: 'address',
      answers: answers.address,
    }),
  );
  return { user, email, claimId: saved.claimId };
}

/** Leaves the draft untouched for long enough, runs the reminder job, returns its link's token. */
async function remind(claimId: string, email: string): Promise<string> {
  await db()
    .doc(`claims/${claimId}`)
    .update({ updatedAt: Timestamp.fromMillis(Date.now() - (AFTER_DAYS + 1) * DAY) });
  const outcome = await sendDraftReminders({
    db: db(),
    addressSecret: gatewayAddressSecret(),
    now: Date.now(),
    siteUrl: 'http://127.0.0.1:5173',
    getFunnel: (id) => (id === FUNNEL_ID ? funnel : undefined),
    afterDays: AFTER_DAYS,
  });
  expect(outcome.reminded).toContain(claimId);
  return emailedLinkToken(email, 'draft-reminder');
}

describe('the link in a draft reminder', () => {
  it('signs another device in as the owner, on the page they stopped at, once', async () => {
    const { user, email, claimId } = await draftWithAddress();
    const token = await remind(claimId, email);

    // Another device, which asked for nothing: the address, then a yes to whose claim it is.
    const device = await signUpAnonymous();
    const { user: signedIn, result } = await redeemAndSignIn(device, token, {
      email,
      confirmed: true,
    });
    expect(signedIn.uid).toBe(user.uid);
    expect(result).toMatchObject({
      purpose: 'claim',
      uid: user.uid,
      merged: null,
      continueAt: { funnelId: FUNNEL_ID, pageId: 'check' },
      claim: { funnelId: FUNNEL_ID, claimId },
    });
    // It proves nothing about the address: the owner stays anonymous, with no proof recorded.
    expect((await adminAuth().getUser(user.uid)).email).toBeUndefined();
    expect(await readDocument('emailProofs', user.uid)).toBeUndefined();
    // The device's own session is left as it was, not merged.
    expect((await adminAuth().getUser(device.uid)).uid).toBe(device.uid);

    // Used: the second open is refused, and signs nobody in.
    const again = await callFunction(device, 'redeemEmailLink', { token, email, confirmed: true });
    expect(expectGatewayError(again, 'FAILED_PRECONDITION').message).toContain('has been used');
  });

  it('opens the sent claim when the draft was sent after the email', async () => {
    const { user, email, claimId } = await draftWithAddress();
    const token = await remind(claimId, email);
    for (const pageId of ['check', 'sign'] as const) {
      await resultOf(
        callFunction(user, 'saveAnswers', {
          funnelId: FUNNEL_ID,
          pageId,
          answers: answers[pageId],
        }),
      );
    }
    await resultOf(callFunction(user, 'submitClaim', { funnelId: FUNNEL_ID }));

    const { user: signedIn, result } = await redeemAndSignIn(await signUpAnonymous(), token, {
      email,
      confirmed: true,
    });
    expect(signedIn.uid).toBe(user.uid);
    expect(result).toMatchObject({ continueAt: null, claim: { funnelId: FUNNEL_ID, claimId } });
    // No new claim was started by opening it.
    const owned = await db().collection('claims').where('userId', '==', user.uid).get();
    expect(owned.docs.map((doc) => doc.id)).toEqual([claimId]);
  });

  it('is refused once the claim holds another address, or its owner has an account', async () => {
    const changed = await draftWithAddress();
    const first = await remind(changed.claimId, changed.email);
    await resultOf(
      callFunction(changed.user, 'saveAnswers', {
        funnelId: FUNNEL_ID,
        pageId: 'start',
        answers: { ...answers.start, email: randomEmail() },
      }),
    );
    const refused = await callFunction(await signUpAnonymous(), 'redeemEmailLink', {
      token: first,
      email: changed.email,
      confirmed: true,
    });
    expect(expectGatewayError(refused, 'FAILED_PRECONDITION').message).toContain('no longer has');

    // The owner registered with an address of their own (not proved): the link cannot sign in.
    const registered = await draftWithAddress();
    const second = await remind(registered.claimId, registered.email);
    await adminAuth().updateUser(registered.user.uid, {
      email: randomEmail(),
      password: 'correct-horse-battery-staple',
    });
    const inAccount = await callFunction(await signUpAnonymous(), 'redeemEmailLink', {
      token: second,
      email: registered.email,
      confirmed: true,
    });
    expect(expectGatewayError(inAccount, 'FAILED_PRECONDITION').message).toContain(
      'now in an account',
    );
  });
});

describe('renewClaimLink', () => {
  it('emails a new link only to the address the claim holds', async () => {
    const { user, email, claimId } = await draftWithAddress();
    const device = await signUpAnonymous();
    const wrong = await callFunction(device, 'renewClaimLink', {
      claimId,
      email: randomEmail(),
    });
    expectGatewayError(wrong, 'INVALID_ARGUMENT');
    const mailBefore = await db().collection('mail').where('to', '==', email).get();
    expect(mailBefore.size).toBe(0);

    const requester = newRequester();
    await resultOf(
      callFunction(device, 'renewClaimLink', { claimId, email: email.toUpperCase(), requester }),
    );
    const token = await emailedLinkToken(email, 'claim-link');
    // Asked for here: no address to type, but still a yes before it switches claimant.
    const { user: signedIn } = await redeemAndSignIn(device, token, {
      requester,
      confirmed: true,
    });
    expect(signedIn.uid).toBe(user.uid);
  });
});
