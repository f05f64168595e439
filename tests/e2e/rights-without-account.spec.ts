/**
 * A claimant who never made an account reaches their rights over their data from their claim:
 * in the browser they sent it from, and on another device through the link in the "claim
 * received" email. Nothing they see says they have an account, and every screen on the way
 * is axe-clean at phone and desktop widths.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { expectNoViolations } from './support/axe';
import {
  PASSWORD,
  answerTwoPages,
  emailedAppLink,
  openClaimLinkHere,
  registeredAccount,
  uniqueContact,
} from './support/accounts';
import { continueButton, fillCheck, fillSign, sendButton } from './support/claimant';
import { claimsOf, firestore, listAuthUids, sessionUid } from './support/emulators';

interface Exported {
  account: { uid: string; anonymous: boolean };
  claims: { claimId: string; reference: string; withdrawnAt?: string }[];
}

/** Answers every page as a new anonymous claimant with `contact`, and sends the claim. */
async function sendClaim(page: Page, contact = uniqueContact()) {
  const uid = await answerTwoPages(page, contact);
  await fillCheck(page);
  await continueButton(page).click();
  await fillSign(page);
  await sendButton(page).click();
  await expect(page.getByTestId('claim-reference')).toBeVisible({ timeout: 15_000 });
  const reference = (await page.getByTestId('claim-reference').textContent())?.trim() ?? '';
  return { uid, reference, contact };
}

