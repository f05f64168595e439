import AxeBuilder from '@axe-core/playwright';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './support/sharedPage';
import {
  answerUpToSign,
  continueButton,
  expectPage,
  fillSign,
  sendButton,
} from './support/claimant';
import { firestore, sessionUid } from './support/emulators';
import { signIn, staffAccount } from './support/staff';
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
  '/privacy',
  '/accessibility',
  '/terms',
  '/cookies',
  '/save/vehicle-claim',
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
  for (const { name, viewport } of VIEWPORTS) {
    for (const path of CONTENT_ROUTES) {
      test(`${path} has no violations at ${name} width`, async ({ sharedPage: page }) => {
        await page.setViewportSize(viewport);
        await openAndSettle(page, path);
        await expectNoViolations(page, `${path} (${name})`);
      });
    }
  }

  for (const path of ['/privacy', '/accessibility', '/terms']) {
    test(`${path}: every section is a region named by its heading`, async ({
      sharedPage: page,
    }) => {
      await openAndSettle(page, path);
      const headings = await page.getByRole('main').getByRole('heading', { level: 2 }).all();
      expect(headings.length).toBeGreaterThan(0);
      for (const heading of headings) {
        const name = (await heading.textContent()) ?? '';
        await expect(page.getByRole('region', { name, exact: true })).toHaveCount(1);
      }
    });
  }

  test('/save/<funnelId> before any page is continued says why in words, no HTTP code', async ({
    page,
  }) => {
    await sessionUid(page);
    await openAndSettle(page, '/save/diesel-emissions');
    await page.getByLabel('Email address').fill('someone@example.com');
    await page.getByRole('button', { name: 'Email me a link' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(summary).toContainText('There is nothing to save yet');
    await expect(summary).not.toContainText(/\[\d{3}\]/);
    await expectNoViolations(page, '/save/diesel-emissions with its error');
  });

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

/**
 * Text at 200%, as a browser's text-size setting gives it (the pages size text in rem). Set
 * through the DOM, which the Content Security Policy allows (a style tag it refuses).
 */
async function doubleTextSize(page: Page) {
  await page.evaluate(() => document.documentElement.style.setProperty('font-size', '200%'));
}

test.describe('staff pages at 200% text (axe, and nothing scrolls sideways)', () => {
  test('the claims list, a claim, the outbox and funnel drop-off, on a desktop and a phone', async ({
    browser,
  }) => {
    // A guard against a hang, not a speed check: four pages at two widths with axe, on a busy machine.
    test.setTimeout(300_000);
    // A claim sent as a claimant sends it, for the claim page.
    const claimantPage = await browser.newPage();
    const uid = await answerUpToSign(claimantPage);
    await fillSign(claimantPage);
    await sendButton(claimantPage).click();
    await expect(claimantPage.getByTestId('claim-reference')).toBeVisible();
    await claimantPage.close();
    const [sent] = (await firestore().collection('claims').where('userId', '==', uid).get()).docs;
    const claimId = sent!.id;
    const reference = sent!.get('reference') as string;
    const staffEmail = `staff-a11y-${Date.now()}@example.com`;
    const password = await staffAccount(staffEmail);
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, staffEmail, password, '/staff');
    for (const { name, viewport } of VIEWPORTS) {
      await page.setViewportSize(viewport);
      for (const path of [
        `/staff?q=${reference}`,
        `/staff/claims/${claimId}`,
        '/staff/outbox',
        '/staff/funnels',
      ]) {
        await openAndSettle(page, path);
        await doubleTextSize(page);
        const label = `${path} at 200% text (${name})`;
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
        }));
        expect(scrollWidth, `${label} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
        // Every link of the staff menu can be reached and seen whole.
        for (const link of await page
          .getByRole('navigation', { name: 'Back office' })
          .getByRole('link')
          .all()) {
          const box = (await link.boundingBox())!;
          expect(box.x + box.width, `${label}: ${await link.textContent()}`).toBeLessThanOrEqual(
            clientWidth,
          );
        }
        await expectNoViolations(page, label);
      }
    }
    await context.close();
  });
});
