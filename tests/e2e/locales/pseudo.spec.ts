/**
 * The site in the pseudo-locale en-XA (every text accented, a third longer, bracketed: see
 * tests/support/pseudoLocale.ts), on a stack with the test locales: a text on screen that is
 * not in it skipped translation, and fails the test naming the screen and the text. Each
 * screen is also held to axe's WCAG 2.2 AA rules and must not scroll sideways at 390 px with
 * the longer words.
 */
import { readdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { PSEUDO_LOCALE, pseudoLocalize } from '../../support/pseudoLocale';
import { untranslatedTextOf } from '../../support/untranslatedText';
import { expectNoViolations } from '../support/axe';
import { signIn, staffAccount } from '../support/staff';
import { readProjectJson } from '../support/emulators';
import { PASSWORD, registeredAccount } from '../support/accounts';

test.use({ viewport: { width: 390, height: 844 } });

async function switchToPseudoLocale(page: Page) {
  await page.goto('/');
  const pseudo = page.locator(`nav button[data-locale="${PSEUDO_LOCALE}"]`);
  await expect(pseudo).toBeVisible();
  await pseudo.click();
  await expect(page.locator('html')).toHaveAttribute('lang', PSEUDO_LOCALE);
}

async function expectWhollyTranslated(
  page: Page,
  screen: string,
  allowed: ReadonlyArray<string | RegExp> = [],
) {
  await expect(page.locator('html')).toHaveAttribute('lang', PSEUDO_LOCALE);
  expect(await untranslatedTextOf(page, { allowed }), `untranslated on ${screen}`).toEqual([]);
  await expectNoViolations(page, screen);
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${screen} scrolls sideways at 390 px`).toBeLessThanOrEqual(clientWidth);
}

test('every claimant screen of the first load, the public pages and sign-in speak the pseudo-locale', async ({
  page,
}) => {
  await switchToPseudoLocale(page);
  await expectWhollyTranslated(page, 'the home page');
  // The choice is kept: every page opened from now on is drawn in it from the start.
  for (const [path, screen] of [
    ['/form/start/', 'vehicle-claim’s first page'],
    ['/form/diesel-emissions/contact/', 'diesel-emissions’ first page'],
    ['/contact', 'the contact page'],
    ['/privacy', 'the privacy notice'],
    ['/cookies', 'the cookies page'],
    ['/login', 'sign-in'],
    ['/register', 'creating an account'],
    ['/no-such-page', 'Not Found'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectWhollyTranslated(page, screen);
  }
});

test('a built-in funnel’s errors, and its next page, speak the pseudo-locale', async ({ page }) => {
  await switchToPseudoLocale(page);
  await page.goto('/form/start/');
  const next = page.locator('form button[type="submit"]').first();
  await next.click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expectWhollyTranslated(page, 'vehicle-claim’s first page with its errors');

  // The questions answered by their pseudo-locale labels, as a claimant reading it would.
  const answers = {
    'First name': 'Ada',
    'Last name': 'Lovelace',
    'Email address': `ada-${Date.now()}@example.com`,
    'UK mobile number': '07700 900982',
  };
  for (const [label, answer] of Object.entries(answers)) {
    await page.getByLabel(pseudoLocalize(label)).fill(answer);
  }
  await next.click();
  await expect(page).toHaveURL(/\/form\/address\//);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    pseudoLocalize('Your address'),
  );
  await expectWhollyTranslated(page, 'vehicle-claim’s second page');
});

test('the back office speaks the pseudo-locale', async ({ page }) => {
  const email = `staff-pseudo-${Date.now()}@example.com`;
  await signIn(page, email, await staffAccount(email), '/staff');
  await switchToPseudoLocale(page);
  // What claimants wrote (names, addresses, references) is theirs, not the site's words; a
  // funnel not offered in the pseudo-locale (welsh-test) keeps its own title.
  // And every version of each built-in funnel the project publishes was published before the
  // test locale was added (the stack publishes one more with it): their pages keep their own
  // titles.
  const firstVersionTitles = ['vehicle-claim', 'diesel-emissions'].flatMap((funnelId) =>
    readdirSync(new URL(`../../../funnels/published/${funnelId}/`, import.meta.url)).flatMap(
      (file) =>
        readProjectJson<{ funnel: { title: string; pages: Array<{ title: string }> } }>(
          `funnels/published/${funnelId}/${file}`,
        ).funnel.pages.map((each) => each.title),
    ),
  );
  const allowed = [
    /@example\.com$/,
    /^VC-/,
    /Megan Jones/,
    /Aberystwyth/,
    /parking ticket/i,
    ...firstVersionTitles,
  ];
  for (const [path, screen] of [
    ['/staff', 'the claims list'],
    ['/staff/funnels', 'the funnels’ drop-off'],
    ['/staff/outbox', 'the emails written'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectWhollyTranslated(page, screen, allowed);
  }
});

test('a signed-in claimant’s account pages speak the pseudo-locale', async ({ page }) => {
  const email = `e2e-pseudo-${Date.now()}@example.com`;
  await registeredAccount(email);
  await signIn(page, email, PASSWORD, '/account');
  await switchToPseudoLocale(page);
  // The claimant's own address is theirs, not the site's words.
  const allowed = [email];
  for (const [path, screen] of [
    ['/account', 'your account'],
    ['/account/claims', 'your claims'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectWhollyTranslated(page, screen, allowed);
  }
});
