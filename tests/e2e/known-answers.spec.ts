import { expect, test, type Page } from '@playwright/test';
import { claimsOf } from './support/emulators';
import { claimant, continueButton, expectPage, fillStart, uidFromUrl } from './support/claimant';

/** A claimant's first claim, its first page answered and saved; returns their uid. */
async function firstClaimSaved(page: Page): Promise<string> {
  await page.goto('/form/start/');
  await fillStart(page);
  await continueButton(page).click();
  await expectPage(page, 'address');
  const uid = uidFromUrl(page);
  await expect.poll(async () => (await claimsOf(uid)).length, { timeout: 15_000 }).toBe(1);
  return uid;
}

/** The contact page's answers of the claimant's diesel claim, as Firestore holds them. */
async function dieselContactOf(uid: string): Promise<unknown> {
  const claims = await claimsOf(uid);
  return claims.find((claim) => claim.funnelId === 'diesel-emissions')?.answers?.contact;
}

// WCAG 2.2 SC 3.3.7 (redundant entry): what the claimant told us in one claim is offered,
// pre-filled and theirs to confirm, when they start another.
test('a second funnel offers the name and contact details already given, to confirm', async ({
  page,
}) => {
  const uid = await firstClaimSaved(page);

  await page.goto(`/form/diesel-emissions/contact/${uid}`);
  await expect(page.getByTestId('prefilled-notice')).toContainText(
    'We have filled in what you told us before',
  );
  await expect(page.getByLabel('First name')).toHaveValue(claimant.start.firstName);
  await expect(page.getByLabel('Last name')).toHaveValue(claimant.start.lastName);
  await expect(page.getByLabel('Email address')).toHaveValue(claimant.start.email);

  // The claimant corrects one detail and confirms the rest.
  await page.getByLabel('Last name').fill('Doe-Smith');
  await continueButton(page).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Your diesel vehicle');
  await expect
    .poll(() => dieselContactOf(uid), { timeout: 15_000 })
    .toMatchObject({ firstName: claimant.start.firstName, lastName: 'Doe-Smith' });
});

test('a new claimant is offered nothing pre-filled', async ({ page }) => {
  await page.goto('/form/start/');
  await expectPage(page, 'start');
  await expect(page.getByLabel('First name')).toHaveValue('');
  await expect(page.getByTestId('prefilled-notice')).toHaveCount(0);
});

test('a returning claimant waits for their earlier answers, is told so, then changes one', async ({
  page,
}) => {
  const uid = await firstClaimSaved(page);

  // The claim (and with it what they told us before) is held back: this browser has no copy
  // in this funnel, so the page says it is loading their answers rather than showing empty
  // fields they might start typing into.
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/gateway', async (route) => {
    const body = route.request().postData() ?? '';
    if (/"functionName":"(getClaim|startClaim)"/.test(body)) await released;
    await route.continue();
  });
  await page.goto(`/form/diesel-emissions/contact/${uid}`);
  await expect(page.getByTestId('claim-loading')).toContainText('Loading your answers');
  await expect(page.getByLabel('Email address')).toHaveCount(0);
  release();
  const email = page.getByLabel('Email address');
  await expect(page.getByLabel('First name')).toHaveValue(claimant.start.firstName);
  await email.fill('new.address@example.com');
  await continueButton(page).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Your diesel vehicle');
  await expect
    .poll(() => dieselContactOf(uid), { timeout: 15_000 })
    .toMatchObject({ firstName: claimant.start.firstName, email: 'new.address@example.com' });
});
