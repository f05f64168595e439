/**
 * The language switch used the hard way, on welsh-test (npm run test:locales): by keyboard
 * only with an error on the page, and with the connection lost. Nothing typed is lost, the
 * error is said in the language chosen, focus stays at the switch, and a language that cannot
 * be loaded leaves the page as it was, saying so.
 */
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import {
  markAsTestWelsh,
  TEST_WELSH_LOCALE,
  WELSH_NAME,
  WELSH_TEST_FUNNEL_ID,
  welshTestFunnel,
} from '../../support/testLocaleTexts';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface WrittenSchema {
  properties: Record<string, { title: string }>;
  'x-errorMessages': Record<string, Record<string, string>>;
  'x-translations': Record<string, Record<string, string>>;
}

const written = welshTestFunnel();
const aboutPage = (written.funnel as { pages: Array<{ pageId: string }> }).pages[0]!;
const about = written.schemas[0] as unknown as WrittenSchema;
const inWelsh = about['x-translations'][TEST_WELSH_LOCALE]!;
/** A message of the site's own file (src/content/messages/<area>.en-GB.json). */
const siteText = (area: string, key: string) =>
  (
    JSON.parse(
      readFileSync(path.join(projectRoot, `src/content/messages/${area}.en-GB.json`), 'utf8'),
    ) as Record<string, string>
  )[key]!;

/** The document title after a switch with an error shown starts with the marked "Error: ". */
const ERROR_TITLE_START = markAsTestWelsh(siteText('errors', 'documentTitle.error'))
  .split('{title}')[0]!
  .replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Presses Tab until the element `matches` says is focused, at most `limit` times. */
async function tabTo(page: Page, matches: string, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((selector) => document.activeElement?.matches(selector), matches)) {
      return;
    }
  }
  throw new Error(`Tab never reached ${matches}`);
}

/** Opens welsh-test's first page, its language switch ready to use. */
async function openFirstPage(page: Page): Promise<void> {
  await page.goto(`/form/${WELSH_TEST_FUNNEL_ID}/${aboutPage.pageId}/`);
  await expect(page.locator(`button[data-locale="${TEST_WELSH_LOCALE}"]`)).toBeEnabled();
}

test('by keyboard, after an error: what was typed stays, and the error is said in Welsh', async ({
  page,
}) => {
  await openFirstPage(page);
  const name = page.getByLabel(about.properties.fullName!.title);
  await name.focus();
  await page.keyboard.type('Megan Jones');
  // Continue with the email left out: the summary names it in English.
  await tabTo(page, 'button[type="submit"]');
  await page.keyboard.press('Enter');
  const summary = page.locator('.error-summary');
  await expect(summary).toContainText(about['x-errorMessages'].email!.required!);

  await tabTo(page, `button[data-locale="${TEST_WELSH_LOCALE}"]`);
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', TEST_WELSH_LOCALE);
  // Focus stays at the switch, so a keyboard user carries on where they were, and the
  // switch is said once, in the new language.
  await expect(page.locator('#language-switch')).toBeFocused();
  await expect(page.locator('#language-switch [role="status"]')).toHaveText(
    markAsTestWelsh(siteText('shell', 'language.switched')).replace('{language}', WELSH_NAME),
  );
  // What was typed is kept, under the Welsh question.
  await expect(page.getByLabel(inWelsh['/properties/fullName/title']!)).toHaveValue('Megan Jones');

  // Continue again, by keyboard: the error is Welsh now, and nothing English is left of it.
  await tabTo(page, 'button[type="submit"]');
  await page.keyboard.press('Enter');
  await expect(summary).toContainText(inWelsh['/x-errorMessages/email/required']!);
  await expect(summary).toContainText(markAsTestWelsh(siteText('errors', 'errorSummary.title')));
  await expect(summary).not.toContainText(about['x-errorMessages'].email!.required!);
  await expect(page).toHaveTitle(new RegExp(`^${ERROR_TITLE_START}`));
});

test('offline: a language that cannot load leaves the page as it was, and says so', async ({
  page,
  context,
}) => {
  await openFirstPage(page);
  const name = page.getByLabel(about.properties.fullName!.title);
  await name.fill('Megan Jones');
  await context.setOffline(true);
  await page.locator(`button[data-locale="${TEST_WELSH_LOCALE}"]`).click();
  await expect(page.getByRole('alert')).toContainText(siteText('shell', 'language.failed'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
  await expect(name).toHaveValue('Megan Jones');

  // Back online, the same choice works, and the typing is still there.
  await context.setOffline(false);
  await page.locator(`button[data-locale="${TEST_WELSH_LOCALE}"]`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', TEST_WELSH_LOCALE);
  await expect(page.getByLabel(inWelsh['/properties/fullName/title']!)).toHaveValue('Megan Jones');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('typed before the session exists, what was typed stays across a switch', async ({ page }) => {
  // No session can start (the sign-in is refused): the page holds the typing itself.
  await page.route('**/identitytoolkit.googleapis.com/**', (route) => route.abort());
  await openFirstPage(page);
  await page.getByLabel(about.properties.fullName!.title).fill('Megan Jones');
  await page.locator(`button[data-locale="${TEST_WELSH_LOCALE}"]`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', TEST_WELSH_LOCALE);
  await expect(page.getByLabel(inWelsh['/properties/fullName/title']!)).toHaveValue('Megan Jones');
});
