import AxeBuilder from '@axe-core/playwright';
import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { claimant, expectPage } from './support/claimant';
import { AUTH_EMULATOR_URL, claimsOf, sessionUid } from './support/emulators';
import {
  PASSWORD,
  accountWithDraft,
  answerTwoPages,
  emailedAppLink,
  typeLinkAddress,
  uniqueContact,
} from './support/accounts';

const APP_ORIGIN = 'http://127.0.0.1:5173';

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
}

/** From a claim page: "Save and come back later", the address, and the emailed link. */
async function saveAndComeBack(page: Page, email: string): Promise<string> {
  await page.getByRole('link', { name: 'Save and come back later' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Save and come back later');
  // The address given on the first page is offered, theirs to change.
  await expect(page.getByLabel('Email address')).toHaveValue(email);
  await expect(page.getByText('The link works for 1 hour')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Email me a link' }).click();
  await expect(page.getByTestId('save-and-return-sent')).toContainText(email);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeFocused();
  // The title names the new state too, so it is what a screen reader reads for the page.
  await expect(page).toHaveTitle(/^Check your email/);
  const link = await emailedAppLink(email, 'save-and-return-link');
  expect(link).toMatch(
    new RegExp(`^${APP_ORIGIN}/return\\?request=[A-Za-z0-9_-]{16,64}&link=[A-Za-z0-9_-]{43}$`),
  );
  return link;
}

test('a claimant saves after two pages and carries on from another device as the same claimant', async ({
  page,
  browser,
}) => {
  const contact = uniqueContact();
  const uid = await answerTwoPages(page, contact);
  const link = await saveAndComeBack(page, contact.email);

  const other = await browser.newContext();
  try {
    const device = await other.newPage();
    const deviceUid = await sessionUid(device);
    expect(deviceUid).not.toBe(uid);
    // A browser that did not ask for the link: the address it was sent to is typed first.
    await device.goto(link);
    await typeLinkAddress(device, contact.email);

    // The third page, as the claimant who started: same uid, every answer.
    await expectPage(device, 'check');
    await expect(device).toHaveURL(new RegExp(`/form/check/${uid}$`));
    await device.getByRole('link', { name: 'Back', exact: true }).click();
    await expectPage(device, 'address');
    await expect(device.getByLabel('Town or city')).toHaveValue(claimant.address.town);
    expect(await sessionUid(device)).toBe(uid);
    await expect(device.getByTestId('session-type')).toHaveText('Registered');
    const [claim] = await claimsOf(uid);
    expect(claim?.answers?.start?.email).toBe(contact.email);
    expect(claim?.answers?.address?.town).toBe(claimant.address.town);
    // The device's own empty anonymous session left nothing behind.
    expect(await claimsOf(deviceUid)).toEqual([]);

    // The same link cannot be used twice; a new one can be asked for with the same address.
    await device.goto(link);
    await expect(device.getByRole('heading', { level: 1 })).toHaveText('This link has run out');
    expect(await sessionUid(device)).toBe(uid);
  } finally {
    await other.close();
  }
});

test('a link that has run out is renewed from the link, only for the address it went to', async ({
  page,
  browser,
}) => {
  const contact = uniqueContact();
  const uid = await answerTwoPages(page, contact);
  const link = await saveAndComeBack(page, contact.email);
  // A token that is not live (as an expired or used one): the request itself still is.
  const used = new URL(link);
  used.searchParams.set('link', 'x'.repeat(43));

  const other = await browser.newContext();
  try {
    const device = await other.newPage();
    await sessionUid(device);
    await device.goto(used.toString());
    await expect(device.getByRole('heading', { level: 1 })).toHaveText('This link has run out');
    await expect(device.getByRole('heading', { level: 1 })).toBeFocused();

    await device.getByLabel('Email address').fill('not-the-one@example.com');
    await device.getByRole('button', { name: 'Send me a new link' }).click();
    await expect(device.getByRole('alert')).toContainText(
      'Enter the email address the link was sent to',
    );
    await device.getByLabel('Email address').fill(contact.email);
    await device.getByRole('button', { name: 'Send me a new link' }).click();
    await expect(device.getByTestId('save-and-return-sent')).toContainText(contact.email);

    const renewed = await emailedAppLink(contact.email, 'save-and-return-link');
    expect(renewed).not.toBe(link);
    // Asked for in this browser: it goes straight on.
    await device.goto(renewed);
    await expectPage(device, 'check');
    expect(await sessionUid(device)).toBe(uid);
  } finally {
    await other.close();
  }
});

test('a link to an address that has an account signs in to it and offers both drafts', async ({
  page,
  browser,
}) => {
  const contact = uniqueContact();
  const accountUid = await accountWithDraft(contact.email, 'Accountville');
  await expectLinkJoinsAccount(page, browser, contact, accountUid, false);
});

test('a link to an address someone else registered first ends their password before the claim moves', async ({
  page,
  browser,
}) => {
  const contact = uniqueContact();
  const accountUid = await accountWithDraft(contact.email, 'Accountville', { proved: false });
  await expectLinkJoinsAccount(page, browser, contact, accountUid, true);
  // The password set before the address was proved no longer signs in.
  const signIn = await fetch(
    `${AUTH_EMULATOR_URL}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: contact.email, password: PASSWORD, returnSecureToken: true }),
    },
  );
  expect(signIn.ok).toBe(false);
});

async function expectLinkJoinsAccount(
  page: Page,
  browser: Browser,
  contact: ReturnType<typeof uniqueContact>,
  accountUid: string,
  passwordRemoved: boolean,
) {
  const anonymousUid = await answerTwoPages(page, contact);
  const link = await saveAndComeBack(page, contact.email);

  const other = await browser.newContext();
  try {
    const device = await other.newPage();
    await sessionUid(device);
    await device.goto(link);
    await typeLinkAddress(device, contact.email);

    await expect(device.getByRole('heading', { name: 'Your claims' })).toBeVisible();
    await expect(device.getByRole('status')).toContainText('Both are saved below');
    if (passwordRemoved) {
      await expect(device.getByRole('status')).toContainText('Set a password of your own');
    }
    await expect(device.getByTestId('draft')).toHaveCount(2);
    expect(await sessionUid(device)).toBe(accountUid);
    // Nothing hidden: both drafts are the account's, and the anonymous claimant has none left.
    const stored = await claimsOf(accountUid);
    expect(stored.map((claim) => claim.answers?.address?.town).sort()).toEqual(
      ['Accountville', claimant.address.town].sort(),
    );
    expect(await claimsOf(anonymousUid)).toEqual([]);
  } finally {
    await other.close();
  }
}

test('asking to save before anything is answered is refused with the reason', async ({ page }) => {
  await page.goto('/form/start/');
  await expectPage(page, 'start');
  await expect(page.getByRole('link', { name: 'Save and come back later' })).toBeVisible();
  await page.goto('/save/vehicle-claim');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Save and come back later');
  // Asking with nothing answered yet is refused with the reason, and no email is sent.
  await page.getByLabel('Email address').fill(`e2e-${randomUUID()}@example.com`);
  await page.getByRole('button', { name: 'Email me a link' }).click();
  await expect(page.getByRole('alert')).toContainText('There is nothing to save yet');
  // The reason in words, never the HTTP status the Firebase SDK puts after it.
  await expect(page.getByRole('alert')).not.toContainText(/\[\d{3}\]/);
});
