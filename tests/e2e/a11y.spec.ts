import AxeBuilder from '@axe-core/playwright';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './support/sharedPage';
import { continueButton, expectPage } from './support/claimant';
import { sessionUid } from './support/emulators';
import { describeViolations, expectNoViolations, WCAG_TAGS } from './support/axe';

/** Waits until the screen has rendered its heading (lazy screens, claim loading). */
async function openAndSettle(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible({
    timeout: 15_000,
  });
}

const CONTENT_ROUTES = [
  '/test',
  '/',
  '/start',
  '/LandingPage',
  '/ui-examples',
  '/examples',
  '/examples/login',
  '/login',
  '/contact',
  '/examples/callMotorSpecs',
  '/no-such-page',
  '/form/no-such-funnel/start/x',
];

const FORM_ROUTES = [
  '/form/start/',
  '/form/address/',
  '/form/check/',
  '/form/sign/',
  '/examples?funnel=vehicle-claim&page=address',
];

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

test.describe('accessibility (axe, WCAG 2.2 AA)', () => {
  for (const path of CONTENT_ROUTES) {
    test(`${path} has no violations`, async ({ sharedPage: page }) => {
      await page.setViewportSize(VIEWPORTS[0]!.viewport);
      await openAndSettle(page, path);
      await expectNoViolations(page, path);
    });
  }

  for (const { name, viewport } of VIEWPORTS) {
    test.describe(`form pages at ${name} width`, () => {
      for (const path of FORM_ROUTES) {
        test(`${path} has no violations`, async ({ sharedPage: page }) => {
          await page.setViewportSize(viewport);
          await openAndSettle(page, path);
          await expectNoViolations(page, `${path} (${name})`);
        });
      }

      test('/form/vehicle-claim/start/<uid> has no violations', async ({ sharedPage: page }) => {
        await page.setViewportSize(viewport);
        const uid = await sessionUid(page);
        await openAndSettle(page, `/form/vehicle-claim/start/${uid}`);
        await expectNoViolations(page, `/form/vehicle-claim/start/<uid> (${name})`);
      });

      test('the start page with errors showing has no violations', async ({ sharedPage: page }) => {
        await page.setViewportSize(viewport);
        await openAndSettle(page, '/form/start/');
        await expectPage(page, 'start');
        await continueButton(page).click();
        await expect(
          page.getByRole('alert').filter({ hasText: 'There is a problem' }),
        ).toBeVisible();
        await expectNoViolations(page, `/form/start/ with errors (${name})`);
      });
    });
  }
});

/** Every funnel in funnels/, read from the folder: a new funnel is checked without a code change. */
function projectFunnels(): Array<{
  funnelId: string;
  pages: Array<{ pageId: string; kind?: string }>;
}> {
  const dir = path.join(process.cwd(), 'funnels');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')));
}

/** WCAG and axe's best practices, with nothing left for review on ARIA attribute values. */
async function expectNoIssues(page: Page, label: string) {
  const results = await new AxeBuilder({ page })
    .withTags([...WCAG_TAGS, 'best-practice'])
    .analyze();
  expect(
    results.violations.map((violation) => violation.id),
    `${results.violations.length} axe violation(s) on ${label}:\n${describeViolations(results.violations)}`,
  ).toEqual([]);
  expect(
    results.incomplete.filter((check) => check.id === 'aria-valid-attr-value').map((c) => c.id),
    `aria-valid-attr-value needs review on ${label}`,
  ).toEqual([]);
}

test.describe('every page of every funnel, empty and with errors (axe with best practices)', () => {
  for (const funnel of projectFunnels()) {
    for (const { pageId, kind } of funnel.pages) {
      for (const { name, viewport } of VIEWPORTS) {
        test(`${funnel.funnelId}/${pageId} at ${name} width`, async ({ sharedPage: page }) => {
          await page.setViewportSize(viewport);
          const uid = await sessionUid(page);
          await openAndSettle(page, `/form/${funnel.funnelId}/${pageId}/${uid}`);
          await expectNoIssues(page, `${funnel.funnelId}/${pageId} empty (${name})`);
          if (kind === 'exit') return;
          const submit = page.locator('form button[type="submit"]');
          await submit.click();
          await expect(page.locator('.error-summary')).toBeFocused();
          await expectNoIssues(page, `${funnel.funnelId}/${pageId} with errors (${name})`);
        });
      }
    }
  }
});
