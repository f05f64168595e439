import { expect, test } from '@playwright/test';
import { claimsOf } from './support/emulators';
import { continueButton, expectPage, fillStart, uidFromUrl } from './support/claimant';

// `npm test` points the gateway at local servers speaking the DVLA and address-provider
// contracts (scripts/with-stack.ts); a developer's `npm start` configures neither.
const servicesConfigured = Boolean(
  process.env.DVLA_API_BASE_URL && process.env.ADDRESS_API_BASE_URL,
);

async function reachAddressPage(page: import('@playwright/test').Page) {
  await page.goto('/form/start/');
  await fillStart(page);
  await continueButton(page).click();
  await expectPage(page, 'address');
}

test.describe('vehicle and address lookups', () => {
  test.skip(!servicesConfigured, 'needs the contract servers that npm test starts');

  test('a claimant finds their address by postcode, picks it, and the lines are filled in', async ({
    page,
  }) => {
    await reachAddressPage(page);
    await page.getByLabel('Postcode').fill('sw1a 2aa');
    await page.getByRole('button', { name: 'Find address' }).click();
    const choice = page.getByLabel('Select an address');
    await expect(choice).toBeVisible();
    await choice.selectOption({ index: 1 });
    await expect(page.getByLabel('Address line 1')).toHaveValue('Flat 1');
    await expect(page.getByLabel('Town or city')).toHaveValue('LONDON');
    await expect(page.getByLabel('Postcode')).toHaveValue('SW1A 2AA');
    await page.getByLabel('3 years or more').check();
    await continueButton(page).click();
    await expectPage(page, 'check');
    const uid = uidFromUrl(page);
    await expect
      .poll(async () => (await claimsOf(uid))[0]?.answers?.address?.addressLine1)
      .toBe('Flat 1');
  });

  test('a claimant looks up a registration and the make is filled in; the model is still asked', async ({
    page,
  }) => {
    await reachAddressPage(page);
    await page.getByLabel('Address line 1').fill('1 Test Road');
    await page.getByLabel('Town or city').fill('Leeds');
    await page.getByLabel('Postcode').fill('LS1 1AA');
    await page.getByLabel('3 years or more').check();
    await continueButton(page).click();
    await expectPage(page, 'check');

    await page.getByLabel('Vehicle registration number').fill('ab12 cde');
    await page.getByRole('button', { name: 'Find vehicle' }).click();
    await expect(page.getByText(/We found a blue ford made in 2012/)).toBeVisible();
    await page.getByRole('button', { name: 'Use these details' }).click();
    await expect(page.getByLabel('Make', { exact: true })).toHaveValue('FORD');
    await expect(page.getByLabel('Colour (optional)')).toHaveValue('BLUE');
    await expect(page.getByLabel('Model', { exact: true })).toHaveValue('');
  });

  test('a registration DVLA does not know lets the claimant enter the details by hand', async ({
    page,
  }) => {
    await reachAddressPage(page);
    await page.goto(page.url().replace('/form/address/', '/form/check/'));
    await expectPage(page, 'check');
    await page.getByLabel('Vehicle registration number').fill('ZZ99 ZZZ');
    await page.getByRole('button', { name: 'Find vehicle' }).click();
    await expect(page.getByText(/could not find/i)).toBeVisible();
    await expect(page.getByText('Enter the vehicle details below yourself.')).toBeVisible();
    await page.getByLabel('Make', { exact: true }).fill('Vauxhall');
    await expect(page.getByLabel('Make', { exact: true })).toHaveValue('Vauxhall');
  });
});

test.describe('lookups with no provider configured', () => {
  test.skip(servicesConfigured, 'the services are configured in this run');

  test('the claimant is told and enters the address and vehicle by hand', async ({ page }) => {
    await reachAddressPage(page);
    await page.getByLabel('Postcode').fill('SW1A 2AA');
    await page.getByRole('button', { name: 'Find address' }).click();
    await expect(page.getByText(/please enter your address yourself/i)).toBeVisible();
  });
});

test.describe('lookup input checks', () => {
  test('an impossible postcode is refused beside the field, without a lookup', async ({ page }) => {
    await reachAddressPage(page);
    await page.getByLabel('Postcode').fill('NOT A POSTCODE');
    await page.getByRole('button', { name: 'Find address' }).click();
    await expect(page.getByText('Enter a full UK postcode')).toBeVisible();
  });
});
