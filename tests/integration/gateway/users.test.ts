import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import type { GatewayResponse } from '../../../src/runtime/contract';
import {
  adminAuth,
  callFunction,
  randomAddress,
  randomEmail,
  randomUkMobile,
  readDocument,
  resultOf,
  signUpAnonymous,
  signUpWithEmail,
  type TestUser,
} from '../support/emulators';
import { expectGatewayError, expectInvalidArgument } from '../support/gatewayAssertions';

const PASSWORD = 'correct-horse-battery-staple';

function confirmUserExists(user: TestUser, email: string, phoneNumber: string) {
  return callFunction<GatewayResponse<'confirmUserExists'>>(user, 'confirmUserExists', {
    email,
    phoneNumber,
  });
}

function setUserContactDetails(user: TestUser, phoneNumber: string) {
  return callFunction<GatewayResponse<'setUserContactDetails'>>(user, 'setUserContactDetails', {
    phoneNumber,
  });
}

/** An account whose email and phone number Firebase Auth holds (the phone proved by a code). */
async function accountWithPhone() {
  const email = randomEmail();
  const phone = randomUkMobile();
  const account = await signUpWithEmail(email, PASSWORD);
  await adminAuth().updateUser(account.uid, { phoneNumber: phone.e164 });
  return { account, email, phone };
}

describe('confirmUserExists', () => {
  it('says no account exists for an email and number nobody registered', async () => {
    const caller = await signUpAnonymous();
    const result = await resultOf(confirmUserExists(caller, randomEmail(), randomUkMobile().typed));
    expect(result).toEqual({ checked: true, accountExists: false });
  });

  it('says an account exists when the email and the number are both of one other account', async () => {
    const { email, phone } = await accountWithPhone();
    const caller = await signUpAnonymous();
    const result = await resultOf(confirmUserExists(caller, email, phone.typed));
    expect(result).toEqual({ checked: true, accountExists: true });
  });

  it('learns nothing from an email alone, a number alone, or the two of different accounts', async () => {
    const first = await accountWithPhone();
    const second = await accountWithPhone();
    const caller = await signUpAnonymous();
    for (const [email, phone] of [
      [first.email, randomUkMobile().typed],
      [randomEmail(), first.phone.typed],
      [first.email, second.phone.typed],
    ] as const) {
      expect(await resultOf(confirmUserExists(caller, email, phone)), `${email} ${phone}`).toEqual({
        checked: true,
        accountExists: false,
      });
    }
  });

  it('does not count the caller’s own account as another', async () => {
    const { account, email, phone } = await accountWithPhone();
    const result = await resultOf(confirmUserExists(account, email, phone.typed));
    expect(result).toEqual({ checked: true, accountExists: false });
  });

  it('refuses a placeholder instead of a mobile number, naming the field, and counts nothing', async () => {
    const caller = await signUpAnonymous();
    expectInvalidArgument(await confirmUserExists(caller, randomEmail(), '-'), 'data.phoneNumber');
  });

  it('counts the calls with the caller’s own data (users/<uid>.limits), not in a document of its own', async () => {
    const caller = await signUpAnonymous();
    await resultOf(confirmUserExists(caller, randomEmail(), randomUkMobile().typed));
    await resultOf(confirmUserExists(caller, randomEmail(), randomUkMobile().typed));
    const person = await readDocument('users', caller.uid);
    expect(person?.limits).toMatchObject({ confirmUserExists: { count: 2 } });
    // Only counters: the caller has no profile until they give one.
    expect(person).not.toHaveProperty('createdAt');
    expect(await readDocument('rateLimits', `confirmUserExists_${caller.uid}`)).toBeUndefined();
  });

  it('refuses the 11th call in an hour from one caller with RESOURCE_EXHAUSTED', async () => {
    const caller = await signUpAnonymous();
    for (let call = 1; call <= 10; call += 1) {
      const result = await resultOf(
        confirmUserExists(caller, randomEmail(), randomUkMobile().typed),
      );
      expect(result, `call ${call}`).toEqual({ checked: true, accountExists: false });
    }
    const error = expectGatewayError(
      await confirmUserExists(caller, randomEmail(), randomUkMobile().typed),
      'RESOURCE_EXHAUSTED',
    );
    expect(error.message).toMatch(/too many/i);
    // A refused call is not counted, and other callers keep their own allowance.
    expect((await readDocument('users', caller.uid))?.limits).toMatchObject({
      confirmUserExists: { count: 10 },
    });
    const other = await signUpAnonymous();
    expect(await resultOf(confirmUserExists(other, randomEmail(), randomUkMobile().typed))).toEqual(
      { checked: true, accountExists: false },
    );
  });

  it('answers claimants who share one address (a mobile network) past what one session may ask', async () => {
    const { email, phone } = await accountWithPhone();
    const address = randomAddress();
    // 30 sessions behind one address ask once each: the old per-address wall stopped at 20.
    const answers = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const caller = { ...(await signUpAnonymous()), address };
        const reply = await confirmUserExists(caller, email, phone.typed);
        return reply.json.result ? 'answered' : String(reply.json.error?.status);
      }),
    );
    expect(answers.filter((answer) => answer === 'answered')).toHaveLength(30);
  });
});

