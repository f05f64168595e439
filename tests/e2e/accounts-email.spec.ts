import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { continueButton, expectPage, fillStart, claimant } from './support/claimant';
import { AUTH_EMULATOR_URL, PROJECT_ID, claimsOf, sessionUid } from './support/emulators';
import { PASSWORD, emailedAppLink, registeredAccount, typeLinkAddress } from './support/accounts';

const APP_ORIGIN = 'http://127.0.0.1:5173';

function randomEmail(): string {
  return `e2e-${randomUUID()}@example.com`;
}

interface EmulatorAccount {
  localId: string;
  email?: string;
}

/** One account as the Auth emulator holds it (accounts:batchGet, paged). */
async function emulatorAccount(uid: string): Promise<EmulatorAccount | undefined> {
  let pageToken: string | undefined;
  do {
    const url = new URL(
      `${AUTH_EMULATOR_URL}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:batchGet`,
    );
    url.searchParams.set('maxResults', '1000');
    if (pageToken) url.searchParams.set('nextPageToken', pageToken);
    const response = await fetch(url, { headers: { Authorization: 'Bearer owner' } });
    if (!response.ok) throw new Error(`accounts:batchGet: HTTP ${response.status}`);
    const body = (await response.json()) as { users?: EmulatorAccount[]; nextPageToken?: string };
    const found = body.users?.find((user) => user.localId === uid);
    if (found) return found;
    pageToken = body.users?.length ? body.nextPageToken : undefined;
  } while (pageToken);
  return undefined;
}

/** Every address the page's main frame showed on the app's origin, for the whole test. */
function recordAppUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && frame.url().startsWith(APP_ORIGIN)) urls.push(frame.url());
  });
  return urls;
}

function expectNoEmailIn(urls: string[], email: string) {
  expect(urls.length).toBeGreaterThan(0);
  for (const url of urls) {
    expect(url).not.toContain(email);
    expect(url).not.toContain(encodeURIComponent(email));
  }
}

/** Waits until the page has a session (anonymous or registered): auth is then initialised. */
async function sessionReady(page: Page) {
  await expect(
    page
      .getByRole('navigation', { name: 'Account' })
      .getByRole('link', { name: /^(Save your progress: create an account|Your account)$/ }),
  ).toBeVisible({ timeout: 15_000 });
}

/** On /login: "Email me a sign-in link", and the confirmation that it was sent. */
async function requestSignInLink(page: Page, email: string) {
  await page.goto('/login');
  await sessionReady(page);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in with an email link');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByTestId('email-sent')).toContainText(email);
  await expect(page).toHaveTitle(/^Check your email/);
}

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto('/login');
  await sessionReady(page);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Your claims' })).toBeVisible();
}

