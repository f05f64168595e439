import { expect, test, type Page, type Route } from '@playwright/test';
import { claimsOf } from './support/emulators';
import { claimant, continueButton, expectPage, fillStart, uidFromUrl } from './support/claimant';

// A returning claimant's first page is drawn with what this browser holds of their claim
// from its first frame, or says it is loading their answers: never empty fields with a
// Continue button, and never moving focus or caret under their typing. The claim's own
// gateway call (getClaim) is held back throughout, so every frame before it answers is seen.

/** The first page's answers the server holds for the claimant. */
async function startOnServer(uid: string) {
  return (await claimsOf(uid)).find((claim) => claim.funnelId === 'vehicle-claim')?.answers
    ?.start as Record<string, unknown> | undefined;
}

async function answeredFirstPage(page: Page): Promise<string> {
  await page.goto('/form/start/');
  await fillStart(page);
  await continueButton(page).click();
  await expectPage(page, 'address');
  const uid = uidFromUrl(page);
  await expect.poll(() => startOnServer(uid), { timeout: 20_000 }).toMatchObject(claimant.start);
  return uid;
}

/** Holds back every getClaim call until the returned function is called. */
async function holdClaimLoading(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/gateway', async (route: Route) => {
    if ((route.request().postData() ?? '').includes('"functionName":"getClaim"')) await held;
    await route.continue();
  });
  return release;
}

interface FrameRecord {
  frames: number;
  /** Frames that showed a Continue button with every visible text field empty. */
  emptyWithContinue: number;
  shift: number;
}

/**
 * From the document's start, before each frame is painted: whether it shows a Continue button
 * above empty fields, and the layout shifts seen.
 */
function recordFrames(page: Page) {
  return page.addInitScript(() => {
    const record = { frames: 0, emptyWithContinue: 0, shift: 0 };
    (window as unknown as { frameRecord: typeof record }).frameRecord = record;
    const shown = (element: Element) =>
      element.checkVisibility({ visibilityProperty: true, opacityProperty: true });
    const sample = () => {
      record.frames += 1;
      const buttons = [...document.querySelectorAll('button')].filter(
        (button) => button.textContent?.trim() === 'Continue' && shown(button),
      );
      const fields = [
        ...document.querySelectorAll<HTMLInputElement>(
          'input[type="text"], input[type="email"], input[type="tel"], input:not([type])',
        ),
      ].filter(shown);
      if (buttons.length > 0 && fields.length > 0 && fields.every((field) => field.value === ''))
        record.emptyWithContinue += 1;
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        record.shift += (entry as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const frameRecord = (page: Page) =>
  page.evaluate(() => (window as unknown as { frameRecord: FrameRecord }).frameRecord);

test('a claimant whose answers this browser holds finds them on the first page from its first frame', async ({
  page,
}) => {
  const uid = await answeredFirstPage(page);
  await recordFrames(page);
  const release = await holdClaimLoading(page);
  await page.goto('/form/start/');

  // Filled before the claim has loaded.
  await expect(page.getByLabel('First name')).toHaveValue(claimant.start.firstName);
  await expect(page.getByLabel('Email address')).toHaveValue(claimant.start.email);
  // Typed while the claim loads: kept, with focus and caret where the claimant left them.
  const lastName = page.getByLabel('Last name');
  await lastName.fill('Smythe');
  await lastName.press('Home');
  const loaded = page.waitForResponse((response) =>
    (response.request().postData() ?? '').includes('"functionName":"getClaim"'),
  );
  release();
  await loaded;
  // The loaded claim is drawn within a frame or two of its answer.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
  await expect(lastName).toBeFocused();
  await expect(lastName).toHaveValue('Smythe');
  expect(await lastName.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(0);

  const record = await frameRecord(page);
  expect(record.frames).toBeGreaterThan(0);
  expect(record.emptyWithContinue).toBe(0);
  expect(record.shift).toBeLessThan(0.01);

  await continueButton(page).click();
  await expectPage(page, 'address');
  await expect
    .poll(() => startOnServer(uid), { timeout: 20_000 })
    .toMatchObject({ ...claimant.start, lastName: 'Smythe' });
});

test('a claimant whose answers only the server holds is told they are loading, then sees them', async ({
  page,
}) => {
  const uid = await answeredFirstPage(page);
  // This browser keeps the session, but no copy of the claim.
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage))
      if (key.startsWith('claimDraft:')) localStorage.removeItem(key);
  });
  await recordFrames(page);
  const release = await holdClaimLoading(page);
  await page.goto('/form/start/');

  await expect(page.getByRole('status').filter({ hasText: 'Loading your answers' })).toBeVisible();
  await expect(continueButton(page)).toBeHidden();
  await expect(page).toHaveTitle(/^Loading your answers/);
  release();
  await expect(page.getByLabel('First name')).toHaveValue(claimant.start.firstName);
  await expect(page.getByLabel('Last name')).toHaveValue(claimant.start.lastName);
  await expect(page.getByRole('status').filter({ hasText: 'Loading your answers' })).toHaveCount(0);
  await expectPage(page, 'start');

  const record = await frameRecord(page);
  expect(record.emptyWithContinue).toBe(0);
  expect(record.shift).toBeLessThan(0.01);
  // Nothing was written meanwhile: the server holds the answers as they were.
  expect(await startOnServer(uid)).toMatchObject(claimant.start);
});

test('a new visitor’s first page is drawn at once, empty, as before', async ({ page }) => {
  await recordFrames(page);
  const release = await holdClaimLoading(page);
  await page.goto('/form/start/');
  await expect(continueButton(page)).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('');
  await expect(page.getByText('Loading your answers')).toBeHidden();
  release();
});
