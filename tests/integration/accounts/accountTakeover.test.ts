/**
 * The attacks on accounts, done as an attacker would with genuine tokens from the Auth
 * emulator, asserting what Auth and Firestore hold afterwards.
 */
import { describe, expect, it } from 'vitest';
import examples from '../../../funnels/examples/vehicle-claim.json';
import { mintResumeLink } from '../../../scripts/resume-link';
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
  signInWithPassword,
  signUpAnonymous,
  signUpWithEmail,
  type TestUser,
} from '../support/emulators';
import { expectGatewayError } from '../support/gatewayAssertions';

const FUNNEL_ID = 'vehicle-claim';
const ATTACKER_PASSWORD = 'attacker-knows-this-1';
const answers = examples[0]!.answers;

async function victimWithClaim(): Promise<TestUser> {
  const victim = await signUpAnonymous();
  for (const pageId of ['start', 'address'] as const) {
    await resultOf(
      callFunction(victim, 'saveAnswers', {
        funnelId: FUNNEL_ID,
        pageId,
        answers: answers[pageId],
      }),
    );
  }
  return victim;
}

/** Sessions are revoked to the second: the attacker's token must predate the revocation. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1100));

/** What the attacker holds afterwards: neither their password nor their old session works. */
async function expectAttackerLockedOut(email: string, attacker: TestUser) {
  await expect(signInWithPassword(email, ATTACKER_PASSWORD)).rejects.toThrow();
  const stale = await callFunction(attacker, 'listClaims', {});
  expectGatewayError(stale, 'UNAUTHENTICATED');
  const record = await adminAuth().getUser(attacker.uid);
  expect(Date.parse(record.tokensValidAfterTime!)).toBeGreaterThan(0);
}

describe('account pre-hijacking', () => {
  it('"come back later": the link ends the password set before the address was proved, before the claim moves', async () => {
    const email = randomEmail();
    const attacker = await signUpWithEmail(email, ATTACKER_PASSWORD);
    const victim = await victimWithClaim();
    await resultOf(callFunction(victim, 'requestSaveAndReturn', { funnelId: FUNNEL_ID, email }));
    await nextSecond();

    const token = await emailedLinkToken(email, 'save-and-return-link');
    // Opened on another device: the address is typed there.
    const { user, result } = await redeemAndSignIn(await signUpAnonymous(), token, { email });

    expect(result).toMatchObject({ uid: attacker.uid, passwordRemoved: true });
    await expectAttackerLockedOut(email, attacker);
    // The claim is in the account that only the address holder can now sign in to.
    const claims = await resultOf(
      callFunction<{ claims: { funnelId: string }[] }>(user, 'listClaims', {}),
    );
    expect(claims.claims.map((claim) => claim.funnelId)).toEqual([FUNNEL_ID]);
    expect(await readDocument('emailProofs', attacker.uid)).toMatchObject({ email });
  });

  it('"email me a sign-in link": the same, with the claim of the browser that opens it', async () => {
    const email = randomEmail();
    const attacker = await signUpWithEmail(email, ATTACKER_PASSWORD);
    const victim = await victimWithClaim();
    const requester = newRequester();
    await resultOf(callFunction(victim, 'requestSignInLink', { email, requester }));
    await nextSecond();

    const token = await emailedLinkToken(email, 'sign-in-link');
    const { result } = await redeemAndSignIn(victim, token, { requester });

    expect(result).toMatchObject({ uid: attacker.uid, passwordRemoved: true });
    await expectAttackerLockedOut(email, attacker);
  });

  it('the attacker signed in with the password cannot pull a claim in by merging', async () => {
    const email = randomEmail();
    const attacker = await signUpWithEmail(email, ATTACKER_PASSWORD);
    const victim = await victimWithClaim();
    const reply = await callFunction(attacker, 'mergeAnonymousUser', {
      anonymousIdToken: victim.idToken,
    });
    expectGatewayError(reply, 'FAILED_PRECONDITION');
    expect(await readDocument('claims', `${victim.uid}_${FUNNEL_ID}`)).toMatchObject({
      userId: victim.uid,
    });
  });

  it('the attacker cannot confirm the address for themselves: the link goes to its holder', async () => {
    const email = randomEmail();
    const attacker = await signUpWithEmail(email, ATTACKER_PASSWORD);
    await resultOf(callFunction(attacker, 'requestEmailProof', {}));
    const mail = await db().collection('mail').where('to', '==', email).get();
    expect(mail.docs.map((doc) => doc.data().event)).toEqual(['confirm-email']);
    // The reply names the address only: no token reaches the caller.
    expect(JSON.stringify(mail.docs[0]!.data())).toContain('link=');
    expect(await readDocument('emailProofs', attacker.uid)).toBeUndefined();
  });
});

describe('single-use links', () => {
  it('of several racing redeems of one link, exactly one succeeds', async () => {
    const email = randomEmail();
    const browser = await signUpAnonymous();
    await resultOf(callFunction(browser, 'requestSignInLink', { email }));
    const token = await emailedLinkToken(email, 'sign-in-link');
    const callers = await Promise.all([1, 2, 3, 4, 5].map(() => signUpAnonymous()));
    const replies = await Promise.all(
      callers.map((caller) => callFunction(caller, 'redeemEmailLink', { token, email })),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 400, 400, 400, 400]);
  });

  it('a support link works once, for 15 minutes, and asks before it switches claimant', async () => {
    const claimant = await victimWithClaim();
    const link = new URL(await mintResumeLink(claimant.uid));
    expect(link.pathname).toBe('/login');
    const token = link.searchParams.get('link')!;
    const stored = await db().collection('emailLinks').where('uid', '==', claimant.uid).get();
    const minutes = (stored.docs[0]!.data().expiresAt.toMillis() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);

    const other = await victimWithClaim();
    const check = await resultOf(callFunction(other, 'checkEmailLink', { token }));
    expect(check).toMatchObject({
      live: true,
      purpose: 'support',
      needsAddress: false,
      question: {
        claimsInProgress: [{ funnelId: FUNNEL_ID, pageId: 'address' }],
        claimsMove: false,
        signedInAs: null,
        mustSaveFirst: true,
      },
    });
    // Checking used nothing up; redeeming with a yes does, once.
    const { user } = await redeemAndSignIn(other, token, { confirmed: true });
    expect(user.uid).toBe(claimant.uid);
    expectGatewayError(
      await callFunction(other, 'redeemEmailLink', { token, confirmed: true }),
      'FAILED_PRECONDITION',
    );
  });
});

describe('emails per recipient', () => {
  it('at most 5 link emails an hour reach one address, whoever asks', async () => {
    const email = randomEmail();
    const callers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => signUpAnonymous()));
    const statuses: number[] = [];
    for (const caller of callers) {
      statuses.push((await callFunction(caller, 'requestSignInLink', { email })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await db().collection('mail').where('to', '==', email).get()).size).toBe(5);
  });
});
