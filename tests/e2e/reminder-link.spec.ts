/**
 * The link in a draft reminder opens that claim on any device, as its claimant, on the page
 * where they stopped with every answer; it works once, is renewed from itself, and once the
 * claim is sent it opens the sent claim. The reminder job runs in-process against the
 * emulators, as `npm run reminders` runs it.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  answerTwoPages,
  emailedAppLink,
  openClaimLinkHere,
  uniqueContact,
} from './support/accounts';
import {
  claimant,
  continueButton,
  expectPage,
  fillCheck,
  fillSign,
  sendButton,
} from './support/claimant';
import { claimsOf, firestore, sessionUid } from './support/emulators';
import { remind } from './support/reminders';

const APP_ORIGIN = 'http://127.0.0.1:5173';
/** A new browser (another device), signed in as its own anonymous claimant, for `visit`. */
async function onAnotherDevice(
  browser: Browser,
  visit: (device: Page, deviceUid: string) => Promise<void>,
) {
  const context = await browser.newContext();
  try {
    const device = await context.newPage();
    await visit(device, await sessionUid(device));
  } finally {
    await context.close();
  }
}

test('a reminder link opens the draft on another device, as its claimant, with every answer', async ({
  page,
  browser,
}) => {
  const contact = uniqueContact();
  const uid = await answerTwoPages(page, contact);
  await remind(uid);
  const link = await emailedAppLink(contact.email, 'draft-reminder');
  expect(link).toMatch(
    new RegExp(`^${APP_ORIGIN}/login\\?link=[A-Za-z0-9_-]{43}&claim=[A-Za-z0-9_-]+$`),
  );

  await onAnotherDevice(browser, async (device, deviceUid) => {
    expect(deviceUid).not.toBe(uid);
    await openClaimLinkHere(device, link, contact.email);
    // Where they stopped, as the same claimant.
    await expectPage(device, 'check');
    await expect(device).toHaveURL(new RegExp(`/form/check/${uid}$`));
    expect(await sessionUid(device)).toBe(uid);
    await device.goto(`/form/address/${uid}`);
    await expect(device.getByLabel('Town or city')).toHaveValue(claimant.address.town);
    // The server holds the same claim, still the claimant's own and still anonymous: the
    // link proved nothing about the address, and the device's session moved nothing.
    const [claim] = await claimsOf(uid);
    expect(claim).toMatchObject({ status: 'draft', funnelId: 'vehicle-claim' });
    expect(claim?.answers?.address?.town).toBe(claimant.address.town);
    expect(await claimsOf(deviceUid)).toEqual([]);
    expect(await firestore().doc(`emailProofs/${uid}`).get()).toHaveProperty('exists', false);

    // Used once: opened again it cannot sign in, and offers a new link.
    await device.goto(link);
    await expect(device.getByRole('heading', { level: 1 })).toHaveText('This link cannot be used');
    await expect(device.getByRole('heading', { level: 1 })).toBeFocused();
    await device.getByLabel('Email address').fill('not-the-one@example.com');
    await device.getByRole('button', { name: 'Send me a new link' }).click();
    await expect(device.getByRole('alert').first()).toContainText(
      'Enter the email address the link was sent to',
    );
  });
});

test('after the claim is sent, a reminder link (or a new one) opens the sent claim', async ({
  page,
  browser,
}) => {
  const contact = uniqueContact();
  const uid = await answerTwoPages(page, contact);
  await remind(uid);
  const link = await emailedAppLink(contact.email, 'draft-reminder');

  // The claimant finishes on the first device after the email went.
  await fillCheck(page);
  await continueButton(page).click();
  await fillSign(page);
  await sendButton(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Claim submitted' })).toBeVisible();
  const reference = (await page.getByTestId('claim-reference').textContent())?.trim() ?? '';

  await onAnotherDevice(browser, async (device) => {
    await openClaimLinkHere(device, link, contact.email);
    await expect(device.getByRole('heading', { level: 1, name: 'Claim submitted' })).toBeVisible();
    await expect(device.getByTestId('claim-reference')).toHaveText(reference);
    expect(await sessionUid(device)).toBe(uid);
    // Opening it started no new claim.
    const claims = await claimsOf(uid);
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatchObject({ status: 'submitted', reference });

    // Used: a new link is asked for with the address the claim holds, and opens it too.
    await device.goto(link);
    await device.getByLabel('Email address').fill(contact.email);
    await device.getByRole('button', { name: 'Send me a new link' }).click();
    await expect(device.getByTestId('claim-link-sent')).toContainText(contact.email);
    const renewed = await emailedAppLink(contact.email, 'claim-link');
    expect(renewed).not.toBe(link);
    await device.goto(renewed);
    await expect(device.getByTestId('claim-reference')).toHaveText(reference);
    expect(await claimsOf(uid)).toHaveLength(1);
  });
});
