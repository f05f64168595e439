import { expect, test } from '@playwright/test';
import {
  answerUpToSign,
  claimant,
  continueButton,
  expectPage,
  fillAddress,
  fillCheck,
  fillSign,
  fillStart,
  noFinanceLabel,
  pageTitle,
  sendButton,
} from './support/claimant';
import { claimsOf } from './support/emulators';

const REFERENCE = /^VC-[A-Z0-9]{4}-[A-Z0-9]{4}$/;

// Playwright gives every test a fresh browser context: each test is a new anonymous claimant.
test.describe('vehicle-claim funnel', () => {
  test('a claimant completes the funnel from /form/start/ to the confirmation with a claim reference', async ({
    page,
  }) => {
    const uid = await answerUpToSign(page);
    await fillSign(page);
    await sendButton(page).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Claim submitted' })).toBeVisible();
    const reference = (await page.getByTestId('claim-reference').textContent())?.trim() ?? '';
    expect(reference).toMatch(REFERENCE);

    const claims = await claimsOf(uid);
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatchObject({ status: 'submitted', reference, funnelId: 'vehicle-claim' });
  });

  test('shows the progress on each step', async ({ page }) => {
    await page.goto('/form/start/');
    await expectPage(page, 'start');
    await expect(page.getByTestId('progress')).toHaveText('Step 1 of 4');
    await fillStart(page);
    await continueButton(page).click();
    await expectPage(page, 'address');
    await expect(page.getByTestId('progress')).toHaveText('Step 2 of 4');
  });

  test('a reload after the address page loses nothing: Back shows the earlier answers', async ({
    page,
  }) => {
    await page.goto('/form/start/');
    await fillStart(page);
    await continueButton(page).click();
    await fillAddress(page);
    await continueButton(page).click();
    await expectPage(page, 'check');

    await page.reload();
    await expectPage(page, 'check');

    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expectPage(page, 'address');
    await expect(page.getByLabel('Address line 1')).toHaveValue(claimant.address.addressLine1);
    await expect(page.getByLabel('Town or city')).toHaveValue(claimant.address.town);
    await expect(page.getByLabel('Postcode')).toHaveValue(claimant.address.postcode);
    await expect(page.getByLabel(claimant.address.years)).toBeChecked();

    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expectPage(page, 'start');
    await expect(page.getByLabel('First name')).toHaveValue(claimant.start.firstName);
    await expect(page.getByLabel('Last name')).toHaveValue(claimant.start.lastName);
    await expect(page.getByLabel('Email address')).toHaveValue(claimant.start.email);
    await expect(page.getByLabel('UK mobile number')).toHaveValue(claimant.start.phoneNumber);
  });

  test('a claimant back on the first page is offered the page where they stopped', async ({
    page,
  }) => {
    await page.goto('/form/start/');
    await fillStart(page);
    await continueButton(page).click();
    await fillAddress(page);
    await continueButton(page).click();
    await expectPage(page, 'check');

    // The header's "Your claim" opens the claim where the claimant stopped.
    await page.getByRole('banner').getByRole('link', { name: 'Your claim' }).click();
    await expectPage(page, 'check');
    await page.goto('/form/start/');
    await expectPage(page, 'start');
    await expect(page.getByLabel('First name')).toHaveValue(claimant.start.firstName);
    await page.getByRole('link', { name: `Continue from “${pageTitle('check')}”` }).click();
    await expectPage(page, 'check');
  });

  test("with this browser's copy gone, the claim resumes from the server with its answers", async ({
    page,
  }) => {
    await page.goto('/form/start/');
    await fillStart(page);
    await continueButton(page).click();
    await fillAddress(page);
    await continueButton(page).click();
    await expectPage(page, 'check');
    await expect(page.getByTestId('sync-status')).toHaveText('Your answers are saved.');

    await page.evaluate(() => window.localStorage.clear());
    await page.reload();
    await expectPage(page, 'check');
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expectPage(page, 'address');
    await expect(page.getByLabel('Postcode')).toHaveValue(claimant.address.postcode);
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expectPage(page, 'start');
    await expect(page.getByLabel('Email address')).toHaveValue(claimant.start.email);
  });

  test('going Back from check to address and changing an answer shows the new value on the sign page', async ({
    page,
  }) => {
    await page.goto('/form/start/');
    await fillStart(page);
    await continueButton(page).click();
    await fillAddress(page);
    await continueButton(page).click();
    await expectPage(page, 'check');

    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expectPage(page, 'address');
    await expect(page.getByLabel('Address line 1')).toHaveValue(claimant.address.addressLine1);
    await page.getByLabel('Address line 1').fill('221B Baker Street');
    await continueButton(page).click();

    await fillCheck(page);
    await continueButton(page).click();
    await expectPage(page, 'sign');

    const addressSummary = page.getByRole('region', { name: pageTitle('address') });
    await expect(addressSummary).toContainText('221B Baker Street');
    await expect(addressSummary).not.toContainText(claimant.address.addressLine1);
    await expect(page.getByRole('region', { name: pageTitle('check') })).toContainText(
      claimant.check.registrationNumber,
    );
  });

  test('choosing no finance leads to the not-eligible exit page', async ({ page }) => {
    await page.goto('/form/start/');
    await fillStart(page);
    await continueButton(page).click();
    await fillAddress(page);
    await continueButton(page).click();
    await expectPage(page, 'check');

    await page.getByLabel('Vehicle registration number').fill(claimant.check.registrationNumber);
    await page.getByLabel('Make', { exact: true }).fill(claimant.check.make);
    await page.getByLabel('Model', { exact: true }).fill(claimant.check.model);
    await page.getByLabel(noFinanceLabel()).check();
    await continueButton(page).click();

    await expectPage(page, 'not-eligible');
    await expect(page).toHaveURL(/\/form\/vehicle-claim\/not-eligible\//);
    await expect(sendButton(page)).toHaveCount(0);
  });

  test('Continue on an empty page shows the error summary, and each link focuses its field', async ({
    page,
  }) => {
    await page.goto('/form/start/');
    await expectPage(page, 'start');
    await continueButton(page).click();

    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(summary).toBeVisible();
    await expect(summary).toBeFocused();
    const links = summary.getByRole('link');
    await expect(links).toHaveCount(4);
    await expect(links.first()).toHaveText('Enter your first name');

    for (const link of await links.all()) {
      const target = (await link.getAttribute('href')) ?? '';
      expect(target).toMatch(/^#root_\w+$/);
      await link.click();
      await expect(page.locator(target)).toBeFocused();
    }
    await expect(page.getByLabel('First name')).toHaveAccessibleDescription(
      /Enter your first name/,
    );
    await expectPage(page, 'start');
  });

  test('a double click on send makes one submitted claim, and a reload keeps the same reference', async ({
    page,
  }) => {
    const uid = await answerUpToSign(page);
    await fillSign(page);
    await sendButton(page).dblclick();

    await expect(page.getByRole('heading', { level: 1, name: 'Claim submitted' })).toBeVisible();
    const reference = (await page.getByTestId('claim-reference').textContent())?.trim() ?? '';
    expect(reference).toMatch(REFERENCE);

    await page.reload();
    await expect(page.getByTestId('claim-reference')).toHaveText(reference);

    const claims = await claimsOf(uid);
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatchObject({ userId: uid, status: 'submitted', reference });
  });

  // Regression: RJSF used to fill `const`/`oneOf` defaults, so consent was ticked and the first
  // radio chosen before the claimant answered (fixed in src/app/form/renderers/StepForm.tsx).
  test('nothing is pre-selected: consent is not ticked and no radio is chosen for the claimant', async ({
    page,
  }) => {
    await page.goto('/form/address/');
    await expectPage(page, 'address');
    await expect(page.getByLabel('Less than 3 years')).not.toBeChecked();
    await expect(page.getByLabel('3 years or more')).not.toBeChecked();

    await page.goto('/form/check/');
    await expectPage(page, 'check');
    await expect(page.getByLabel(claimant.check.finance)).not.toBeChecked();

    await page.goto('/form/sign/');
    await expectPage(page, 'sign');
    await expect(
      page.getByRole('checkbox', { name: /I confirm the information I have given is true/ }),
    ).not.toBeChecked();
  });

  test('the optional address line is labelled as optional once', async ({ page }) => {
    await page.goto('/form/address/');
    await expectPage(page, 'address');
    await expect(page.locator('label[for="root_addressLine2"]')).toHaveText(
      'Address line 2 (optional)',
    );
  });

  // A date is three numeric text fields (GOV.UK), never the browser's locale-ordered picker.
  test('the agreement dates are Day, Month and Year text fields', async ({ page }) => {
    await page.goto('/form/check/');
    await expectPage(page, 'check');
    const start = page.getByRole('group', { name: 'Agreement start date' });
    for (const part of ['Day', 'Month', 'Year']) {
      await expect(start.getByLabel(part)).toHaveAttribute('inputmode', 'numeric');
      await expect(start.getByLabel(part)).toHaveAttribute('type', 'text');
    }
    await expect(page.locator('input[type="date"]')).toHaveCount(0);
  });
});
