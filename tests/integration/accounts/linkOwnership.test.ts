/**
 * A link is for its owner: the ways a link could still hand a claim to someone else, carried
 * out with genuine emulator tokens, each asserting what Auth and Firestore hold afterwards. An
 * address typed where no browser asked for its link attaches to no session there; sent claims
 * count as much as claims in progress; a claim made naming another person's address is theirs
 * once they prove it, and its maker's sessions end; a redeem whose answer was lost can be sent
 * again; a reminder link asks one question; and `npm run reminders` counts its emails on the
 * gateway's own per-recipient counter.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import examples from '../../../funnels/examples/vehicle-claim.json';
import { MAIL_PER_RECIPIENT } from '../../../src/gateway/call/quotas';
import {
  adminAuth,
  authUserExists,
  callFunction,
  db,
  emailedLinkToken,
  newRequester,
  randomEmail,
  redeemAndSignIn,
  resultOf,
  signInWithCustomToken,
  signUpAnonymous,
  signUpProved,
  type TestUser,
} from '../support/emulators';
import { expectGatewayError } from '../support/gatewayAssertions';

const FUNNEL_ID = 'vehicle-claim';
const answers = examples[0]!.answers;
const PASSWORD = 'attacker-password-123';

/** Firebase counts revocation in whole seconds: a token must be a second older to be refused. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1_100));

async function claimsOf(uid: string) {
  const snapshot = await db().collection('claims').where('userId', '==', uid).get();
  return snapshot.docs.map((doc) => ({ id: doc.id, ...doc.data() }));
}

async function save(user: TestUser, pageId: keyof typeof answers, email?: string) {
  const pageAnswers = pageId === 'start' ? { ...answers.start, email } : answers[pageId];
  return resultOf(
    callFunction<{ claimId: string }>(user, 'saveAnswers', {
      funnelId: FUNNEL_ID,
      pageId,
      answers: pageAnswers,
    }),
  );
}

/** An anonymous claimant part-way through a claim naming `email`. */
async function midClaim(email = randomEmail()): Promise<TestUser> {
  const user = await signUpAnonymous();
  await save(user, 'start', email);
  await save(user, 'address');
  return user;
}

/** An anonymous claimant whose only claim is sent. */
async function sentOnly(): Promise<TestUser> {
  const user = await signUpAnonymous();
  await save(user, 'start', randomEmail());
  for (const pageId of ['address', 'check', 'sign'] as const) await save(user, pageId);
  await resultOf(callFunction(user, 'submitClaim', { funnelId: FUNNEL_ID }));
  return user;
}

/** The attacker asks, in their own browser, for a sign-in link to an address of their own. */
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

async function emailOf(uid: string): Promise<string | undefined> {
  return (await adminAuth().getUser(uid)).email;
}

