import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { claimsOf } from './support/emulators';
import { claimant, continueButton, expectPage, fillStart, uidFromUrl } from './support/claimant';

// Every funnel's first page is in the HTML the server sends (built from the funnel JSON):
// it paints before any JavaScript, hydrates without being replaced or moving, and keeps
// what the claimant typed before the app took over.

interface FunnelFile {
  funnelId: string;
  title: string;
  pages: { pageId: string; title: string }[];
}

// Found from the folder, so a funnel a product owner adds is covered without a code change.
const funnelsDir = path.resolve(import.meta.dirname, '../../funnels');
const funnels = readdirSync(funnelsDir)
  .filter((file) => file.endsWith('.json'))
  .map((file) => JSON.parse(readFileSync(path.join(funnelsDir, file), 'utf8')) as FunnelFile);

const BUILT_IN_FUNNEL_ID = 'vehicle-claim';
const firstPageUrl = (funnel: FunnelFile): string =>
  funnel.funnelId === BUILT_IN_FUNNEL_ID
    ? `/form/${funnel.pages[0]!.pageId}/`
    : `/form/${funnel.funnelId}/${funnel.pages[0]!.pageId}/`;

/** Sums the layout shifts the page has had (CLS without the session windows: stricter). */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            total += (entry as unknown as { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
}

/** Holds back the app's entry script, so the claimant meets the page before it hydrates. */
async function holdAppScript(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

for (const funnel of funnels) {
  test.describe(`${funnel.funnelId}: first page`, () => {
    test.describe('with JavaScript off', () => {
      test.use({ javaScriptEnabled: false });

      test('shows the first question, the header and the footer', async ({ page }) => {
        await page.goto(firstPageUrl(funnel));
        const first = funnel.pages[0]!;
        await expect(page.getByRole('heading', { level: 1 })).toContainText(first.title);
        await expect(page).toHaveTitle(`${first.title} – ${funnel.title} – Vehicle Claims`);
        await expect(
          page.getByRole('banner').getByRole('link', { name: 'Vehicle Claims' }),
        ).toBeVisible();
        await expect(
          page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }),
        ).toBeVisible();
        await expect(page.locator('form input').first()).toBeVisible();
        // Sent without the app, the form would put the answers in the address bar.
        await expect(continueButton(page)).toBeDisabled();
      });
    });

    test('hydrates without replacing the page, moving it or a mismatch', async ({ page }) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /hydrat/i.test(message.text()))
          errors.push(message.text());
      });
      await page.goto(firstPageUrl(funnel));
      await page.evaluate(() => {
        (window as unknown as { prerenderedHeading: Element | null }).prerenderedHeading =
          document.querySelector('h1');
      });
      await expect(continueButton(page)).toBeEnabled();
      // The same element: hydrated, not rendered again.
      expect(
        await page.evaluate(
          () =>
            (window as unknown as { prerenderedHeading: Element | null }).prerenderedHeading ===
            document.querySelector('h1'),
        ),
      ).toBe(true);
      expect(await layoutShift(page)).toBe(0);
      expect(errors).toEqual([]);
    });
  });
}

test('what a claimant types before the app has loaded is kept and reaches the server', async ({
  page,
}) => {
  // The app's code is held back: the claimant types into the prerendered page meanwhile.
  const releaseApp = await holdAppScript(page);
  await page.goto('/form/start/', { waitUntil: 'commit' });
  await page.getByLabel('First name').fill(claimant.start.firstName);
  await page.getByLabel('Last name').fill(claimant.start.lastName);
  await expect(page.getByLabel('Last name')).toBeFocused();
  await expect(continueButton(page)).toBeDisabled();

  releaseApp();
  await expect(continueButton(page)).toBeEnabled();
  await expect(page.getByLabel('First name')).toHaveValue(claimant.start.firstName);
  await expect(page.getByLabel('Last name')).toHaveValue(claimant.start.lastName);
  await expect(page.getByLabel('Last name')).toBeFocused();

  // The rest is typed once the app runs; the early answers were not left in the DOM alone.
  await page.getByLabel('Email address').fill(claimant.start.email);
  await page.getByLabel('UK mobile number').fill(claimant.start.phoneNumber);
  await continueButton(page).click();
  await expectPage(page, 'address');
  const uid = uidFromUrl(page);
  await expect
    .poll(
      async () =>
        (await claimsOf(uid)).find((claim) => claim.funnelId === BUILT_IN_FUNNEL_ID)?.answers
          ?.start,
      { timeout: 20_000 },
    )
    .toMatchObject({
      firstName: claimant.start.firstName,
      lastName: claimant.start.lastName,
      email: claimant.start.email,
    });
});

test('a claimant who fills the whole page before the app loads continues with those answers', async ({
  page,
}) => {
  const releaseApp = await holdAppScript(page);
  await page.goto('/form/start/', { waitUntil: 'commit' });
  await fillStart(page);
  releaseApp();
  await continueButton(page).click();
  await expectPage(page, 'address');
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expectPage(page, 'start');
  await expect(page.getByLabel('Email address')).toHaveValue(claimant.start.email);
});