async function signOut(page: Page) {
  await page.goto('/account/claims');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('a sign-in link opened on the same device upgrades the anonymous claimant in place', async ({
  page,
}) => {
  const email = randomEmail();
  const urls = recordAppUrls(page);
  const anonymousUid = await sessionUid(page);
  await expect(page.getByTestId('session-type')).toHaveText('Anonymous');

  await requestSignInLink(page, email);
  const link = await emailedAppLink(email, 'sign-in-link');
  expect(link).toMatch(new RegExp(`^${APP_ORIGIN}/login\\?link=[A-Za-z0-9_-]{43}$`));

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Your claims' })).toBeVisible();
  await expect(page).toHaveURL(/\/account\/claims$/);

  expect(await sessionUid(page)).toBe(anonymousUid);
  await expect(page.getByTestId('session-type')).toHaveText('Registered');
  expect((await emulatorAccount(anonymousUid))?.email).toBe(email);
  expect(urls.some((url) => url.includes('link='))).toBe(true);
  expectNoEmailIn(urls, email);
  // Opened again by the browser that used it (as when the first answer was lost on the way
  // back), it gives the same answer while it lives: the same account, nobody else's.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Your claims' })).toBeVisible();
  expect(await sessionUid(page)).toBe(anonymousUid);
  await expect(page.getByTestId('session-type')).toHaveText('Registered');
});

test('a sign-in link opened on another device signs in and merges that device’s claim', async ({
  browser,
  page,
}) => {
  const email = randomEmail();
  const accountUid = await registeredAccount(email);
  await requestSignInLink(page, email);
  const link = await emailedAppLink(email, 'sign-in-link');

  // Another device: a fresh browser context, with its own anonymous claim and no stored email.
  const other = await browser.newContext();
  try {
    const device = await other.newPage();
    const urls = recordAppUrls(device);
    const anonymousUid = await sessionUid(device);
    expect(anonymousUid).not.toBe(accountUid);
    await device.goto('/form/start/');
    await fillStart(device, { ...claimant.start, email: randomEmail() });
    await continueButton(device).click();
    await expectPage(device, 'address');
    await expect(device.getByTestId('sync-status')).toHaveText('Your answers are saved.', {
      timeout: 15_000,
    });

    // Another browser than the one that asked: the address the link went to is typed first,
    // then the page says which account the claim in progress moves into, and waits for a yes.
    await device.goto(link);
    await typeLinkAddress(device, email);
    await expect(device.getByRole('heading', { level: 1 })).toHaveText(
      'Check the account before you go on',
    );
    await expect(device.getByText(`the account of ${email}`)).toBeVisible();
    await expect(device.getByRole('listitem').filter({ hasText: 'vehicle' })).toBeVisible();
    await device.getByRole('button', { name: 'Yes, go on' }).click();

    await expect(device.getByRole('heading', { name: 'Your claims' })).toBeVisible();
    await expect(device.getByRole('status')).toContainText('now saved in your account');
    expect(await sessionUid(device)).toBe(accountUid);
    await expect(device.getByTestId('session-type')).toHaveText('Registered');
    const [merged] = await claimsOf(accountUid);
    expect(merged?.mergedFrom).toBe(anonymousUid);
    expect(merged?.answers?.start?.firstName).toBe(claimant.start.firstName);
    expectNoEmailIn(urls, email);
  } finally {
    await other.close();
  }
});

test('a claimant who signs in by email link sets a password and signs in with it', async ({
  page,
}) => {
  const email = randomEmail();
  const newPassword = `pw-${randomUUID()}`;
  const urls = recordAppUrls(page);
  await requestSignInLink(page, email);
  await page.goto(await emailedAppLink(email, 'sign-in-link'));
  await expect(page.getByRole('heading', { name: 'Your claims' })).toBeVisible();
  const uid = await sessionUid(page);

  await page.goto('/account');
  await expect(page.getByTestId('account-email')).toHaveText(email);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm the new password').fill(newPassword);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('status')).toHaveText('Your password has been set.');

  await signOut(page);
  expect(await sessionUid(page)).not.toBe(uid);
  await signInWithPassword(page, email, newPassword);
  expect(await sessionUid(page)).toBe(uid);
  await expect(page.getByTestId('session-type')).toHaveText('Registered');
  expectNoEmailIn(urls, email);
});

test('a registered claimant changes their email address on the account page', async ({ page }) => {
  const email = randomEmail();
  const newEmail = randomEmail();
  const uid = await registeredAccount(email);
  await signInWithPassword(page, email, PASSWORD);

  await page.goto('/account');
  await expect(page.getByTestId('account-email')).toHaveText(email);
  await page.getByLabel('New email address').fill(newEmail);
  await page.getByRole('button', { name: 'Change email address' }).click();
  await expect(page.getByRole('status')).toHaveText('Your email address has been changed.');
  await expect(page.getByTestId('account-email')).toHaveText(newEmail);
  await expect.poll(async () => (await emulatorAccount(uid))?.email).toBe(newEmail);

  // The new address is the one that signs in now.
  await signOut(page);
  await signInWithPassword(page, newEmail, PASSWORD);
  expect(await sessionUid(page)).toBe(uid);
});
