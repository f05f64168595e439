/**
 * A claimant's rights over their data need no account: the anonymous session they made the
 * claim in, or the session the link in an email about their claim opens on another device,
 * downloads everything held about them, withdraws a sent claim and deletes their data. Each
 * acts on the caller's own uid only: another session (another anonymous claimant, one whose
 * session has ended, the maker of a claim in someone else's name once that person opened its
 * link) reads, withdraws and deletes nothing of theirs.
 */
import { describe, expect, it } from 'vitest';
import examples from '../../../funnels/examples/vehicle-claim.json';
import type { ClaimView, GatewayResponse } from '../../../src/runtime/contract';
import {
  adminAuth,
  authUserExists,
  callFunction,
  db,
  emailedLinkToken,
  randomEmail,
  readDocument,
  redeemAndSignIn,
  resultOf,
  signUpAnonymous,
  signInWithEmailLink,
  signUpProved,
  type TestUser,
} from '../support/emulators';
import { expectGatewayError } from '../support/gatewayAssertions';
import { staffMember } from '../support/staff';

const FUNNEL_ID = 'vehicle-claim';
const answers = examples[0]!.answers;

/** Firebase counts revocation in whole seconds: a token must be a second older to be refused. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1_100));

interface Exported {
  account: { uid: string; anonymous?: boolean; exists?: boolean };
  claims: {
    claimId: string;
    reference?: string;
    withdrawnAt?: string;
    answers: { start?: { email?: string } };
    history: { id: string; event?: string; note?: string; reason?: string }[];
  }[];
}

/** An anonymous claimant who has sent one claim naming `email`; its claim and the email's link. */
async function sentClaim(email = randomEmail()) {
  const user = await signUpAnonymous();
  for (const pageId of ['start', 'address', 'check', 'sign'] as const) {
    await resultOf(
      callFunction(user, 'saveAnswers', {
        funnelId: FUNNEL_ID,
        pageId,
        answers: pageId === 'start' ? { ...answers.start, email } : answers[pageId],
      }),
    );
  }
  const { claim } = await resultOf(
    callFunction<{ claim: ClaimView }>(user, 'submitClaim', { funnelId: FUNNEL_ID }),
  );
  return { user, email, claim };
}

async function exportOf(user: TestUser): Promise<Exported> {
  const { data } = await resultOf(
    callFunction<GatewayResponse<'exportMyData'>>(user, 'exportMyData', {}),
  );
  return data as unknown as Exported;
}

function withdraw(user: TestUser, claimId: string, reason?: string) {
  return callFunction<{ claim: ClaimView }>(user, 'withdrawClaim', {
    funnelId: FUNNEL_ID,
    claimId,
    ...(reason ? { reason } : {}),
  });
}

/** The link in the "claim received" email, opened in a new browser that types the address. */
async function openClaimLinkElsewhere(email: string) {
  const token = await emailedLinkToken(email, 'claim-received');
  const device = await signUpAnonymous();
  const { user, result } = await redeemAndSignIn(device, token, { email });
  return { user, result, device };
}

describe('an anonymous claimant with only a sent claim', () => {
  it('downloads their data, withdraws the claim, then deletes their data, in their own session', async () => {
    const { user, claim } = await sentClaim();
    const other = await signUpAnonymous();

    const before = await exportOf(user);
    expect(before.account).toMatchObject({ uid: user.uid, anonymous: true });
    expect(before.claims.map((c) => c.claimId)).toEqual([claim.claimId]);
    expect(JSON.stringify(before)).not.toContain(other.uid);

    const { claim: withdrawn } = await resultOf(withdraw(user, claim.claimId, 'Changed my mind'));
    expect(withdrawn.withdrawnAt).toEqual(expect.any(String));
    // Withdrawing twice changes nothing and says so.
    expectGatewayError(await withdraw(user, claim.claimId), 'FAILED_PRECONDITION');
    const after = await exportOf(user);
    expect(after.claims[0]!.withdrawnAt).toEqual(expect.any(String));
    expect(after.claims[0]!.history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 'withdrawn', reason: 'Changed my mind' }),
      ]),
    );

    const deleted = await resultOf(
      callFunction<GatewayResponse<'deleteMyAccount'>>(user, 'deleteMyAccount', { confirm: true }),
    );
    expect(deleted).toEqual({ deleted: true, keptClaims: 1 });
    expect(await authUserExists(user.uid)).toBe(false);
    // The sent claim is kept, no longer anyone's: not even the session that deleted it reads it.
    expect(await readDocument('claims', claim.claimId)).toMatchObject({
      userId: null,
      formerUserId: user.uid,
      reference: claim.reference,
    });
    expectGatewayError(await callFunction(user, 'exportMyData', {}), 'UNAUTHENTICATED');
    expectGatewayError(
      await callFunction(user, 'deleteMyAccount', { confirm: true }),
      'UNAUTHENTICATED',
    );
    expectGatewayError(await withdraw(user, claim.claimId), 'UNAUTHENTICATED');
    // The other session was never touched.
    expect(await authUserExists(other.uid)).toBe(true);
  });

  it('finds in their data the notes staff wrote on the claim', async () => {
    const { user, claim } = await sentClaim();
    const staff = await staffMember();
    const note = `Asked the lender for the agreement ${Date.now()}`;
    await resultOf(
      callFunction(staff, 'staffMoveClaim', {
        claimId: claim.claimId,
        from: 'sent',
        to: 'in-review',
        note,
      }),
    );
    const [exported] = (await exportOf(user)).claims;
    expect(exported!.history).toEqual(
      expect.arrayContaining([expect.objectContaining({ event: 'stage-changed', note })]),
    );
  });
});

