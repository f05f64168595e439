import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import type { GatewayResponses } from '../../../src/runtime/contract';
import {
  adminAuth,
  callFunction,
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
  return callFunction<GatewayResponses['confirmUserExists']>(user, 'confirmUserExists', {
    email,
    phoneNumber,
  });
}

function setUserContactDetails(user: TestUser, phoneNumber: string) {
  return callFunction<GatewayResponses['setUserContactDetails']>(user, 'setUserContactDetails', {
    phoneNumber,
  });
}

describe('confirmUserExists', () => {
  it('says no account exists for an email nobody registered', async () => {
    const caller = await signUpAnonymous();
    const result = await resultOf(confirmUserExists(caller, randomEmail(), randomUkMobile().typed));
    expect(result).toEqual({ checked: true, accountExists: false });
  });

  it('says an account exists for an email another user registered', async () => {
    const email = randomEmail();
    await signUpWithEmail(email, PASSWORD);
    const caller = await signUpAnonymous();
    const result = await resultOf(confirmUserExists(caller, email, randomUkMobile().typed));
    expect(result).toEqual({ checked: true, accountExists: true });
  });

  it('says an account exists for a phone number another user holds', async () => {
    const owner = await signUpAnonymous();
    const phone = randomUkMobile();
    expect(await resultOf(setUserContactDetails(owner, phone.typed))).toEqual({
      ok: true,
      phoneNumber: phone.e164,
    });
    const caller = await signUpAnonymous();
    const result = await resultOf(confirmUserExists(caller, randomEmail(), phone.typed));
    expect(result).toEqual({ checked: true, accountExists: true });
  });

  it('does not count the caller’s own email as another account', async () => {
    const email = randomEmail();
    const caller = await signUpWithEmail(email, PASSWORD);
    const result = await resultOf(confirmUserExists(caller, email, randomUkMobile().typed));
    expect(result).toEqual({ checked: true, accountExists: false });
  });

  it('counts the calls in rateLimits/confirmUserExists_<uid>', async () => {
    const caller = await signUpAnonymous();
    await resultOf(confirmUserExists(caller, randomEmail(), randomUkMobile().typed));
    await resultOf(confirmUserExists(caller, randomEmail(), randomUkMobile().typed));
    expect(await readDocument('rateLimits', `confirmUserExists_${caller.uid}`)).toMatchObject({
      count: 2,
    });
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
    expect(await readDocument('rateLimits', `confirmUserExists_${caller.uid}`)).toMatchObject({
      count: 10,
    });
    const other = await signUpAnonymous();
    expect(await resultOf(confirmUserExists(other, randomEmail(), randomUkMobile().typed))).toEqual(
      { checked: true, accountExists: false },
    );
  });
});

describe('setUserContactDetails', () => {
  it('stores a UK mobile number in E.164 on the Auth user and the profile', async () => {
    const user = await signUpAnonymous();
    const phone = randomUkMobile();
    const result = await resultOf(setUserContactDetails(user, phone.typed));
    expect(result).toEqual({ ok: true, phoneNumber: phone.e164 });
    expect((await adminAuth().getUser(user.uid)).phoneNumber).toBe(phone.e164);
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
    expect(await readDocument('users', user.uid)).toBeUndefined();
  });

  it('answers an exception for a number another user holds, and writes nothing', async () => {
    const owner = await signUpAnonymous();
    const phone = randomUkMobile();
    await resultOf(setUserContactDetails(owner, phone.typed));
    const other = await signUpAnonymous();
    const result = await resultOf(setUserContactDetails(other, phone.typed));
    expect(result).toEqual({ exception: expect.stringMatching(/already used/i) });
    expect((await adminAuth().getUser(other.uid)).phoneNumber).toBeUndefined();
    expect(await readDocument('users', other.uid)).toBeUndefined();
    expect((await adminAuth().getUser(owner.uid)).phoneNumber).toBe(phone.e164);
  });

  it('lets a user set the number they already hold again', async () => {
    const user = await signUpAnonymous();
    const phone = randomUkMobile();
    await resultOf(setUserContactDetails(user, phone.typed));
    expect(await resultOf(setUserContactDetails(user, phone.e164))).toEqual({
      ok: true,
      phoneNumber: phone.e164,
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
    const expected = { id: user.uid, userId: user.uid, ...profileFields };
    expect(await resultOf(callFunction(user, 'saveProfile', profileFields))).toEqual({
      profile: expected,
    });
    expect(await resultOf(callFunction(user, 'getProfile', {}))).toEqual({ profile: expected });
    const stored = await readDocument('users', user.uid);
    expect(stored).toMatchObject(expected);
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
      profile: { id: user.uid, userId: user.uid, ...changed },
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
