import { describe, expect, it } from 'vitest';
import { unusedMessageKeys } from '../../../support/unusedMessages';
import { saveAndReturnText } from '../../../../src/app/pages/saveAndReturn/saveAndReturnText';
import { messageParts } from '../../../../src/app/ui/messageParts';
import messages from '../../../../src/content/messages/saveAndReturn.en-GB.json';

/** The folder whose screens read src/content/messages/saveAndReturn.en-GB.json. */
const SAVE_AND_RETURN_FOLDER = 'src/app/pages/saveAndReturn';

describe('saveAndReturnText', () => {
  it('keeps the exact sentences the save-and-return screens are known by', () => {
    expect(saveAndReturnText('save.title')).toBe('Save and come back later');
    expect(saveAndReturnText('save.submit')).toBe('Email me a link');
    expect(saveAndReturnText('return.expiredBody')).toBe(
      'The link has expired or has been used already. Your answers are still saved: enter the email address we sent it to and we will send you a new one.',
    );
    expect(saveAndReturnText('error.emailNotMatched')).toBe(
      'Enter the email address the link was sent to',
    );
  });

  it('says how long the link works in hours and days, one or more', () => {
    expect(saveAndReturnText('link.validity', { hours: 1, days: 7 })).toBe(
      'The link works for 1 hour. If it has run out, open it anyway and ask for a new one: you can do that for 7 days.',
    );
    expect(saveAndReturnText('link.validity', { hours: 24, days: 1 })).toBe(
      'The link works for 24 hours. If it has run out, open it anyway and ask for a new one: you can do that for 1 day.',
    );
  });

  it('names the account’s address only when it has one', () => {
    expect(saveAndReturnText('registered.savedAs', { email: 'a@example.com' })).toBe(
      'Your claim is saved in your account (a@example.com). To carry on from another device, sign in there with the same email address.',
    );
    expect(saveAndReturnText('registered.saved')).toBe(
      'Your claim is saved in your account. To carry on from another device, sign in there with the same email address.',
    );
  });

  it('keeps the bold address and the links inside their sentences', () => {
    const parts = (key: Parameters<typeof saveAndReturnText>[0], slots: string[]) =>
      messageParts((filled) => saveAndReturnText(key, filled), slots);
    expect(parts('return.renewed', ['email'])).toEqual([
      'We have sent a new link to ',
      { slot: 'email' },
      '.',
    ]);
    expect(parts('sent.body', ['email'])).toEqual([
      'We have sent a link to ',
      { slot: 'email' },
      '. Open it on any device to carry on from where you stopped, with every answer you have continued from.',
    ]);
    expect(parts('return.waysOn', ['signInLink', 'startLink'])).toEqual([
      { slot: 'signInLink' },
      ' if you have an account, or ',
      { slot: 'startLink' },
      '.',
    ]);
  });

  it('has no message the save-and-return screens never say', () => {
    expect(unusedMessageKeys(messages, [SAVE_AND_RETURN_FOLDER])).toEqual([]);
  });
});
