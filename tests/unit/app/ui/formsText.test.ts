import { describe, expect, it } from 'vitest';
import { unusedMessageKeys } from '../../../support/unusedMessages';
import { describeAuthError } from '../../../../src/app/ui/account/authErrorMessages';
import {
  checkEmail,
  checkNewPassword,
  checkPhone,
} from '../../../../src/app/ui/account/formErrors';
import { formsText } from '../../../../src/app/ui/formsText';
import messages from '../../../../src/content/messages/forms.en-GB.json';

/** The folders whose pieces read src/content/messages/forms.en-GB.json. */
const FORMS_FOLDERS = ['src/app/ui'];

/** What the claimant has always read for each Firebase Auth error code: tests match on these. */
const SAID_FOR_CODE: Record<string, string> = {
  'auth/invalid-credential':
    'The email address or password is not right. Check them and try again.',
  'auth/wrong-password': 'The email address or password is not right. Check them and try again.',
  'auth/user-not-found':
    'There is no account with that email address. Check it, or start a claim without an account.',
  'auth/invalid-email': 'Enter an email address in the correct format, like name@example.com',
  'auth/missing-email': 'Enter your email address',
  'auth/missing-password': 'Enter your password',
  'auth/too-many-requests':
    'You have tried to sign in too many times. Wait a few minutes, then try again.',
  'auth/user-disabled': 'This account has been closed. Contact us if you think this is wrong.',
  'auth/network-request-failed':
    'We could not reach the sign-in service. Check your connection and try again.',
  'auth/invalid-custom-token':
    'This sign-in link is not valid or has expired. Ask us for a new one.',
  'auth/custom-token-mismatch':
    'This sign-in link is not valid or has expired. Ask us for a new one.',
  'auth/email-already-in-use':
    'There is already an account with this email address. Sign in to it instead.',
  'auth/credential-already-in-use':
    'There is already an account with this email address. Sign in to it instead.',
  'account-exists': 'There is already an account with this email address. Sign in to it instead.',
  'auth/weak-password': 'Your password must be at least 8 characters long.',
  'auth/requires-recent-login':
    'For your security, sign out and sign in again, then make this change.',
  'auth/invalid-action-code': 'This link has already been used or is not valid. Ask for a new one.',
  'auth/expired-action-code': 'This link has expired. Ask for a new one.',
  'auth/provider-already-linked': 'Your account already has a password.',
  'auth/operation-not-allowed':
    'This way of signing in is not available. Use your email address and password.',
};

/** And for each of our account errors' fixed messages. */
const SAID_FOR_MESSAGE: Record<string, string> = {
  'Auth is not initialized': 'We are still getting your session ready. Try again in a moment.',
  'No authenticated user': 'You are not signed in. Sign in and try again.',
  'No current user': 'You are not signed in. Sign in and try again.',
  'No authenticated user to upgrade':
    'Your session has ended. Reload the page to start a new one, then try again.',
  'User is not anonymous': 'You already have an account and are signed in to it.',
  'No current local user': 'Enter your email address and mobile number.',
  'No phone number': 'Enter your mobile phone number',
  'No email': 'Enter your email address',
  'Error checking user exists':
    'We could not check your details just now. Wait a moment, then try again.',
};

describe('formsText', () => {
  it('says each sign-in error in the exact words it always had', () => {
    for (const [code, said] of Object.entries(SAID_FOR_CODE)) {
      expect(describeAuthError({ code }), code).toBe(said);
    }
    for (const [message, said] of Object.entries(SAID_FOR_MESSAGE)) {
      expect(describeAuthError(new Error(message)), message).toBe(said);
    }
    expect(describeAuthError(new Error('something else'))).toBe(
      'Sorry, there is a problem signing you in. Try again later.',
    );
    // A gateway refusal worded for the claimant is said as sent.
    expect(describeAuthError({ code: 'resource-exhausted', message: 'Too many links.' })).toBe(
      'Too many links.',
    );
  });

  it('keeps the exact sentences of the checks of what was typed', () => {
    expect(checkEmail('')).toEqual([{ fieldId: 'email', message: 'Enter your email address' }]);
    expect(checkEmail('name@')[0]?.message).toBe(
      'Enter an email address in the correct format, like name@example.com',
    );
    expect(checkPhone('')[0]?.message).toBe('Enter your mobile phone number');
    expect(checkPhone('123')[0]?.message).toBe(
      'Enter a UK mobile phone number, like 07700 900 982 or +44 7700 900 982',
    );
    expect(checkNewPassword('', '')[0]?.message).toBe('Enter a password');
    expect(checkNewPassword('short', '')[0]?.message).toBe(
      'Your password must be at least 8 characters long',
    );
    expect(checkNewPassword('long enough', '')[0]?.message).toBe('Enter your password again');
    expect(checkNewPassword('long enough', 'different')[0]?.message).toBe(
      'The passwords do not match',
    );
  });

  it('keeps the words of the fields and the sent panel', () => {
    expect(formsText('field.errorPrefix')).toBe('Error:');
    expect(formsText('emailField.label')).toBe('Email address');
    expect(formsText('emailSent.heading')).toBe('Check your email');
  });

  it('has no message the shared pieces never say', () => {
    expect(unusedMessageKeys(messages, FORMS_FOLDERS)).toEqual([]);
  });
});