/** Axe at a phone's width and a desktop's, with a screenshot of each for a person to look at. */
async function checkAtBothWidths(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoViolations(page, `${name} at ${width}px`);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

/** The header says nobody is signed in to an account: no "Your account", a way to sign in. */
async function expectNoAccountInHeader(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Account' });
  await expect(nav.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Your account' })).toHaveCount(0);
}

async function downloadData(page: Page): Promise<Exported> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download your data (JSON)' }).click();
  const download = await downloading;
  await expect(page.getByTestId('data-download-status')).toHaveText(
    'Your data has been downloaded.',
  );
  return JSON.parse(readFileSync((await download.path())!, 'utf8')) as Exported;
}

async function withdrawFromClaimPage(page: Page) {
  await page.getByRole('button', { name: 'Withdraw this claim' }).click();
  await page.getByRole('button', { name: 'Yes, withdraw my claim' }).click();
  await expect(page.getByTestId('claim-status')).toContainText('Withdrawn');
}

/** From Your data: delete, backing out once, then for good; the home page says what was kept. */
async function deleteData(page: Page, testInfo: TestInfo, name: string) {
  await page.getByRole('button', { name: 'Delete your data' }).click();
  await expect(
    page.getByRole('heading', { name: 'Are you sure you want to delete your data?' }),
  ).toBeFocused();
  await checkAtBothWidths(page, testInfo, `${name}-confirm-delete`);
  await page.getByRole('button', { name: 'Keep my data' }).click();
  await page.getByRole('button', { name: 'Delete your data' }).click();
  await page.getByRole('button', { name: 'Yes, delete my data' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Your data has been deleted. The claim you sent is kept, as the privacy notice explains.',
  );
}

test('an anonymous claimant downloads their data, withdraws and deletes it, from their claim', async ({
  page,
}, testInfo) => {
  const { uid, reference } = await sendClaim(page);
  await expectNoAccountInHeader(page);
  const section = page.getByTestId('claim-your-data');
  await expect(section).toContainText('You do not need an account for this.');
  await expect(section).toContainText('open the link in any email about this claim');
  await section.scrollIntoViewIfNeeded();
  await checkAtBothWidths(page, testInfo, 'sent-claim');

  // Their data, without being sent to sign in.
  await section.getByRole('link', { name: 'the Your data page' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your data');
  await expect(page).toHaveTitle(/^Your data/);
  await expect(page.getByText('You have not created an account.')).toBeVisible();
  await expectNoAccountInHeader(page);
  const listed = page.getByTestId('claims').getByRole('link');
  await expect(listed).toHaveText([new RegExp(`, reference ${reference}$`)]);
  await checkAtBothWidths(page, testInfo, 'your-data');

  const exported = await downloadData(page);
  expect(exported.account).toMatchObject({ uid, anonymous: true });
  expect(exported.claims.map((claim) => claim.reference)).toEqual([reference]);

  // Withdrawn from the claim the page lists.
  await listed.click();
  await withdrawFromClaimPage(page);
  await expect.poll(async () => (await claimsOf(uid))[0]?.withdrawnAt).toBeDefined();

  await page.goto('/account');
  await deleteData(page, testInfo, 'your-data');
  await expect.poll(async () => (await listAuthUids()).includes(uid)).toBe(false);
  // The sent claim is kept, no longer anyone's.
  expect(await claimsOf(uid)).toEqual([]);
  const kept = await firestore().collection('claims').where('formerUserId', '==', uid).get();
  expect(kept.docs.map((doc) => doc.data().reference)).toEqual([reference]);
});

test('on another device, the link in the claim-received email reaches the same rights, with no account said', async ({
  page,
  browser,
}, testInfo) => {
  const { uid, reference, contact } = await sendClaim(page);
  const link = await emailedAppLink(contact.email, 'claim-received');

  const context = await browser.newContext();
  try {
    const device = await context.newPage();
    await openClaimLinkHere(device, link, contact.email);
    await expect(device.getByTestId('claim-reference')).toHaveText(reference);
    await expectNoAccountInHeader(device);
    // This browser holds none of the claim's answers, but the header's "Your claim" finds it.
    await expect(
      device.getByRole('banner').getByRole('link', { name: 'Your claim', exact: true }),
    ).toHaveAttribute('href', new RegExp(`/claims/vehicle-claim/[^/]+$`));
    await expect(device.getByTestId('claim-your-data')).toContainText(
      'You do not need an account for this.',
    );

    // The link opened a session, not an account: creating one is still offered.
    await device.goto('/register');
    await expect(device.getByRole('heading', { level: 1 })).toHaveText(
      'Save your progress: create an account',
    );
    await expect(device.getByText('You already have an account')).toHaveCount(0);
    await expect(device.getByText('a registered user')).toHaveCount(0);
    await checkAtBothWidths(device, testInfo, 'register-after-claim-link');
    await device.goto('/login');
    await expect(device.getByText('You are signed in as')).toHaveCount(0);

    await device.goto('/account');
    await expect(device.getByRole('heading', { level: 1 })).toHaveText('Your data');
    await checkAtBothWidths(device, testInfo, 'your-data-claim-link');
    const exported = await downloadData(device);
    expect(exported.account).toMatchObject({ uid, anonymous: true });
    expect(exported.claims.map((claim) => claim.reference)).toEqual([reference]);

    await device.getByTestId('claims').getByRole('link').click();
    await withdrawFromClaimPage(device);
    await device.goto('/account');
    await deleteData(device, testInfo, 'your-data-claim-link');
    await expect.poll(async () => (await listAuthUids()).includes(uid)).toBe(false);
    // The browser is a new anonymous claimant now, holding nothing of the claim.
    expect(await sessionUid(device)).not.toBe(uid);
  } finally {
    await context.close();
  }
});

test('signing in to an account from the session a claim link opened brings the claim into it', async ({
  page,
  browser,
}) => {
  const { uid, reference, contact } = await sendClaim(page);
  const link = await emailedAppLink(contact.email, 'claim-received');
  const account = uniqueContact().email;
  const accountUid = await registeredAccount(account);

  const context = await browser.newContext();
  try {
    const device = await context.newPage();
    await openClaimLinkHere(device, link, contact.email);
    await expect(device.getByTestId('claim-reference')).toHaveText(reference);
    await device.goto('/login');
    await device.getByLabel('Email address').fill(account);
    await device.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await device.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(device.getByRole('heading', { level: 1 })).toHaveText('Your claims');
    await expect(device.getByTestId('claims')).toContainText(reference);
    expect((await claimsOf(accountUid)).map((claim) => claim.reference)).toEqual([reference]);
    expect(await claimsOf(uid)).toEqual([]);
  } finally {
    await context.close();
  }
});
