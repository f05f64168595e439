import { describe, expect, it } from 'vitest';
import { unusedMessageKeys } from '../../../support/unusedMessages';
import { studioText } from '../../../../src/app/pages/examples/studio/studioText';
import { messageParts } from '../../../../src/app/ui/messageParts';
import messages from '../../../../src/content/messages/studio.en-GB.json';

/** The folder whose screens read src/content/messages/studio.en-GB.json. */
const STUDIO_FOLDER = 'src/app/pages/examples/studio';

describe('studioText', () => {
  it('keeps the exact names the e2e tests derive from a funnel’s JSON', () => {
    expect(studioText('diagram.page', { pageTitle: 'Your details', pageId: 'start' })).toBe(
      'Page: Your details (start)',
    );
    expect(studioText('diagram.move', { from: 'A', to: 'B', words: 'always' })).toBe(
      'From A to B: always',
    );
    expect(studioText('versions.publishedCurrent', { version: 3 })).toBe(
      'Version 3, published (current)',
    );
  });

  it('says counts as one or more', () => {
    expect(studioText('checker.problems', { count: 1 })).toBe(
      '1 problem, as npm run funnels:check prints it for the files as edited here:',
    );
    expect(studioText('checker.problems', { count: 2 })).toBe(
      '2 problems, as npm run funnels:check prints them for the files as edited here:',
    );
    expect(studioText('checker.running', { count: 0 })).toBe(
      'No problems found so far; funnels:check is walking every route and compiling every page…',
    );
    expect(studioText('checker.failed', { count: 1, reason: 'the dev server answered 500' })).toBe(
      '1 problem by the editor’s own check, but funnels:check could not run on the dev server (the dev server answered 500): run npm run funnels:check before you commit.',
    );
    expect(studioText('versions.differences', { count: 1, from: 'v1', to: 'v2' })).toBe(
      '1 part differs from v1 to v2: lines marked + are added, − removed.',
    );
    expect(studioText('versions.differences', { count: 3, from: 'v1', to: 'v2' })).toBe(
      '3 parts differ from v1 to v2: lines marked + are added, − removed.',
    );
    expect(studioText('versions.unchanged', { count: 1 })).toBe('… 1 unchanged line');
    expect(studioText('versions.unchanged', { count: 12 })).toBe('… 12 unchanged lines');
    expect(studioText('diagram.summary', { funnelTitle: 'F', pageCount: 1, moveCount: 1 })).toBe(
      'F: 1 page and 1 move between them',
    );
    expect(studioText('diagram.summary', { funnelTitle: 'F', pageCount: 5, moveCount: 4 })).toBe(
      'F: 5 pages and 4 moves between them',
    );
  });

  it('keeps the file’s name inside its sentence', () => {
    expect(
      messageParts((filled) => studioText('studio.fileAndPages', filled), ['funnelId', 'file'], {
        pageCount: 1,
      }),
    ).toEqual(['Funnel id ', { slot: 'funnelId' }, ', file ', { slot: 'file' }, ', 1 page.']);
    expect(messageParts((filled) => studioText('editor.labelNotSaved', filled), ['file'])).toEqual([
      'JSON of ',
      { slot: 'file' },
      ' (not saved)',
    ]);
  });

  it('has no message the studio never says', () => {
    expect(unusedMessageKeys(messages, [STUDIO_FOLDER])).toEqual([]);
  });
});