describe('an address typed where no browser asked for its link', () => {
  for (const [state, victimOf] of [
    ['a claim in progress', () => midClaim()],
    ['only a sent claim', sentOnly],
  ] as const) {
    it(`with ${state}: asks which account, and “no” keeps the claim, the uid and no address`, async () => {
      const attackerEmail = randomEmail();
      const token = await attackersSignInLink(attackerEmail);
      const victim = await victimOf();
      const before = await claimsOf(victim.uid);

      const checked = await check(victim, { token, email: attackerEmail });
      expect(checked.question).toMatchObject({
        signsInAs: { email: attackerEmail },
        claimsMove: true,
      });
      const held = checked.question as { claimsInProgress: unknown[]; claimsSent: unknown[] };
      expect(held.claimsInProgress.length + held.claimsSent.length).toBe(1);
      // "No" is not calling at all; a redeem that skipped the question is refused.
      expectGatewayError(
        await callFunction(victim, 'redeemEmailLink', { token, email: attackerEmail }),
        'FAILED_PRECONDITION',
      );
      expect(await emailOf(victim.uid)).toBeUndefined();
      expect(await claimsOf(victim.uid)).toEqual(before);
      await expect(adminAuth().getUserByEmail(attackerEmail)).rejects.toThrow();
      expect((await check(victim, { token })).live).toBe(true);
    });
  }

  it('with a claim in progress and a yes: the claim goes to the address’s own new account, not this uid', async () => {
    const attackerEmail = randomEmail();
    const token = await attackersSignInLink(attackerEmail);
    const victim = await midClaim();
    const { user } = await redeemAndSignIn(victim, token, {
      email: attackerEmail,
      confirmed: true,
    });
    expect(user.uid).not.toBe(victim.uid);
    expect(await emailOf(user.uid)).toBe(attackerEmail);
    expect(await emailOf(victim.uid)).toBeUndefined();
    expect(await claimsOf(user.uid)).toHaveLength(1);
  });

  it('in a new browser holding nothing: signs in to a new account, and this uid gets no address', async () => {
    const attackerEmail = randomEmail();
    const token = await attackersSignInLink(attackerEmail);
    const victim = await signUpAnonymous();
    expect((await check(victim, { token, email: attackerEmail })).question).toBeNull();
    const { user } = await redeemAndSignIn(victim, token, { email: attackerEmail });
    expect(user.uid).not.toBe(victim.uid);
    expect(await emailOf(victim.uid)).toBeUndefined();
    expect((await adminAuth().getUserByEmail(attackerEmail)).uid).toBe(user.uid);
    // The attacker's next link signs in to that account, which holds nothing of the victim's.
    const again = await attackersSignInLink(attackerEmail);
    const attacker = await signUpAnonymous();
    const { user: attackerIn } = await redeemAndSignIn(attacker, again, { email: attackerEmail });
    expect(attackerIn.uid).toBe(user.uid);
    expect(await claimsOf(victim.uid)).toEqual([]);
  });

  it('opened in the browser that asked, still gives that session the address (same uid)', async () => {
    const email = randomEmail();
    const claimant = await midClaim();
    const requester = newRequester();
    await resultOf(callFunction(claimant, 'requestSignInLink', { email, requester }));
    const { user } = await redeemAndSignIn(
      claimant,
      await emailedLinkToken(email, 'sign-in-link'),
      { requester },
    );
    expect(user.uid).toBe(claimant.uid);
    expect(await emailOf(claimant.uid)).toBe(email);
  });
});

describe('sent claims count', () => {
  it('a sign-in link to someone’s account asks before a sent claim moves; without a yes nothing does', async () => {
    const attackerEmail = randomEmail();
    const attacker = await signUpProved(attackerEmail, PASSWORD);
    const token = await attackersSignInLink(attackerEmail);
    const victim = await sentOnly();
    const checked = await check(victim, { token, email: attackerEmail });
    expect(checked.question).toMatchObject({
      signsInAs: { email: attackerEmail },
      claimsMove: true,
      claimsInProgress: [],
      claimsSent: [{ funnelId: FUNNEL_ID }],
    });
    expectGatewayError(
      await callFunction(victim, 'redeemEmailLink', { token, email: attackerEmail }),
      'FAILED_PRECONDITION',
    );
    expect(await claimsOf(victim.uid)).toMatchObject([{ status: 'submitted' }]);
    expect(await claimsOf(attacker.uid)).toEqual([]);
    expect(await authUserExists(victim.uid)).toBe(true);
  });

  it('a “come back later” link someone sent for their own address asks the same', async () => {
    const attackerEmail = randomEmail();
    const attacker = await midClaim(attackerEmail);
    await resultOf(
      callFunction(attacker, 'requestSaveAndReturn', {
        funnelId: FUNNEL_ID,
        email: attackerEmail,
        requester: newRequester(),
      }),
    );
    const token = await emailedLinkToken(attackerEmail, 'save-and-return-link');
    const victim = await sentOnly();
    const checked = await check(victim, { token, email: attackerEmail });
    expect(checked.question).toMatchObject({ claimsSent: [{ funnelId: FUNNEL_ID }] });
    expectGatewayError(
      await callFunction(victim, 'redeemEmailLink', { token, email: attackerEmail }),
      'FAILED_PRECONDITION',
    );
    expect(await claimsOf(victim.uid)).toMatchObject([{ status: 'submitted' }]);
    expect(await claimsOf(attacker.uid)).toHaveLength(1);
    expect(await authUserExists(victim.uid)).toBe(true);
    expect(await emailOf(attacker.uid)).toBeUndefined();
  });
});

/** What the maker's old token still reads: each call must be refused as a session ended. */
async function expectReadsNothing(maker: TestUser) {
  expectGatewayError(await callFunction(maker, 'listClaims', {}), 'UNAUTHENTICATED');
  expectGatewayError(
    await callFunction(maker, 'getClaim', { funnelId: FUNNEL_ID }),
    'UNAUTHENTICATED',
  );
}

