import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { expect, test, type Page } from '@playwright/test';
import {
  continueButton,
  expectPage,
  fillStart,
  openVehicleClaimFromHeader,
  uidFromUrl,
} from './support/claimant';

// The app-shell behaviours: referral capture, new builds, lazy chunk failures,
// analytics consent, route rules, scrolling and duplicate navigation.

const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:5173';
test.use({ baseURL: BASE_URL });

const REFERRAL_KEYS = [
  'referral_utmSource',
  'referral_utmMedium',
  'referral_utmCampaign',
  'referral_adId',
  'referral_referUrl',
] as const;

/** The referral_* localStorage keys (null when absent). */
async function storedReferral(page: Page): Promise<Record<string, string | null>> {
  return page.evaluate(
    (keys) => Object.fromEntries(keys.map((key) => [key, window.localStorage.getItem(key)])),
    [...REFERRAL_KEYS],
  );
}

/** The app has started: the layout and a page heading are on screen. */
async function appReady(page: Page) {
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible({
    timeout: 15_000,
  });
}

/** A flag on `window` that only a full page load removes. */
async function markWindow(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __e2eMarker?: boolean }).__e2eMarker = true;
  });
}
function windowMarked(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __e2eMarker?: boolean }).__e2eMarker === true);
}

/** What the debug sink recorded: none before the analytics code has loaded (after first paint). */
function debugEvents(page: Page) {
  return page.evaluate(() => window.__analyticsDebugEvents ?? []);
}

/**
 * A production build serves builds/latest.json (the dev server has none and its build
 * watcher is off), which the new-build and chunk-failure tests need.
 */
let productionBuild: boolean | undefined;
async function isProductionBuild(): Promise<boolean> {
  if (productionBuild !== undefined) return productionBuild;
  try {
    const response = await fetch(new URL('/builds/latest.json', BASE_URL));
    const body = (await response.json()) as { id?: unknown };
    productionBuild = response.ok && typeof body.id === 'string';
  } catch {
    productionBuild = false;
  }
  return productionBuild;
}
const NEEDS_BUILD =
  'needs a production build (builds/latest.json is absent: this is the dev server); npm test runs it';

function claimDocument(uid: string) {
  process.env.FIRESTORE_EMULATOR_HOST = '127.0.0.1:8080';
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  if (getApps().length === 0) initializeApp({ projectId: 'demo-vehicle-claims' });
  return getFirestore().doc(`claims/${uid}_vehicle-claim`);
}

test.describe('referral capture', () => {
  test('stores, keeps and replaces the referral_* keys', async ({ page }) => {
    await page.goto('/?utm_source=a&utm_medium=b&utm_campaign=c&adId=d');
    await appReady(page);
    const firstUrl = page.url();
    expect(await storedReferral(page)).toEqual({
      referral_utmSource: 'a',
      referral_utmMedium: 'b',
      referral_utmCampaign: 'c',
      referral_adId: 'd',
      referral_referUrl: firstUrl,
    });
    expect(firstUrl).toBe(`${BASE_URL}/?utm_source=a&utm_medium=b&utm_campaign=c&adId=d`);

    // A later visit without utm parameters (even with an adId) leaves them alone.
    await page.goto('/start?adId=other');
    await appReady(page);
    expect((await storedReferral(page)).referral_referUrl).toBe(firstUrl);
    expect((await storedReferral(page)).referral_adId).toBe('d');

    // A new referral clears the old one entirely.
    await page.goto('/?utm_source=x');
    await appReady(page);
    expect(await storedReferral(page)).toEqual({
      referral_utmSource: 'x',
      referral_utmMedium: null,
      referral_utmCampaign: null,
      referral_adId: null,
      referral_referUrl: `${BASE_URL}/?utm_source=x`,
    });
  });

  test('a claimant arriving through a campaign has that referral on the claim', async ({
    page,
  }) => {
    const landing = '/form/start/?utm_source=news&utm_medium=email&utm_campaign=spring&adId=ad-7';
    await page.goto(landing);
    await fillStart(page);
    await continueButton(page).click();
    await expectPage(page, 'address');
    await expect(page.getByTestId('sync-status')).toHaveText('Your answers are saved.', {
      timeout: 15_000,
    });
    const uid = uidFromUrl(page);

    const doc = claimDocument(uid);
    await expect
      .poll(async () => (await doc.get()).get('referral.firstTouch') as unknown, {
        timeout: 15_000,
      })
      .toEqual({
        utmSource: 'news',
        utmMedium: 'email',
        utmCampaign: 'spring',
        adId: 'ad-7',
        referUrl: `${BASE_URL}${landing}`,
      });
  });
});

