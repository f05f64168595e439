import { describe, expect, it } from 'vitest';
import { unusedMessageKeys } from '../../../support/unusedMessages';
import { accountText, accountTextParts } from '../../../../src/app/pages/account/accountText';
import messages from '../../../../src/content/messages/account.en-GB.json';

/** The folders whose screens read src/content/messages/account.en-GB.json. */
const ACCOUNT_FOLDERS = ['src/app/pages/account', 'src/app/pages/login'];

describe('accountText', () => {
  it('fills in values and says counts in the singular or plural', () => {
    expect(accountText('claims.signedInAs', { email: 'a@example.com' })).toBe(
      'Signed in as a@example.com.',
    );
    expect(accountText('choice.heading', { count: 2, title: 'Flight delay' })).toBe(
      'You have 2 claims in progress: Flight delay',
    );
    expect(accountText('choice.deleteYes', { number: 1 })).toBe('Yes, delete claim 1');
    expect(accountText('data.deleted', { kept: 0 })).toBe(
      'Your account and everything in it has been deleted.',
    );
    expect(accountText('data.deleted', { kept: 1 })).toBe(
      'Your account has been deleted. We keep the claim you sent, without your account, as our privacy notice explains.',
    );
    expect(accountText('data.deleted', { kept: 3 })).toBe(
      'Your account has been deleted. We keep the 3 claims you sent, without your account, as our privacy notice explains.',
    );
    expect(accountText('reset.sent', { email: 'a@example.com' })).toBe(
      'If there is an account for a@example.com, we have sent it an email with a link to reset your password. The link brings you back here to sign in.',
    );
  });

  it('keeps the exact sentences the sign-in and account screens are known by', () => {
    expect(accountText('link.expired')).toBe(
      'This link has expired or has been used already. Each link works once, for a short time.',
    );
    expect(accountText('merge.body', { email: 'a@example.com' })).toBe(
      'There is already an account for a@example.com. Sign in to it and we will move the answers you have given into that account, so nothing is lost.',
    );
  });

  it('splits a sentence at the elements it holds, in its own order', () => {
    expect(accountTextParts('renewal.signInInstead', ['signInLink'])).toEqual([
      'Or ',
      { slot: 'signInLink' },
      ' if you have an account.',
    ]);
    expect(accountTextParts('linkProblem.waysOn', ['signInLink', 'startLink'])).toEqual([
      { slot: 'signInLink' },
      ', or ',
      { slot: 'startLink' },
      '.',
    ]);
    expect(
      accountTextParts('signIn.signedInAs', ['claimsLink'], { email: 'a@example.com' }),
    ).toEqual([
      'You are signed in as a@example.com. ',
      { slot: 'claimsLink' },
      ', or sign in to a different account below.',
    ]);
  });

  it('has no message the account and sign-in screens never say', () => {
    expect(unusedMessageKeys(messages, ACCOUNT_FOLDERS)).toEqual([]);
  });
});
