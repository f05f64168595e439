import { expect, test } from '@playwright/test';
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