test.describe('new builds and failing screens (production build)', () => {
  test.beforeEach(async () => {
    test.skip(!(await isProductionBuild()), NEEDS_BUILD);
  });

  test('after a new build is seen, the next in-app navigation is a full page load', async ({
    page,
  }) => {
    await page.goto('/');
    await appReady(page);

    // Control: an in-app navigation keeps the window (no reload) while the build is current.
    await markWindow(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Start a claim' }).click();
    await expect(page).toHaveURL(/\/start$/);
    await appReady(page);
    expect(await windowMarked(page)).toBe(true);

    let answered = 0;
    await page.route('**/builds/latest.json*', async (route) => {
      answered += 1;
      await route.fulfill({
        json: { id: 'e2e-newer-build', timestamp: Date.now() },
        headers: { 'cache-control': 'no-store' },
      });
    });
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect.poll(() => answered).toBeGreaterThan(0);
    // Let the watcher read the answer before navigating.
    await page.waitForTimeout(200);

    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await appReady(page);
    await expect.poll(() => windowMarked(page)).toBe(false);
  });

  test('a lazy screen that fails to load reloads once, then shows the error page', async ({
    page,
  }) => {
    await page.goto('/');
    await appReady(page);
    let chunkRequests = 0;
    await page.route('**/assets/SitePage-*.js', async (route) => {
      chunkRequests += 1;
      await route.abort();
    });
    const documentLoads: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documentLoads.push(request.url());
    });
    await markWindow(page);

    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Internal Server Error', {
      timeout: 15_000,
    });
    await expect(page).toHaveURL(/\/privacy$/);
    // One full reload of the target path (a new window), and no reload loop after it.
    expect(await windowMarked(page)).toBe(false);
    await page.waitForTimeout(1_000);
    expect(documentLoads).toEqual([`${BASE_URL}/privacy`]);
    expect(chunkRequests).toBeGreaterThanOrEqual(2);
    const guard = await page.evaluate(() => window.sessionStorage.getItem('reloadGuard'));
    expect(guard).toContain('/privacy');
  });
});

