/**
 * The attacks on single-use links, carried out with genuine emulator tokens: a person sent
 * someone else's link (to the sender's address, or about a claim the sender made naming the
 * person's address) must not be signed in to the sender's account or session, and nothing of
 * theirs may move; an address proved where it was not asked for keeps nothing set before; a
 * revoked session reads nothing, whatever method its token names; a stranger cannot flood an
 * address with email. Each test checks what Auth and Firestore hold afterwards.
 */
import { describe, expect, it } from 'vitest';
import examples from '../../../funnels/examples/vehicle-claim.json';
import { mintResumeLink } from '../../../scripts/resume-link';
import { MAIL_PER_RECIPIENT } from '../../../src/gateway/call/quotas';
import {
  adminAuth,
  callFunction,
  db,
  emailedLinkToken,
  newRequester,
  randomEmail,
  redeemAndSignIn,
  resultOf,
  signInWithEmailLink,
  signInWithPassword,
  signUpAnonymous,
  signUpProved,
  signUpWithEmail,
  type TestUser,
} from '../support/emulators';
import { expectGatewayError, expectInvalidArgument } from '../support/gatewayAssertions';

const FUNNEL_ID = 'vehicle-claim';
const answers = examples[0]!.answers;
const PASSWORD = 'attacker-password-123';

/** Firebase counts revocation in whole seconds: a token must be a second older to be refused. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1_100));

async function claimsOf(uid: string) {
  const snapshot = await db().collection('claims').where('userId', '==', uid).get();
  return snapshot.docs.map((doc) => ({ id: doc.id, ...doc.data() }));
}

/** A victim part-way through a claim in their own browser (anonymous, one page saved). */
async function victimMidClaim(email = randomEmail()): Promise<TestUser> {
  const victim = await signUpAnonymous();
  await resultOf(
    callFunction(victim, 'saveAnswers', {
      funnelId: FUNNEL_ID,
      pageId: 'start',
      answers: { ...answers.start, email },
    }),
  );
  return victim;
}

/** The attacker asks, in their own browser, for a sign-in link to their own address. */
async function attackersSignInLink(email: string): Promise<string> {
  const browser = await signUpAnonymous();
  await resultOf(callFunction(browser, 'requestSignInLink', { email, requester: newRequester() }));
  return emailedLinkToken(email, 'sign-in-link');
}

async function check(user: TestUser, data: Record<string, unknown>) {
  return resultOf(
    callFunction<{
      live: boolean;
      needsAddress: boolean;
      question: Record<string, unknown> | null;
    }>(user, 'checkEmailLink', data),
  );
}

/** The link is still there to be used by the one it was sent to: a refused open used nothing. */
async function expectLinkLive(user: TestUser, token: string) {
  expect((await check(user, { token })).live).toBe(true);
}

