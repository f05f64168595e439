import { describe, expect, it } from 'vitest';
import { unusedMessageKeys } from '../../../support/unusedMessages';
import { shellText } from '../../../../src/app/layout/shellText';
import { messageParts } from '../../../../src/app/ui/messageParts';
import messages from '../../../../src/content/messages/shell.en-GB.json';

/** The folders whose screens read src/content/messages/shell.en-GB.json. */
const SHELL_FOLDERS = ['src/app/layout', 'src/app/pages/site'];

describe('shellText', () => {
  it('fills in the service’s name', () => {
    expect(shellText('cookieBanner.heading', { serviceName: 'Flight Claims' })).toBe(
      'Cookies on Flight Claims',
    );
  });

  it('keeps the exact sentences the layout and pages are known by', () => {
    expect(shellText('layout.skipLink')).toBe('Skip to main content');
    expect(shellText('layout.register')).toBe('Save your progress: create an account');
    expect(shellText('notFound.title')).toBe('Page Not Found');
    expect(shellText('cookieBanner.analytics')).toBe(
      'We’d also like to use analytics cookies so we can understand how you use the service and make improvements.',
    );
  });

  it('splits a sentence at the links it holds, in its own order', () => {
    const parts = (key: Parameters<typeof shellText>[0], slots: string[]) =>
      messageParts((filled) => shellText(key, filled), slots);
    expect(parts('cookieBanner.accepted', ['settingsLink'])).toEqual([
      'You’ve accepted analytics cookies. You can ',
      { slot: 'settingsLink' },
      ' at any time.',
    ]);
    expect(parts('notFound.waysOnWithClaim', ['claimLink', 'homeLink'])).toEqual([
      'You can ',
      { slot: 'homeLink' },
      ' or ',
      { slot: 'claimLink' },
      '.',
    ]);
    // A slot the message does not name is left out.
    expect(parts('notFound.waysOn', ['homeLink', 'claimLink'])).toEqual([
      'You can ',
      { slot: 'homeLink' },
      '.',
    ]);
  });

  it('has no message the layout and the first-load pages never say', () => {
    // Each language's name in itself is read by the build, which lists it for the language
    // switch (scripts/vite-plugin-messages.ts), so a switch names a language without loading it.
    expect(unusedMessageKeys(messages, SHELL_FOLDERS)).toEqual(['language.name']);
    expect(unusedMessageKeys({ 'language.name': '' }, ['scripts'])).toEqual([]);
  });
});
