import { describe, expect, it } from 'vitest';
import { validForText } from '../../../src/gateway/mail/linkMail';
import { EMAIL_LINK_MINUTES } from '../../../src/runtime/constants';

describe('validForText', () => {
  it('says how long each kind of link works as its email says it', () => {
    expect(validForText(EMAIL_LINK_MINUTES.support)).toBe('15 minutes');
    expect(validForText(EMAIL_LINK_MINUTES['sign-in'])).toBe('1 hour');
    expect(validForText(EMAIL_LINK_MINUTES['confirm-email'])).toBe('24 hours');
    expect(validForText(EMAIL_LINK_MINUTES.claim)).toBe('7 days');
    expect(validForText(90)).toBe('90 minutes');
  });
});