describe('a link someone sent to themselves, opened by another person (login CSRF)', () => {
  it('asks for the address it was sent to, and without it signs nobody in and moves nothing', async () => {
    const attackerEmail = randomEmail();
    await signUpProved(attackerEmail, PASSWORD);
    const token = await attackersSignInLink(attackerEmail);
    const victim = await victimMidClaim();

    const checked = await check(victim, { token, requester: newRequester() });
    expect(checked).toMatchObject({ live: true, needsAddress: true, question: null });
    expectInvalidArgument(
      await callFunction(victim, 'redeemEmailLink', { token, requester: newRequester() }),
      'data.email',
    );
    // A guessed address is refused the same way, naming the field.
    expectInvalidArgument(
      await callFunction(victim, 'redeemEmailLink', { token, email: randomEmail() }),
      'data.email',
    );
    expect(await claimsOf(victim.uid)).toHaveLength(1);
    const account = await adminAuth().getUserByEmail(attackerEmail);
    expect(await claimsOf(account.uid)).toHaveLength(0);
    expect((await adminAuth().getUser(victim.uid)).email).toBeUndefined();
    await expectLinkLive(victim, token);
  });

  it('for a fresh address, does not give the victim’s own session the attacker’s address', async () => {
    const attackerEmail = randomEmail();
    const token = await attackersSignInLink(attackerEmail);
    const victim = await victimMidClaim();
    expectInvalidArgument(await callFunction(victim, 'redeemEmailLink', { token }), 'data.email');
    expect((await adminAuth().getUser(victim.uid)).email).toBeUndefined();
    await expect(adminAuth().getUserByEmail(attackerEmail)).rejects.toThrow();
  });

  it('the attacker’s save-and-return link is refused the same way', async () => {
    const attackerEmail = randomEmail();
    const attacker = await victimMidClaim(attackerEmail);
    await resultOf(
      callFunction(attacker, 'requestSaveAndReturn', {
        funnelId: FUNNEL_ID,
        email: attackerEmail,
        requester: newRequester(),
      }),
    );
    const token = await emailedLinkToken(attackerEmail, 'save-and-return-link');
    const victim = await victimMidClaim();
    expectInvalidArgument(await callFunction(victim, 'redeemEmailLink', { token }), 'data.email');
    expect(await claimsOf(victim.uid)).toHaveLength(1);
    expect(await claimsOf(attacker.uid)).toHaveLength(1);
  });

  it('a victim signed in to their own account is not switched', async () => {
    const victim = await signInWithEmailLink(randomEmail());
    const attackerEmail = randomEmail();
    await signUpProved(attackerEmail, PASSWORD);
    const token = await attackersSignInLink(attackerEmail);
    expectInvalidArgument(await callFunction(victim, 'redeemEmailLink', { token }), 'data.email');
    await expectLinkLive(victim, token);
  });

  it('even with the attacker’s address typed, asks which account and moves nothing without a yes', async () => {
    const attackerEmail = randomEmail();
    await signUpProved(attackerEmail, PASSWORD);
    const token = await attackersSignInLink(attackerEmail);
    const victim = await victimMidClaim();
    const checked = await check(victim, { token, email: attackerEmail });
    expect(checked.needsAddress).toBe(true);
    expect(checked.question).toMatchObject({
      signsInAs: { email: attackerEmail },
      claimsMove: true,
      claimsInProgress: [{ funnelId: FUNNEL_ID }],
    });
    expectGatewayError(
      await callFunction(victim, 'redeemEmailLink', { token, email: attackerEmail }),
      'FAILED_PRECONDITION',
    );
    expect(await claimsOf(victim.uid)).toHaveLength(1);
    await expectLinkLive(victim, token);
  });

  it('opened in the browser that asked, goes straight on and moves that browser’s claim', async () => {
    const email = randomEmail();
    await signUpProved(email, PASSWORD);
    const claimant = await victimMidClaim();
    const requester = newRequester();
    await resultOf(callFunction(claimant, 'requestSignInLink', { email, requester }));
    const token = await emailedLinkToken(email, 'sign-in-link');
    expect(await check(claimant, { token, requester })).toMatchObject({
      needsAddress: false,
      question: null,
    });
    const { user } = await redeemAndSignIn(claimant, token, { requester });
    expect(await claimsOf(user.uid)).toHaveLength(1);
  });
});

describe('a claim link about a claim someone else made (fixation)', () => {
  it('to a browser holding a claim, shows whose claim it opens and signs in nobody without a yes', async () => {
    const victimEmail = randomEmail();
    // The attacker makes a claim naming the victim's address and has a link sent for it.
    const attacker = await victimMidClaim(victimEmail);
    const [claim] = await claimsOf(attacker.uid);
    await resultOf(
      callFunction(attacker, 'renewClaimLink', { claimId: claim!.id, email: victimEmail }),
    );
    const token = await emailedLinkToken(victimEmail, 'claim-link');
    const victim = await victimMidClaim();

    expect(await check(victim, { token })).toMatchObject({ needsAddress: true, question: null });
    const checked = await check(victim, { token, email: victimEmail });
    expect(checked.question).toMatchObject({
      opens: { title: expect.any(String) as string },
      signsInAs: { name: `${answers.start.firstName} ${answers.start.lastName}` },
    });
    expectGatewayError(
      await callFunction(victim, 'redeemEmailLink', { token, email: victimEmail }),
      'FAILED_PRECONDITION',
    );
    await expectLinkLive(victim, token);
    // The victim's own session is as it was: still theirs, with nothing of the attacker's.
    expect(await claimsOf(victim.uid)).toHaveLength(1);
  });

  it('a support link says whose claim it opens and waits for a yes', async () => {
    const owner = await victimMidClaim();
    const link = await mintResumeLink(owner.uid);
    const token = new URL(link).searchParams.get('link')!;
    const opener = await signUpAnonymous();
    const checked = await check(opener, { token });
    expect(checked.needsAddress).toBe(false);
    expect(checked.question).toMatchObject({ opens: { title: expect.any(String) as string } });
    expectGatewayError(
      await callFunction(opener, 'redeemEmailLink', { token }),
      'FAILED_PRECONDITION',
    );
    const { user } = await redeemAndSignIn(opener, token, { confirmed: true });
    expect(user.uid).toBe(owner.uid);
  });
});