describe("another anonymous session and someone else's claim", () => {
  it('exports none of it, cannot withdraw it, and deleting its own data leaves it whole', async () => {
    const victim = await sentClaim();
    const attacker = await signUpAnonymous();
    await resultOf(
      callFunction(attacker, 'saveAnswers', {
        funnelId: FUNNEL_ID,
        pageId: 'start',
        answers: answers.start,
      }),
    );

    const exported = await exportOf(attacker);
    expect(exported.account.uid).toBe(attacker.uid);
    expect(exported.claims.map((c) => c.claimId)).not.toContain(victim.claim.claimId);
    const text = JSON.stringify(exported);
    expect(text).not.toContain(victim.user.uid);
    expect(text).not.toContain(victim.email);
    expect(text).not.toContain(victim.claim.reference!);

    const refused = expectGatewayError(
      await withdraw(attacker, victim.claim.claimId, 'not mine'),
      'INVALID_ARGUMENT',
    );
    expect(refused.details?.fields?.map((field) => field.field)).toEqual(['data.claimId']);
    const stored = await readDocument('claims', victim.claim.claimId);
    expect(stored?.withdrawnAt).toBeUndefined();
    expect((await db().doc(`claims/${victim.claim.claimId}/history/withdrawn`).get()).exists).toBe(
      false,
    );

    const deleted = await resultOf(
      callFunction<GatewayResponse<'deleteMyAccount'>>(attacker, 'deleteMyAccount', {
        confirm: true,
      }),
    );
    expect(deleted).toEqual({ deleted: true, keptClaims: 0 });
    expect(await authUserExists(victim.user.uid)).toBe(true);
    expect(await readDocument('claims', victim.claim.claimId)).toMatchObject({
      userId: victim.user.uid,
      status: 'submitted',
    });
    expect((await exportOf(victim.user)).claims.map((c) => c.claimId)).toEqual([
      victim.claim.claimId,
    ]);
  });
});

