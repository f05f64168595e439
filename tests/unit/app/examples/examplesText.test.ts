import { describe, expect, it } from 'vitest';
import { unusedMessageKeys } from '../../../support/unusedMessages';
import { examplesText } from '../../../../src/app/pages/examples/examplesText';
import { messageParts } from '../../../../src/app/ui/messageParts';
import messages from '../../../../src/content/messages/examples.en-GB.json';

/** The folder whose developer pages read src/content/messages/examples.en-GB.json (not its studio/). */
const EXAMPLES_FOLDER = 'src/app/pages/examples';

describe('examplesText', () => {
  it('keeps the exact sentences the developer pages are known by', () => {
    expect(examplesText('lookup.title')).toBe('Look up a vehicle');
    expect(examplesText('lookup.notWorking')).toBe(
      'Sorry, the vehicle lookup is not working. Try again later.',
    );
    expect(examplesText('status.notReachable', { reason: 'failed' })).toBe('Not reachable: failed');
    expect(examplesText('status.userWithId', { user: 'Anonymous claimant', uid: 'u1' })).toBe(
      'Anonymous claimant (u1)',
    );
    expect(
      examplesText('preview.validNext', { pageTitle: 'Your address', pageId: 'address' }),
    ).toBe('These answers are valid. A claimant would go on to "Your address" (address).');
    expect(
      examplesText('index.pageOfKind', {
        pageId: 'sign',
        schema: 'signature',
        kind: 'review-and-sign',
      }),
    ).toBe('(sign, schema signature, review-and-sign)');
    // A plain value is written as given, not as a number of the locale.
    expect(examplesText('lookup.engineCapacity', { capacity: 1596 })).toBe('1596 cc');
  });

  it('says a funnel’s pages as one or more, and the editor only where there is one', () => {
    const funnel = (pageCount: number, withEditor: string) =>
      messageParts((filled) => examplesText('index.funnel', filled), ['funnelId', 'studioLink'], {
        pageCount,
        withEditor,
      });
    expect(funnel(5, 'yes')).toEqual([
      'Funnel id ',
      { slot: 'funnelId' },
      ', 5 pages. ',
      { slot: 'studioLink' },
      ': its diagram, live previews, versions and editor.',
    ]);
    expect(funnel(1, 'no')).toEqual([
      'Funnel id ',
      { slot: 'funnelId' },
      ', 1 page. ',
      { slot: 'studioLink' },
      ': its diagram, live previews, versions.',
    ]);
  });

  it('keeps the links, code and bold word inside their sentences', () => {
    const parts = (key: Parameters<typeof examplesText>[0], slots: string[]) =>
      messageParts((filled) => examplesText(key, filled), slots, { pageId: 'p', funnelId: 'f' });
    expect(parts('session.signIn', ['signInLink'])).toEqual([
      { slot: 'signInLink' },
      ', then come back here.',
    ]);
    expect(parts('preview.notFound', ['indexLink'])).toEqual([
      'There is no page p in funnel f. ',
      { slot: 'indexLink' },
      '.',
    ]);
    expect(parts('preview.notice', ['preview', 'pageId', 'funnelId'])).toEqual([
      { slot: 'preview' },
      ' of page ',
      { slot: 'pageId' },
      ' in ',
      { slot: 'funnelId' },
      ': nothing is saved.',
    ]);
  });

  it('has no message the developer pages never say', () => {
    expect(unusedMessageKeys(messages, [EXAMPLES_FOLDER])).toEqual([]);
  });
});