describe('a claim made naming another person’s address', () => {
  it('its claim link, proved by that person, is theirs: the maker’s sessions end', async () => {
    const victimEmail = randomEmail();
    const maker = await midClaim(victimEmail);
    const [claim] = await claimsOf(maker.uid);
    await resultOf(
      callFunction(maker, 'renewClaimLink', {
        claimId: claim!.id,
        email: victimEmail,
        requester: newRequester(),
      }),
    );
    const token = await emailedLinkToken(victimEmail, 'claim-link');
    await nextSecond();

    const victim = await signUpAnonymous();
    // The address proves it: a browser holding nothing is asked nothing more.
    expect((await check(victim, { token, email: victimEmail })).question).toBeNull();
    const { user } = await redeemAndSignIn(victim, token, { email: victimEmail });
    expect(user.uid).toBe(maker.uid);
    await expectReadsNothing(maker);
    // The prover's own session reads it, and what they type is theirs alone.
    await save(user, 'check');
    const listed = await resultOf(
      callFunction<{ claims: { funnelId: string }[] }>(user, 'listClaims', {}),
    );
    expect(listed.claims.map((c) => c.funnelId)).toEqual([FUNNEL_ID]);
    await expectReadsNothing(maker);
    // Nothing of the maker's can sign them in again: their other links are gone.
    const pending = await db().collection('emailLinks').where('uid', '==', maker.uid).get();
    expect(pending.size).toBe(0);
  });

  it('its “come back later” link, proved by that person, is theirs: the maker’s sessions and requests end', async () => {
    const victimEmail = randomEmail();
    const maker = await midClaim(victimEmail);
    const sent = await resultOf(
      callFunction<{ requestId: string }>(maker, 'requestSaveAndReturn', {
        funnelId: FUNNEL_ID,
        email: victimEmail,
        requester: newRequester(),
      }),
    );
    const token = await emailedLinkToken(victimEmail, 'save-and-return-link');
    await nextSecond();

    const victim = await signUpAnonymous();
    const { user } = await redeemAndSignIn(victim, token, { email: victimEmail });
    expect(user.uid).toBe(maker.uid);
    expect(await emailOf(maker.uid)).toBe(victimEmail);
    await expectReadsNothing(maker);
    expect((await db().doc(`saveAndReturn/${sent.requestId}`).get()).exists).toBe(false);
    const claims = await resultOf(callFunction<{ claims: unknown[] }>(user, 'listClaims', {}));
    expect(claims.claims).toHaveLength(1);
  });

  it('the claimant’s own claim opened on their phone follows them, and loses nothing', async () => {
    const email = randomEmail();
    const laptop = await midClaim(email);
    const [claim] = await claimsOf(laptop.uid);
    await resultOf(callFunction(laptop, 'renewClaimLink', { claimId: claim!.id, email }));
    const phone = await signUpAnonymous();
    const { user, result } = await redeemAndSignIn(
      phone,
      await emailedLinkToken(email, 'claim-link'),
      { email },
    );
    expect(user.uid).toBe(laptop.uid);
    expect(result).toMatchObject({ claim: { claimId: claim!.id } });
    const read = await resultOf(
      callFunction<{ claim: { answers: Record<string, unknown> } }>(user, 'getClaim', {
        funnelId: FUNNEL_ID,
      }),
    );
    expect(Object.keys(read.claim.answers)).toEqual(expect.arrayContaining(['start', 'address']));
  });
});

