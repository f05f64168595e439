import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { claimsOf } from './support/emulators';
import { claimant, continueButton, expectPage, fillStart, uidFromUrl } from './support/claimant';

// The first question of a funnel does not wait for Firebase: it shows, takes answers and
// keeps them while the session cannot be made, and they reach the server once it can.

const AUTH_EMULATOR = 'http://127.0.0.1:9099/**';

test('a claimant answers the first page while the session cannot start, and nothing is lost', async ({
  page,
}) => {
  // Auth unreachable: no anonymous session can be made.
  await page.route(AUTH_EMULATOR, (route) => route.abort('internetdisconnected'));
  await page.goto('/form/start/');
  await fillStart(page);
  await continueButton(page).click();
  await expect(page.getByText('Your answers are kept on this device.')).toBeVisible();
  await expectPage(page, 'start');
  await expect(page.getByLabel('Email address')).toHaveValue(claimant.start.email);

  // Auth reachable again: the session is made, the claim saved and the claimant moved on.
  await page.unroute(AUTH_EMULATOR);
  await expectPage(page, 'address');
  const uid = uidFromUrl(page);
  await expect
    .poll(
      async () =>
        (await claimsOf(uid)).find((claim) => claim.funnelId === 'vehicle-claim')?.answers?.start,
      { timeout: 20_000 },
    )
    .toMatchObject({
      firstName: claimant.start.firstName,
      lastName: claimant.start.lastName,
      email: claimant.start.email,
    });
});

test('answers typed before a returning claimant’s claim loads win over the saved ones', async ({
  page,
}) => {
  await page.goto('/form/start/');
  await fillStart(page);
  await continueButton(page).click();
  await expectPage(page, 'address');

  // Back on the first page, the claim loads after the questions show: what the claimant
  // types meanwhile stays (and keeps focus), and the other questions get the saved answers.
  // The session's code is held back, so the claim cannot load until the claimant has typed.
  // This browser keeps the session but nothing of the claim (as one used before it kept a
  // copy): a browser that does keep it draws the page filled at once (returning-claimant.spec).
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage))
      if (key.startsWith('claimDraft:') || key === 'claimSession') localStorage.removeItem(key);
  });
  let releaseSession: () => void = () => undefined;
  const sessionHeld = new Promise<void>((resolve) => (releaseSession = resolve));
  await page.route(/\/assets\/authService-[^/]*\.js$/, async (route) => {
    await sessionHeld;
    await route.continue();
  });
  await page.goto('/form/start/');
  await expectPage(page, 'start');
  await expect(page.getByLabel('Last name')).toHaveValue('');
  await page.getByLabel('First name').fill('Janet');
  releaseSession();
  await expect(page.getByLabel('Last name')).toHaveValue(claimant.start.lastName);
  await expect(page.getByLabel('Email address')).toHaveValue(claimant.start.email);
  await expect(page.getByLabel('First name')).toHaveValue('Janet');
  await expect(page.getByLabel('First name')).toBeFocused();
});

/** The answers of the claimant's vehicle claim that the server holds for its first page. */
async function expectStartOnServer(uid: string) {
  await expect
    .poll(
      async () =>
        (await claimsOf(uid)).find((claim) => claim.funnelId === 'vehicle-claim')?.answers?.start,
      { timeout: 20_000 },
    )
    .toMatchObject(claimant.start);
}

interface ConnectionLoss {
  /** The scripts that arrive before the connection goes (none, by default). */
  arrived?: (path: string) => boolean;
  /** What must have happened on the page before the connection goes. */
  ready?: () => Promise<void>;
  /** False for a connection that fails while the browser still believes it is online. */
  browserNotices?: boolean;
}

/**
 * Cuts the connection once the page's HTML has arrived: every later request fails, as on a
 * train going into a tunnel, except the scripts `arrived` lets through (as if from the
 * browser's cache). Returns what restores the connection. A script that failed to load stays
 * failed in that page (Chromium remembers the failure), so the app loads its later modules
 * only once its files answer, and a page whose own scripts failed loads again.
 */
async function loseConnectionAfterThePage(
  page: Page,
  context: BrowserContext,
  { arrived = () => false, ready = async () => undefined, browserNotices = true }: ConnectionLoss,
): Promise<() => Promise<void>> {
  let offline = true;
  await page.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    // A script that arrived is in the browser's cache; a HEAD request goes past it, to the
    // network, as the app's check that its files answer does.
    const cut =
      url.port !== '5173' ||
      route.request().method() === 'HEAD' ||
      (url.pathname.endsWith('.js') && !arrived(url.pathname));
    if (offline && cut) await route.abort('internetdisconnected');
    else await route.continue();
  });
  await page.goto('/form/start/');
  await ready();
  if (browserNotices) await context.setOffline(true);
  return async () => {
    offline = false;
    if (browserNotices) await context.setOffline(false);
  };
}

/** The scripts the first page names: the app's own, which arrive with the page. */
async function scriptsOfTheFirstPage(page: Page): Promise<(path: string) => boolean> {
  const html = await (await page.request.get('/form/start/')).text();
  const named = new Set(
    [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]),
  );
  return (path) => named.has(path);
}

test('a claimant whose connection drops before the app arrives answers the page, is told why it waits, and continues once back', async ({
  context,
  page,
}) => {
  const reconnect = await loseConnectionAfterThePage(page, context, {});
  await fillStart(page);
  await expect(
    page.getByRole('status').filter({ hasText: 'has not finished loading' }),
  ).toBeVisible();
  await expect(continueButton(page)).toBeDisabled();

  // Back online: the app's script is fetched again, the page hydrates with the answers typed.
  await reconnect();
  await expect(continueButton(page)).toBeEnabled();
  await expect(page.getByText('has not finished loading')).toHaveCount(0);
  await expect(page.getByLabel('Email address')).toHaveValue(claimant.start.email);
  await continueButton(page).click();
  await expectPage(page, 'address');
  await expectStartOnServer(uidFromUrl(page));
});

// The app's own scripts arrive (those the page names); the session's code does not. Whether
// or not the browser notices the connection is gone (no online event comes when it does not),
// the session's code is fetched again once the connection works, and the claimant moves on
// without pressing Continue again.
for (const [connection, browserNotices] of [
  ['drops (the browser says it is offline)', true],
  ['fails while the browser still says it is online', false],
] as const) {
  test(`a claimant whose connection ${connection} after the app arrives, before the session, is saved once it works`, async ({
    context,
    page,
  }) => {
    const reconnect = await loseConnectionAfterThePage(page, context, {
      arrived: await scriptsOfTheFirstPage(page),
      ready: () => expect(continueButton(page)).toBeEnabled(),
      browserNotices,
    });
    await fillStart(page);
    await continueButton(page).click();
    await expect(page.getByText('Your answers are kept on this device.')).toBeVisible();
    await expectPage(page, 'start');

    await reconnect();
    await expectPage(page, 'address');
    await expectStartOnServer(uidFromUrl(page));
  });
}