test.describe('analytics consent', () => {
  test('records nothing before consent, funnel events after accepting', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Cookies on Vehicle Claims' });
    await expect(banner).toBeVisible();
    expect(await debugEvents(page)).toEqual([]);

    // Before consent: a step is viewed, nothing is recorded.
    await openVehicleClaimFromHeader(page);
    await expectPage(page, 'start');
    expect(await debugEvents(page)).toEqual([]);

    await banner.getByRole('button', { name: 'Accept analytics cookies' }).click();
    const confirmation = banner.getByText(/You’ve accepted analytics cookies/);
    await expect(confirmation).toBeVisible();
    await expect(banner.locator('.cookie-banner__message')).toBeFocused();
    await banner.getByRole('button', { name: 'Hide this message' }).click();
    await expect(banner).toBeHidden();
    await expect(page.getByRole('main')).toBeFocused();
    expect(await debugEvents(page)).toEqual([]);

    // The choice is remembered: a new visit records the step view without asking again.
    await page.goto('/form/start/');
    await expectPage(page, 'start');
    await expect(page.getByRole('region', { name: 'Cookies on Vehicle Claims' })).toHaveCount(0);
    await expect
      .poll(() => debugEvents(page))
      .toEqual([
        {
          name: 'step_viewed',
          params: { funnel_id: 'vehicle-claim', page_id: 'start', step: 1 },
        },
      ]);

    // A failed Continue reports the names of the fields in error, never what was typed.
    await page.getByLabel('First name').fill('Zebedee');
    await page.getByLabel('Email address').fill('zebedee@not-an-email');
    // Blur first: the inline error it shows moves the button, which would swallow the click.
    await page.getByLabel('Email address').blur();
    await continueButton(page).click();
    await expect(page.getByRole('heading', { name: 'There is a problem' })).toBeVisible();
    const events = (await debugEvents(page)) ?? [];
    const failed = events.find((event) => event.name === 'validation_failed');
    expect(failed?.params).toMatchObject({ funnel_id: 'vehicle-claim', page_id: 'start' });
    const fields = (failed?.params as { fields: string[] }).fields;
    expect(fields).toEqual(expect.arrayContaining(['lastName', 'email']));
    expect(fields).not.toContain('firstName');
    expect(JSON.stringify(events)).not.toMatch(/Zebedee|zebedee|not-an-email/);
  });

  test('rejecting records nothing; withdrawing consent on /cookies stops events', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Reject analytics cookies' }).click();
    await expect(page.getByText(/You’ve rejected analytics cookies/)).toBeVisible();
    await openVehicleClaimFromHeader(page);
    await expectPage(page, 'start');
    expect(await debugEvents(page)).toEqual([]);
    expect(await page.evaluate(() => window.localStorage.getItem('cookieConsent'))).toBe(
      JSON.stringify({ version: 1, analytics: false }),
    );

    // Change of mind on the cookies page (from the footer): yes, then no again.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Cookies' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Cookies' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'No' })).toBeChecked();
    await page.getByRole('radio', { name: 'Yes' }).check();
    await page.getByRole('button', { name: 'Save cookie settings' }).click();
    await expect(page.locator('.notice--success')).toBeFocused();
    await expect(page.locator('.notice--success')).toHaveText(
      'You’ve set your cookie preferences.',
    );

    await openVehicleClaimFromHeader(page);
    await expectPage(page, 'start');
    await expect.poll(async () => (await debugEvents(page))?.length).toBe(1);

    await page.getByRole('contentinfo').getByRole('link', { name: 'Cookies' }).click();
    await page.getByRole('radio', { name: 'No' }).check();
    await page.getByRole('button', { name: 'Save cookie settings' }).click();
    await expect(page.getByText('You’ve set your cookie preferences.')).toBeVisible();
    await openVehicleClaimFromHeader(page);
    await expectPage(page, 'start');
    await continueButton(page).click();
    await expect(page.getByRole('heading', { name: 'There is a problem' })).toBeVisible();
    expect(await debugEvents(page)).toHaveLength(1);
  });
});

test.describe('navigation', () => {
  test('a route-rule redirect sends /claim to /form/start/', async ({ page }) => {
    await page.goto('/claim');
    await expect(page).toHaveURL(/\/form\/start\/$/);
    await expectPage(page, 'start');
  });

  test('scrolls to a hash anchor, and to the top on page change', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 600 });
    await page.goto('/cookies#cookie-settings');
    const anchor = page.getByRole('heading', { name: 'Change your cookie settings' });
    await expect(anchor).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);

    await page.getByRole('contentinfo').getByRole('link', { name: 'Start a claim' }).click();
    await expect(page).toHaveURL(/\/start$/);
    await appReady(page);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('Back returns the claimant to where they were on the page before', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 600 });
    await page.goto('/cookies');
    await appReady(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const left = await page.evaluate(() => window.scrollY);
    expect(left).toBeGreaterThan(200);

    // Already in view, so the click itself does not scroll.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Start a claim' }).click();
    await expect(page).toHaveURL(/\/start$/);
    await appReady(page);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Cookies' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(left);
  });

  test('while a screen loads, the header and footer are already on the page', async ({ page }) => {
    test.skip(!(await isProductionBuild()), NEEDS_BUILD);
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/CookiesPage-*.js', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/cookies');
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Vehicle Claims' }),
    ).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByRole('main')).toHaveText('Loading…');

    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Cookies' })).toBeVisible();
  });

  test('a link to the current page does nothing (no new history entry, no scroll reset)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 600 });
    await page.goto('/cookies');
    await appReady(page);
    const before = await page.evaluate(() => (window.history.state as { key?: string }).key);
    // Clicking the footer link scrolls it into view first, far from the top.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Cookies' }).click();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    expect(await page.evaluate(() => (window.history.state as { key?: string }).key)).toBe(before);
  });
});
