import { type Page } from '@playwright/test';
import { expect, test } from './support/sharedPage';
import { sessionUid } from './support/emulators';

/** Every route of the app (src/app/paths.ts) whose address needs no parameter of the session. */
const STATIC_ROUTES = [
  '/test',
  '/',
  '/start',
  '/LandingPage',
  '/ui-examples',
  '/examples',
  '/examples/login',
  '/login',
  '/form/sign/',
  '/form/check/',
  '/form/start/',
  '/form/address/',
];

/** The default layout: header with the service name, one main outlet, footer. */
async function expectInsideLayout(page: Page) {
  await expect(
    page.getByRole('banner').getByRole('link', { name: 'Vehicle Claims' }),
  ).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('main')).toHaveCount(1);
}

async function expectRealPage(page: Page) {
  const heading = page.getByRole('main').getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible({ timeout: 15_000 });
  await expect(heading).not.toHaveText(/Page Not Found|Internal Server Error/);
  await expectInsideLayout(page);
}

test.describe('app routes', () => {
  for (const path of STATIC_ROUTES) {
    test(`${path} renders a real page inside the default layout`, async ({ sharedPage: page }) => {
      await page.goto(path);
      await expectRealPage(page);
    });
  }

  test('/form/vehicle-claim/start/<uid> renders the start page for the session owner', async ({
    sharedPage: page,
  }) => {
    const uid = await sessionUid(page);
    await page.goto(`/form/vehicle-claim/start/${uid}`);
    await expectRealPage(page);
    await expect(page.getByLabel('First name')).toBeVisible();
  });

  test('/form/start/<uid> (optional id) renders the start page for the session owner', async ({
    sharedPage: page,
  }) => {
    const uid = await sessionUid(page);
    await page.goto(`/form/start/${uid}`);
    await expectRealPage(page);
    await expect(page.getByLabel('First name')).toBeVisible();
  });

  test('/examples/callMotorSpecs sends an anonymous visitor to sign in first', async ({
    sharedPage: page,
  }) => {
    await page.goto('/examples/callMotorSpecs');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fexamples%2FcallMotorSpecs$/);
    await expectRealPage(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/sign in/i);
  });

  test('an unknown path shows Page Not Found inside the layout', async ({ sharedPage: page }) => {
    // HTTP 404 too (the server's prerendered 404.html), then the app draws the same page.
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole('main').getByRole('heading', { level: 1, name: 'Page Not Found' }),
    ).toBeVisible();
    await expectInsideLayout(page);
    await expect(page).toHaveTitle(/Page Not Found/);
  });

  test('the server answers 404 at an unknown path and 200 at every route', async ({ request }) => {
    for (const path of [
      '/no-such-page',
      '/account/no-such-page',
      '/form',
      '/404',
      // A funnel or a page no funnel file has.
      '/form/no-such-funnel/start/',
      '/form/vehicle-claim/no-such-page/',
    ]) {
      const response = await request.get(path, { headers: { Accept: 'text/html' } });
      expect(response.status(), path).toBe(404);
      expect(await response.text(), path).toContain('Page Not Found');
    }
    for (const path of [
      ...STATIC_ROUTES,
      '/claims/vehicle-claim/x',
      '/staff/claims/x',
      '/claim',
      '/form/vehicle-claim/address/x',
      '/form/diesel-emissions/contact/',
    ]) {
      expect((await request.get(path)).status(), path).toBe(200);
    }
    // Files keep their own answers: a missing script is a plain 404, not a page.
    expect((await request.get('/assets/no-such-file.js')).status()).toBe(404);
  });

  test('an unknown funnel on the generic form route shows Page Not Found', async ({
    sharedPage: page,
  }) => {
    await page.goto('/form/no-such-funnel/start/x');
    await expect(
      page.getByRole('main').getByRole('heading', { level: 1, name: 'Page Not Found' }),
    ).toBeVisible();
    await expectInsideLayout(page);
  });

  test('an unknown page of a known funnel shows Page Not Found', async ({ sharedPage: page }) => {
    await page.goto('/form/vehicle-claim/no-such-page/x');
    await expect(
      page.getByRole('main').getByRole('heading', { level: 1, name: 'Page Not Found' }),
    ).toBeVisible();
  });

  test('the document title and meta description say it is for vehicle claims', async ({
    sharedPage: page,
  }) => {
    await page.goto('/');
    await expectRealPage(page);
    await expect(page).toHaveTitle(/vehicle claims?/i);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /vehicle claims?/i,
    );
  });
});
