import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  answerUpToSign,
  claimant,
  continueButton,
  expectPage,
  fillAddress,
  fillCheck,
  fillSign,
  fillStart,
  sendButton,
} from './support/claimant';
import { claimsOf } from './support/emulators';

const REFERENCE = /^VC-[A-Z0-9]{4}-[A-Z0-9]{4}$/;

/** Sends a claim for the claimant's vehicle (AB12 CDE); returns their uid and its reference. */
async function sendFirstClaim(page: Page) {
  const uid = await answerUpToSign(page);
  await fillSign(page);
  await sendButton(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Claim submitted' })).toBeVisible();
  const reference = (await page.getByTestId('claim-reference').textContent())?.trim() ?? '';
  expect(reference).toMatch(REFERENCE);
  return { uid, reference };
}

/** From the confirmation, starts another claim and enters the same vehicle on the check page. */
async function claimSameVehicleAgain(page: Page) {
  await page.getByRole('button', { name: 'Start another claim' }).click();
  await expectPage(page, 'start');
  // What the claimant told us in the first claim is offered again, for them to confirm.
  await expect(page.getByTestId('prefilled-notice')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue(claimant.start.firstName);
  await fillStart(page);
  await continueButton(page).click();
  await fillAddress(page);
  await continueButton(page).click();
  await fillCheck(page, { ...claimant.check, registrationNumber: 'AB12 CDE' });
  await continueButton(page).click();
}

test.describe('a second claim for the same vehicle', () => {
  test('is offered the claim the claimant already has, and can open it', async ({ page }) => {
    const { uid, reference } = await sendFirstClaim(page);
    await claimSameVehicleAgain(page);

    const notice = page.getByTestId('duplicate-claim');
    await expect(
      page.getByRole('heading', { level: 1, name: 'You already have a claim for AB12 CDE' }),
    ).toBeVisible();
    await expect(notice).toContainText(reference);
    await expect(notice).toContainText('Submitted');
    await expect(page).toHaveTitle(/You already have a claim for AB12 CDE/);
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);

    await page.getByRole('link', { name: 'Go to that claim' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Claim submitted' })).toBeVisible();
    await expect(page.getByTestId('claim-reference')).toHaveText(reference);
    // The second claim stays a draft the claimant can come back to; nothing was sent twice.
    const claims = await claimsOf(uid);
    expect(claims.map((c) => c.status).sort()).toEqual(['draft', 'submitted']);
  });

  test('can still be made on purpose: "make a new claim anyway" carries on to sign', async ({
    page,
  }) => {
    const { uid, reference } = await sendFirstClaim(page);
    await claimSameVehicleAgain(page);
    await expect(page.getByTestId('duplicate-claim')).toContainText(reference);

    await page.getByRole('button', { name: /^Make a new claim for .+ anyway$/ }).click();
    await fillSign(page);
    await sendButton(page).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Claim submitted' })).toBeVisible();
    const second = (await page.getByTestId('claim-reference').textContent())?.trim() ?? '';
    expect(second).toMatch(REFERENCE);
    expect(second).not.toBe(reference);

    const claims = await claimsOf(uid);
    expect(claims).toHaveLength(2);
    expect(claims.every((c) => c.status === 'submitted' && c.subject === 'AB12CDE')).toBe(true);
  });
});
