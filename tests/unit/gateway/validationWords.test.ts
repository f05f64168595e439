/**
 * The validation messages as Node says them (the gateway, the CLI, tests): the file's, each
 * said somewhere by the runtime's checks, and en-GB's for a language with no file of its own.
 */
import { describe, expect, it } from 'vitest';
import { unusedMessageKeys } from '../../support/unusedMessages';
import { validationWords } from '../../../src/gateway/infra/validationWords';
import messages from '../../../src/content/messages/validation.en-GB.json';

describe('validationWords', () => {
  it('says the file’s messages, filled from their values', () => {
    const words = validationWords();
    expect(words('field.enter', { title: 'Email address', titleInSentence: 'email address' })).toBe(
      'Enter email address',
    );
    expect(words('field.tooLong', { title: 'Town', titleInSentence: 'town', limit: 1000 })).toBe(
      'Town must be 1,000 characters or less',
    );
    expect(words('field.dateMissing', { title: 'Date of birth', missing: 'monthYear' })).toBe(
      'Date of birth must include a month and year',
    );
  });

  it('says en-GB’s messages for a language with no validation file, never a mix', () => {
    expect(validationWords('xx-NO')).toBe(validationWords());
  });

  it('has no message the runtime’s checks never say', () => {
    const folders = [
      'src/runtime/validation',
      'src/runtime/funnel',
      ...['registry', 'pages', 'answers', 'words', 'schema'].map(
        (room) => `src/runtime/funnel/${room}`,
      ),
    ];
    expect(unusedMessageKeys(messages, folders)).toEqual([]);
  });
});