describe('the link in an email about the claim, opened on another device', () => {
  it('gives a session without an account that downloads, withdraws and deletes the claimant’s data', async () => {
    const { user: laptop, email, claim } = await sentClaim();
    await nextSecond();
    const { user: phone, result, device } = await openClaimLinkElsewhere(email);
    expect(phone.uid).toBe(laptop.uid);
    expect(result).toMatchObject({ claim: { claimId: claim.claimId } });
    // Still no account: no address, no sign-in method of its own.
    const record = await adminAuth().getUser(phone.uid);
    expect(record.email).toBeUndefined();
    expect(record.providerData).toEqual([]);

    const exported = await exportOf(phone);
    expect(exported.account).toMatchObject({ uid: laptop.uid, anonymous: true });
    expect(exported.claims.map((c) => c.claimId)).toEqual([claim.claimId]);
    // The phone's own anonymous session holds nothing of the claim.
    expect((await exportOf(device)).claims).toEqual([]);
    expectGatewayError(await withdraw(device, claim.claimId), 'INVALID_ARGUMENT');

    await resultOf(withdraw(phone, claim.claimId));
    expect((await readDocument('claims', claim.claimId))?.withdrawnAt).toBeDefined();
    const deleted = await resultOf(
      callFunction<GatewayResponse<'deleteMyAccount'>>(phone, 'deleteMyAccount', {
        confirm: true,
      }),
    );
    expect(deleted).toEqual({ deleted: true, keptClaims: 1 });
    expect(await authUserExists(laptop.uid)).toBe(false);
    // The device's own session is its own, and was left as it was.
    expect(await authUserExists(device.uid)).toBe(true);
  });

  it('a claim made in someone else’s name is theirs once they open its link: its maker reads, withdraws and deletes nothing', async () => {
    const victimEmail = randomEmail();
    const { user: maker, claim } = await sentClaim(victimEmail);
    await nextSecond();
    const { user: victim } = await openClaimLinkElsewhere(victimEmail);
    expect(victim.uid).toBe(maker.uid);

    // The maker's session ended when the address holder opened the link.
    for (const call of [
      callFunction(maker, 'exportMyData', {}),
      withdraw(maker, claim.claimId),
      callFunction(maker, 'deleteMyAccount', { confirm: true }),
    ]) {
      expectGatewayError(await call, 'UNAUTHENTICATED');
    }
    expect((await readDocument('claims', claim.claimId))?.withdrawnAt).toBeUndefined();
    expect(await authUserExists(maker.uid)).toBe(true);

    // The person it names sees what was sent in their name, and withdraws it.
    const exported = await exportOf(victim);
    expect(exported.claims[0]!.answers.start?.email).toBe(victimEmail);
    await resultOf(withdraw(victim, claim.claimId, 'I did not make this claim'));
    expect((await readDocument('claims', claim.claimId))?.withdrawnAt).toBeDefined();
  });

  it('its maker cannot pull it into an account of their own with the session token they kept', async () => {
    const victimEmail = randomEmail();
    const { user: maker, claim } = await sentClaim(victimEmail);
    const makersAccount = await signUpProved(randomEmail(), 'makers-own-password-1');
    await nextSecond();
    const { user: victim } = await openClaimLinkElsewhere(victimEmail);
    expect(victim.uid).toBe(maker.uid);

    // The maker's anonymous ID token is unexpired, but its session ended with the link.
    const reply = await callFunction(makersAccount, 'mergeAnonymousUser', {
      anonymousIdToken: maker.idToken,
    });
    const refused = expectGatewayError(reply, 'INVALID_ARGUMENT');
    expect(refused.details?.fields?.map((field) => field.field)).toEqual(['data.anonymousIdToken']);
    expect(await readDocument('claims', claim.claimId)).toMatchObject({ userId: maker.uid });
    expect((await exportOf(victim)).claims.map((c) => c.claimId)).toEqual([claim.claimId]);
  });

  it('signing in to an account from that session brings the claim into it, as from an anonymous one', async () => {
    const { user: laptop, email, claim } = await sentClaim();
    const account = await signUpProved(randomEmail(), 'claimants-own-password-1');
    const { user: phone } = await openClaimLinkElsewhere(email);
    const merged = await resultOf(
      callFunction<{ moved: string[] }>(account, 'mergeAnonymousUser', {
        anonymousIdToken: phone.idToken,
      }),
    );
    expect(merged.moved).toEqual([FUNNEL_ID]);
    const owned = await db().collection('claims').where('userId', '==', account.uid).get();
    expect(owned.docs.map((doc) => doc.data().reference)).toEqual([claim.reference]);
    expect(await authUserExists(laptop.uid)).toBe(false);

    // A link's session of an account is that account's own: it is never merged into another.
    const other = await signInWithEmailLink(randomEmail());
    expectGatewayError(
      await callFunction(account, 'mergeAnonymousUser', { anonymousIdToken: other.idToken }),
      'PERMISSION_DENIED',
    );
    expect(await authUserExists(other.uid)).toBe(true);
  });

  it('is no account for "save and come back later" either: a draft opened by its link may ask for one', async () => {
    const laptop = await signUpAnonymous();
    const email = randomEmail();
    await resultOf(
      callFunction(laptop, 'saveAnswers', {
        funnelId: FUNNEL_ID,
        pageId: 'start',
        answers: { ...answers.start, email },
      }),
    );
    const [draft] = (await db().collection('claims').where('userId', '==', laptop.uid).get()).docs;
    await resultOf(callFunction(laptop, 'renewClaimLink', { claimId: draft!.id, email }));
    const { user: phone } = await redeemAndSignIn(
      await signUpAnonymous(),
      await emailedLinkToken(email, 'claim-link'),
      { email },
    );
    expect(phone.uid).toBe(laptop.uid);
    await resultOf(callFunction(phone, 'requestSaveAndReturn', { funnelId: FUNNEL_ID, email }));
    expect(await emailedLinkToken(email, 'save-and-return-link')).toEqual(expect.any(String));

    // A link's session of an account is an account: it has nothing to save this way.
    const account = await signInWithEmailLink(randomEmail());
    await resultOf(
      callFunction(account, 'saveAnswers', {
        funnelId: FUNNEL_ID,
        pageId: 'start',
        answers: answers.start,
      }),
    );
    expectGatewayError(
      await callFunction(account, 'requestSaveAndReturn', { funnelId: FUNNEL_ID, email }),
      'FAILED_PRECONDITION',
    );
  });

  it('a used link signs no one else in, so nobody else reaches the claim through it', async () => {
    const { email, claim } = await sentClaim();
    const token = await emailedLinkToken(email, 'claim-received');
    await redeemAndSignIn(await signUpAnonymous(), token, { email });
    const stranger = await signUpAnonymous();
    const again = await callFunction(stranger, 'redeemEmailLink', { token, email });
    expectGatewayError(again, 'FAILED_PRECONDITION');
    expect((await exportOf(stranger)).claims).toEqual([]);
    expectGatewayError(await withdraw(stranger, claim.claimId), 'INVALID_ARGUMENT');
  });
});