/** The Auth emulator's accounts:update, as the web SDK links an email and password. */
async function linkEmailAndPassword(user: TestUser, email: string, password: string) {
  const response = await fetch(
    `http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:update?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ idToken: user.idToken, email, password, returnSecureToken: true }),
    },
  );
  if (!response.ok) throw new Error(`accounts:update: ${await response.text()}`);
}

describe('an account made with someone else’s address', () => {
  it('keeps no token from before the takeover, anonymous-flavoured ones included', async () => {
    const victimEmail = randomEmail();
    const attacker = await signUpAnonymous();
    await linkEmailAndPassword(attacker, victimEmail, PASSWORD);
    const victim = await victimMidClaim();
    await nextSecond();
    // The victim proves the address in their own browser: the account is taken over.
    const requester = newRequester();
    await resultOf(callFunction(victim, 'requestSignInLink', { email: victimEmail, requester }));
    const { user, result } = await redeemAndSignIn(
      victim,
      await emailedLinkToken(victimEmail, 'sign-in-link'),
      { requester },
    );
    expect(user.uid).toBe(attacker.uid);
    expect(result.passwordRemoved).toBe(true);
    expect(await claimsOf(attacker.uid)).toHaveLength(1);
    // The attacker's pre-link anonymous token reads nothing of what moved in.
    for (const read of ['getProfile', 'listClaims', 'exportMyData'] as const) {
      expectGatewayError(await callFunction(attacker, read, {}), 'UNAUTHENTICATED');
    }
    expectGatewayError(
      await callFunction(attacker, 'getClaim', { funnelId: FUNNEL_ID }),
      'UNAUTHENTICATED',
    );
    await expect(signInWithPassword(victimEmail, PASSWORD)).rejects.toThrow();
  });

  it('a confirm email opened by the address holder elsewhere ends the password and sessions', async () => {
    const victimEmail = randomEmail();
    const attacker = await signUpWithEmail(victimEmail, PASSWORD);
    await resultOf(callFunction(attacker, 'requestEmailProof', { requester: newRequester() }));
    const mail = await db().collection('mail').where('to', '==', victimEmail).get();
    const text = String(mail.docs[0]!.get('message').text);
    // It says what it confirms, and offers "this was not me".
    expect(text).toMatch(/made with this email address on \d{1,2} \w+ \d{4} at \d{2}:\d{2}/);
    expect(text).toMatch(/[?&]link=[A-Za-z0-9_-]{43}&notMe=1/);
    const token = await emailedLinkToken(victimEmail, 'confirm-email');
    await nextSecond();

    const victim = await signUpAnonymous();
    expect(await check(victim, { token })).toMatchObject({ needsAddress: true });
    const { user, result } = await redeemAndSignIn(victim, token, { email: victimEmail });
    expect(user.uid).toBe(attacker.uid);
    expect(result.passwordRemoved).toBe(true);
    await expect(signInWithPassword(victimEmail, PASSWORD)).rejects.toThrow();
    expectGatewayError(await callFunction(attacker, 'listClaims', {}), 'UNAUTHENTICATED');
  });

  it('"this was not me" ends every way into the account', async () => {
    const victimEmail = randomEmail();
    const attacker = await signUpWithEmail(victimEmail, PASSWORD);
    await resultOf(callFunction(attacker, 'requestEmailProof', { requester: newRequester() }));
    const token = await emailedLinkToken(victimEmail, 'confirm-email');
    await nextSecond();
    const victim = await signUpAnonymous();
    expectInvalidArgument(
      await callFunction(victim, 'refuseEmailLink', { token, email: randomEmail() }),
      'data.email',
    );
    await resultOf(callFunction(victim, 'refuseEmailLink', { token, email: victimEmail }));
    await expect(signInWithPassword(victimEmail, PASSWORD)).rejects.toThrow();
    expectGatewayError(await callFunction(attacker, 'getProfile', {}), 'UNAUTHENTICATED');
    expect((await check(victim, { token })).live).toBe(false);
  });
});

describe('emails a stranger can cause', () => {
  it('are limited per address, claims received and links together, +tags and case folded', async () => {
    const local = `it-flood-${Date.now()}`;
    const variants = (n: number) =>
      n % 3 === 0
        ? `${local}@example.com`
        : n % 3 === 1
          ? `${local}+${n}@example.com`
          : `${local.toUpperCase()}+x${n}@Example.com`;
    const pages = ['start', 'address', 'check', 'sign'] as const;
    for (let n = 0; n < MAIL_PER_RECIPIENT.maxCalls + 4; n += 1) {
      const sender = await signUpAnonymous();
      for (const pageId of pages) {
        const pageAnswers =
          pageId === 'start' ? { ...answers.start, email: variants(n) } : answers[pageId];
        await resultOf(
          callFunction(sender, 'saveAnswers', {
            funnelId: FUNNEL_ID,
            pageId,
            answers: pageAnswers,
          }),
        );
      }
      // Every claim is still sent: only its email is held back.
      await resultOf(callFunction(sender, 'submitClaim', { funnelId: FUNNEL_ID }));
    }
    const linkAsker = await signUpAnonymous();
    expectGatewayError(
      await callFunction(linkAsker, 'requestSignInLink', { email: `${local}+link@example.com` }),
      'RESOURCE_EXHAUSTED',
    );
    // Addresses are stored lower-cased: every variant starts with `local`.
    const toThem = await db()
      .collection('mail')
      .where('to', '>=', local)
      .where('to', '<', `${local}\uf8ff`)
      .get();
    expect(toThem.size).toBe(MAIL_PER_RECIPIENT.maxCalls);
  }, 120_000);
});
