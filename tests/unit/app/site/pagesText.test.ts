import { describe, expect, it } from 'vitest';
import { unusedMessageKeys } from '../../../support/unusedMessages';
import { pagesText } from '../../../../src/app/pages/site/pagesText';
import { messageParts } from '../../../../src/app/ui/messageParts';
import messages from '../../../../src/content/messages/pages.en-GB.json';

/** The folder whose screens read src/content/messages/pages.en-GB.json. */
const PAGES_FOLDER = 'src/app/pages/site';

describe('pagesText', () => {
  it('keeps the exact sentences the site pages are known by', () => {
    expect(pagesText('start.title')).toBe('Start a claim');
    expect(pagesText('cookies.saved')).toBe('You’ve set your cookie preferences.');
    expect(pagesText('cookies.intro')).toBe(
      'Cookies are small files saved on your phone, tablet or computer when you visit a website. This service also keeps some information in your browser’s storage, which works in the same way.',
    );
  });

  it('names the funnel whose files have problems', () => {
    expect(pagesText('brokenFunnel.title', { funnelId: 'flight-delay' })).toBe(
      'Funnel "flight-delay" has problems',
    );
    expect(pagesText('brokenFunnel.heading', { funnelId: 'flight-delay' })).toBe(
      'Funnel “flight-delay” has problems',
    );
  });

  it('names the claim a start button starts, for a screen reader, after its word', () => {
    expect(
      messageParts(
        (filled) => pagesText('start.button', filled),
        ['funnelTitle', 'funnelTitleInSentence'],
      ),
    ).toEqual(['Start ', { slot: 'funnelTitleInSentence' }]);
    expect(pagesText('start.button', { funnelTitleInSentence: 'flight delay' })).toBe(
      'Start flight delay',
    );
  });

  it('has no message the site pages never say', () => {
    expect(unusedMessageKeys(messages, [PAGES_FOLDER])).toEqual([]);
  });
});