describe('setUserContactDetails', () => {
  it('stores a UK mobile number in E.164 on the profile, not as a sign-in method', async () => {
    const user = await signUpAnonymous();
    const phone = randomUkMobile();
    const result = await resultOf(setUserContactDetails(user, phone.typed));
    expect(result).toEqual({ ok: true, phoneNumber: phone.e164 });
    // An unproved number is contact data only: Auth holds numbers proved by a code.
    expect((await adminAuth().getUser(user.uid)).phoneNumber).toBeUndefined();
    expect(await readDocument('users', user.uid)).toMatchObject({
      id: user.uid,
      userId: user.uid,
      phoneNumber: phone.e164,
    });
  });

  it('accepts the +44 form as well', async () => {
    const user = await signUpAnonymous();
    const phone = randomUkMobile();
    const typed = `+44 ${phone.e164.slice(3, 7)} ${phone.e164.slice(7)}`;
    expect(await resultOf(setUserContactDetails(user, typed))).toEqual({
      ok: true,
      phoneNumber: phone.e164,
    });
  });

  it('answers an exception for a number that is not a UK mobile, and writes nothing', async () => {
    const user = await signUpAnonymous();
    for (const phoneNumber of ['020 7946 0000', '12345', 'call me']) {
      const result = await resultOf(setUserContactDetails(user, phoneNumber));
      expect(result, phoneNumber).toEqual({ exception: expect.any(String) });
      expect((result as { exception: string }).exception).toMatch(/UK mobile/);
    }
    expect((await adminAuth().getUser(user.uid)).phoneNumber).toBeUndefined();
    // The calls were counted with the caller's own data; no profile was made.
    expect(Object.keys((await readDocument('users', user.uid)) ?? {})).toEqual(['limits']);
  });

  it('does not let a number someone typed first block its owner, nor say who has it', async () => {
    const phone = randomUkMobile();
    const squatter = await signUpAnonymous();
    expect(await resultOf(setUserContactDetails(squatter, phone.typed))).toEqual({
      ok: true,
      phoneNumber: phone.e164,
    });
    const owner = await signUpAnonymous();
    expect(await resultOf(setUserContactDetails(owner, phone.typed))).toEqual({
      ok: true,
      phoneNumber: phone.e164,
    });
    expect(await readDocument('users', owner.uid)).toMatchObject({ phoneNumber: phone.e164 });
    // A number proved on another account does not block it, or show, either.
    const { phone: proved } = await accountWithPhone();
    expect(await resultOf(setUserContactDetails(owner, proved.typed))).toEqual({
      ok: true,
      phoneNumber: proved.e164,
    });
  });

  it('refuses the 11th change in an hour with RESOURCE_EXHAUSTED, keeping the stored number', async () => {
    const user = await signUpAnonymous();
    let last = '';
    for (let call = 1; call <= 10; call += 1) {
      last = randomUkMobile().typed;
      await resultOf(setUserContactDetails(user, last));
    }
    expectGatewayError(
      await setUserContactDetails(user, randomUkMobile().typed),
      'RESOURCE_EXHAUSTED',
    );
    expect(await readDocument('users', user.uid)).toMatchObject({
      phoneNumber: `+44${last.replace(/\s/g, '').slice(1)}`,
    });
  });
});

describe('getProfile and saveProfile', () => {
  const profileFields = {
    firstName: 'Sam',
    lastName: 'Jones',
    email: 'sam.jones@example.com',
    phoneNumber: '07700 900982',
  };

  it('returns null before a profile is saved', async () => {
    const user = await signUpAnonymous();
    expect(await resultOf(callFunction(user, 'getProfile', {}))).toEqual({ profile: null });
  });

  it('saves the profile under the caller’s uid and returns it', async () => {
    const user = await signUpAnonymous();
    // `name` is the name a funnel's name role gave: none here.
    const expected = { id: user.uid, userId: user.uid, name: '', ...profileFields };
    expect(await resultOf(callFunction(user, 'saveProfile', profileFields))).toEqual({
      profile: expected,
    });
    expect(await resultOf(callFunction(user, 'getProfile', {}))).toEqual({ profile: expected });
    const stored = await readDocument('users', user.uid);
    expect(stored).toMatchObject({ id: user.uid, userId: user.uid, ...profileFields });
    expect(stored?.updatedAt).toBeInstanceOf(Timestamp);
  });

  it('keeps profiles apart: another user still has none', async () => {
    const user = await signUpAnonymous();
    await resultOf(callFunction(user, 'saveProfile', profileFields));
    const other = await signUpAnonymous();
    expect(await resultOf(callFunction(other, 'getProfile', {}))).toEqual({ profile: null });
  });

  it('replaces the fields on a second save', async () => {
    const user = await signUpAnonymous();
    await resultOf(callFunction(user, 'saveProfile', profileFields));
    const changed = { ...profileFields, firstName: 'Samantha' };
    await resultOf(callFunction(user, 'saveProfile', changed));
    expect(await resultOf(callFunction(user, 'getProfile', {}))).toEqual({
      profile: { id: user.uid, userId: user.uid, name: '', ...changed },
    });
  });

  it('refuses a name over maxLength and keeps the stored profile', async () => {
    const user = await signUpAnonymous();
    await resultOf(callFunction(user, 'saveProfile', profileFields));
    expectInvalidArgument(
      await callFunction(user, 'saveProfile', { ...profileFields, firstName: 'S'.repeat(101) }),
      'data.firstName',
    );
    expect(await readDocument('users', user.uid)).toMatchObject(profileFields);
  });

  it('refuses a first save over maxLength and creates no profile', async () => {
    const user = await signUpAnonymous();
    expectInvalidArgument(
      await callFunction(user, 'saveProfile', { ...profileFields, email: 'e'.repeat(255) }),
      'data.email',
    );
    expect(await readDocument('users', user.uid)).toBeUndefined();
    expect(await resultOf(callFunction(user, 'getProfile', {}))).toEqual({ profile: null });
  });
});