describe('a redeem whose answer is lost', () => {
  it('sent again by the same browser gets the same answer, 20 times over, and keeps its session until then', async () => {
    for (let round = 0; round < 20; round += 1) {
      const email = randomEmail();
      const claimant = await midClaim(email);
      await resultOf(
        callFunction(claimant, 'requestSaveAndReturn', { funnelId: FUNNEL_ID, email }),
      );
      const token = await emailedLinkToken(email, 'save-and-return-link');
      // Another device, with a claim of its own to move.
      const phone = await midClaim();
      const requester = newRequester();
      const opener = { email, confirmed: true, requester };
      const first = await redeemAndSignIn(phone, token, opener);
      // The answer never arrived: the phone still holds only its anonymous session.
      expect(await authUserExists(phone.uid)).toBe(true);
      const again = await redeemAndSignIn(phone, token, opener);
      // The same answer but for the sign-in token, which is made fresh for each.
      expect({ ...again.result, signInToken: null }).toEqual({
        ...first.result,
        signInToken: null,
      });
      expect(again.user.uid).toBe(claimant.uid);
      // Asked again, the page finds it live for this browser only, with nothing more to ask.
      expect(await check(phone, { token, requester })).toMatchObject({
        live: true,
        question: null,
      });
      expect((await check(phone, { token, requester: newRequester() })).live).toBe(false);
      expect(await claimsOf(claimant.uid)).toHaveLength(2);
      expect(await claimsOf(phone.uid)).toEqual([]);
      // Anyone else, or this session without its browser's secret, finds it used.
      expectGatewayError(
        await callFunction(await signUpAnonymous(), 'redeemEmailLink', { token, ...opener }),
        'FAILED_PRECONDITION',
      );
      expectGatewayError(
        await callFunction(phone, 'redeemEmailLink', { token, email, confirmed: true }),
        'FAILED_PRECONDITION',
      );
      const session = await signInWithCustomToken(String(again.result.signInToken));
      expect(session.uid).toBe(claimant.uid);
    }
  }, 300_000);

  it('sent again while the first is still at work gets the same answer', async () => {
    const email = randomEmail();
    const account = await signUpProved(email, PASSWORD);
    const browser = await midClaim();
    const requester = newRequester();
    await resultOf(callFunction(browser, 'requestSignInLink', { email, requester }));
    const token = await emailedLinkToken(email, 'sign-in-link');
    const replies = await Promise.all(
      [1, 2, 3].map(() => callFunction(browser, 'redeemEmailLink', { token, requester })),
    );
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200]);
    const uids = replies.map((reply) => (reply.json.result as { uid: string }).uid);
    expect(uids).toEqual([account.uid, account.uid, account.uid]);
    expect(await claimsOf(account.uid)).toHaveLength(1);
    expect(await authUserExists(browser.uid)).toBe(true);
  });
});

describe('a reminder’s link', () => {
  it('asks one question in a new browser: the address it went to', async () => {
    const email = randomEmail();
    const owner = await midClaim(email);
    const [claim] = await claimsOf(owner.uid);
    await resultOf(callFunction(owner, 'renewClaimLink', { claimId: claim!.id, email }));
    const token = await emailedLinkToken(email, 'claim-link');
    const device = await signUpAnonymous();
    expect(await check(device, { token })).toMatchObject({ needsAddress: true, question: null });
    expect(await check(device, { token, email })).toMatchObject({ question: null });
    // A browser holding a claim of its own is still asked before it is put out of view.
    const busy = await midClaim();
    expect((await check(busy, { token, email })).question).toMatchObject({
      mustSaveFirst: true,
    });
  });
});

describe('npm run reminders', () => {
  const root = resolve(import.meta.dirname, '../../..');
  const tsx = resolve(root, 'node_modules/.bin/tsx');
  // Older than other tests' reminded drafts (61 days), younger than the retention test's
  // stale ones, so only this test's draft is due here and it stays out of that test's way.
  const AFTER_DAYS = 80;

  it('counts on the gateway’s own per-recipient counter', async () => {
    const email = randomEmail();
    const owner = await midClaim(email);
    const [claim] = await claimsOf(owner.uid);
    for (let n = 0; n < MAIL_PER_RECIPIENT.maxCalls; n += 1) {
      await resultOf(callFunction(await signUpAnonymous(), 'requestSignInLink', { email }));
    }
    await db()
      .doc(`claims/${claim!.id}`)
      .update({ updatedAt: Timestamp.fromMillis(Date.now() - (AFTER_DAYS + 1) * 86_400_000) });
    const env = { ...process.env };
    delete env.QUOTA_ADDRESS_SECRET;
    delete env.GCLOUD_PROJECT;
    const { stdout } = await promisify(execFile)(
      tsx,
      ['scripts/reminders.ts', '--after-days', String(AFTER_DAYS)],
      { cwd: root, env },
    );
    expect(stdout).toMatch(/Reminded \d+ draft/);
    const mail = await db().collection('mail').where('to', '==', email).get();
    expect(mail.size).toBe(MAIL_PER_RECIPIENT.maxCalls);
    expect((await db().doc(`claims/${claim!.id}`).get()).get('reminded')).toBe(false);
  }, 60_000);

  it('refuses to run on a real project without the gateway’s key', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      RESUME_LINK_USE_PROJECT: '1',
      GCLOUD_PROJECT: 'some-project',
    };
    delete env.QUOTA_ADDRESS_SECRET;
    const run = promisify(execFile)(tsx, ['scripts/reminders.ts'], { cwd: root, env });
    await expect(run).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('QUOTA_ADDRESS_SECRET') as string,
    });
  }, 60_000);
});
