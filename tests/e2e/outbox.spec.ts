import { expect, test, type Page, type Route } from '@playwright/test';
import { claimsOf } from './support/emulators';
import {
  claimant,
  continueButton,
  expectPage,
  fillAddress,
  fillStart,
  uidFromUrl,
} from './support/claimant';

// Faults a claimant meets (a closed tab, a lost connection, a failing gateway, a reload in
// the middle of a save, two tabs), each checked against what the server holds, read with
// firebase-admin from the emulator, not only against the screen.

/** The answers the server holds for one page of the claimant's vehicle claim. */
async function serverPage(uid: string, pageId: string) {
  const claims = await claimsOf(uid);
  const claim = claims.find((c) => c.funnelId === 'vehicle-claim');
  return (claim?.answers as Record<string, Record<string, unknown>> | undefined)?.[pageId];
}

/** Waits until the server holds `expected` (a subset) for the page. */
async function expectOnServer(
  uid: string,
  pageId: string,
  expected: Record<string, unknown>,
  timeout = 20_000,
) {
  await expect
    .poll(() => serverPage(uid, pageId), { timeout, message: `server copy of ${pageId}` })
    .toMatchObject(expected);
}

const isSave = (route: Route) =>
  route.request().method() === 'POST' &&
  (route.request().postData() ?? '').includes('"functionName":"saveAnswers"');

/** Intercepts the gateway's saveAnswers calls with `handle`; other calls pass. */
async function onSaves(page: Page, handle: (route: Route) => Promise<void>) {
  await page.route('**/gateway', async (route) => {
    if (isSave(route)) await handle(route);
    else await route.continue();
  });
}

async function startToAddress(page: Page): Promise<string> {
  await page.goto('/form/start/');
  await fillStart(page);
  await continueButton(page).click();
  await expectPage(page, 'address');
  const uid = uidFromUrl(page);
  await expectOnServer(uid, 'start', { firstName: claimant.start.firstName });
  return uid;
}

test.describe('nothing a claimant types is lost', () => {
  test('typing kept when the tab is closed before Continue, and restored when opened again', async ({
    context,
    page,
  }) => {
    await startToAddress(page);
    await page.getByLabel('Address line 1').fill('1 Kept Street');
    await page.getByLabel('Town or city').fill('Keptown');
    const url = page.url();
    await page.close();

    const again = await context.newPage();
    await again.goto(url);
    await expectPage(again, 'address');
    await expect(again.getByLabel('Address line 1')).toHaveValue('1 Kept Street');
    await expect(again.getByLabel('Town or city')).toHaveValue('Keptown');
  });

  test('a page continued offline is sent when the connection is back, without another Continue', async ({
    context,
    page,
  }) => {
    const uid = await startToAddress(page);
    await context.setOffline(true);
    await fillAddress(page);
    await continueButton(page).click();
    await expectPage(page, 'check');
    await expect(page.getByTestId('sync-status')).toHaveText(
      'Saved on this device; will be sent when you are back online.',
    );
    expect(await serverPage(uid, 'address')).toBeUndefined();

    await context.setOffline(false);
    await expectOnServer(uid, 'address', { town: claimant.address.town }, 10_000);
    await expect(page.getByTestId('sync-status')).toHaveText('Your answers are saved.');
  });

  test('a save the gateway fails once is tried again and arrives', async ({ page }) => {
    const uid = await startToAddress(page);
    let failures = 0;
    await onSaves(page, async (route) => {
      if (failures++ === 0) await route.fulfill({ status: 500, body: '{}' });
      else await route.continue();
    });
    await fillAddress(page);
    await continueButton(page).click();
    await expectPage(page, 'check');
    await expectOnServer(uid, 'address', { town: claimant.address.town });
    expect(failures).toBeGreaterThanOrEqual(2);
  });

  test('a save cut off by a reload is sent by the reloaded page', async ({ page }) => {
    const uid = await startToAddress(page);
    // The save never gets an answer: the page reloads while it is in flight.
    await onSaves(page, async (route) => route.abort('connectionreset'));
    await fillAddress(page);
    await continueButton(page).click();
    await expectPage(page, 'check');
    await page.unroute('**/gateway');
    await page.reload();
    await expectPage(page, 'check');
    await expectOnServer(uid, 'address', { town: claimant.address.town });
  });

  test('the gateway down for 60 s: two pages answered meanwhile arrive once it is back', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const uid = await startToAddress(page);
    let down = true;
    await onSaves(page, async (route) => {
      if (down) await route.fulfill({ status: 503, body: '{}' });
      else await route.continue();
    });
    const downSince = Date.now();
    await fillAddress(page);
    await continueButton(page).click();
    await expectPage(page, 'check');
    await expect(page.getByTestId('sync-status')).toHaveText(
      'Saved on this device; will be sent when you are back online.',
    );
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expectPage(page, 'address');
    await page.getByLabel('Town or city').fill('Later Town');
    await continueButton(page).click();
    await expectPage(page, 'check');
    await page.waitForTimeout(Math.max(0, 60_000 - (Date.now() - downSince)));
    expect(await serverPage(uid, 'address')).toBeUndefined();
    down = false;
    // No click, no focus change: the retry timer (at most a minute apart) sends it.
    await expectOnServer(uid, 'address', { town: 'Later Town' }, 70_000);
  });

  test('two tabs on one claim: the later answer wins on each field, nothing else is lost', async ({
    context,
    page,
  }) => {
    const uid = await startToAddress(page);
    const tabA = page;
    const tabB = await context.newPage();
    const startUrl = tabA.url().replace('/address/', '/start/');
    await tabA.goto(startUrl);
    await tabB.goto(startUrl);
    await expectPage(tabA, 'start');
    await expectPage(tabB, 'start');

    await tabA.getByLabel('First name').fill('Janet');
    await continueButton(tabA).click();
    await expectPage(tabA, 'address');
    await expectOnServer(uid, 'start', { firstName: 'Janet' });

    // Tab B was opened before tab A's change: it changes only the last name.
    await tabB.getByLabel('Last name').fill('Doe-Smith');
    await continueButton(tabB).click();
    await expectPage(tabB, 'address');
    await expectOnServer(uid, 'start', {
      firstName: 'Janet',
      lastName: 'Doe-Smith',
      email: claimant.start.email,
    });
  });
});
