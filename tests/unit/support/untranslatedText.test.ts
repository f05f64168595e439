/**
 * The untranslated-text finder (tests/support/untranslatedText.ts): which texts of a small page
 * it reads in Debian's Chromium, and which of them it names as not in the pseudo-locale.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../support/chromium';
import {
  isPseudoLocalized,
  pseudoLocalize,
  pseudoLocalizeMessage,
} from '../../support/pseudoLocale';
import {
  notPseudoLocalized,
  untranslatedTextOf,
  visibleTextNodes,
} from '../../support/untranslatedText';

describe('notPseudoLocalized', () => {
  it('names texts with a letter and no pseudo-locale letter, allowed ones aside', () => {
    expect(isPseudoLocalized(pseudoLocalize('Continue'))).toBe(true);
    expect(isPseudoLocalized('Continue')).toBe(false);
    expect(
      notPseudoLocalized(
        [
          pseudoLocalize('Your details'),
          // A value set in a pseudo-localised sentence leaves it pseudo-localised.
          pseudoLocalizeMessage('Cookies on {serviceName}').replace('{serviceName}', 'Claims'),
          'Continue',
          '3 / 5',
          'Jane Doe',
          'AB12 CDE',
        ],
        ['Jane Doe', /^[A-Z0-9 ]+$/],
      ),
    ).toEqual(['Continue']);
  });
});

describe('untranslatedTextOf a page', { timeout: 60_000 }, () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    page = await browser.newPage();
    await page.setContent(`<!doctype html><html lang="en-XA"><head><title>Title</title>
      <style>.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }</style>
      </head><body>
      <h1>${pseudoLocalize('About you')}</h1>
      <p>${pseudoLocalize('Enter your name')} <strong>Jane</strong></p>
      <label>Email address <input value="typed text is not a text node"></label>
      <span class="sr-only">Opens in a new tab</span>
      <p hidden>Hidden by attribute</p>
      <p style="display: none">Not displayed</p>
      <p style="visibility: hidden">Invisible</p>
      <details><summary>${pseudoLocalize('More')}</summary>Inside a closed details<p>In a closed details’ paragraph</p></details>
      <script>const english = 'Script text';</script>
      <button type="button">  Continue
        now </button>
      </body></html>`);
  });
  afterAll(() => browser?.close());

  it('reads the rendered text nodes, a screen reader’s included, whitespace collapsed', async () => {
    expect(await page.locator('body').evaluate(visibleTextNodes)).toEqual([
      pseudoLocalize('About you'),
      pseudoLocalize('Enter your name'),
      'Jane',
      'Email address',
      'Opens in a new tab',
      pseudoLocalize('More'),
      'Continue now',
    ]);
  });

  it('names those not in the pseudo-locale, of the page or of a part of it', async () => {
    expect(await untranslatedTextOf(page, { allowed: ['Jane'] })).toEqual([
      'Email address',
      'Opens in a new tab',
      'Continue now',
    ]);
    expect(await untranslatedTextOf(page.locator('p').first())).toEqual(['Jane']);
  });
});
