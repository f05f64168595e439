import AxeBuilder from '@axe-core/playwright';
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { claimant, expectPage, uidFromUrl } from './support/claimant';
import { AUTH_EMULATOR_URL, PROJECT_ID, claimsOf, sessionUid } from './support/emulators';
import {
  PASSWORD,
  accountWithDraft,
  answerTwoPages,
  registeredAccount,
  uniqueContact,
} from './support/accounts';

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('an anonymous claimant registers, keeps uid and answers, signs out, signs in and resumes', async ({
  page,
}) => {
  const contact = uniqueContact();
  const uid = await answerTwoPages(page, contact);

  await page.getByRole('link', { name: 'Save your progress: create an account' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Save your progress: create an account',
  );
  // The start page's contact details are offered.
  await expect(page.getByLabel('Email address')).toHaveValue(contact.email);
  await expect(page.getByLabel('UK mobile number')).toHaveValue(contact.phoneNumber);
  await page.getByLabel('Create a password').fill(PASSWORD);
  await page.getByLabel('Confirm your password').fill('something else');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toContainText('The passwords do not match');
  await page.getByLabel('Confirm your password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByRole('heading', { name: 'Your claims' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Your account is ready');
  const claims = page.getByTestId('claims');
  await expect(claims.getByRole('listitem')).toHaveCount(1);

  expect(await sessionUid(page)).toBe(uid);
  await expect(page.getByTestId('session-type')).toHaveText('Registered');
  const [stored] = await claimsOf(uid);
  expect(Object.keys(stored?.answers ?? {}).sort()).toEqual(['address', 'start']);

  await page.goto('/account/claims');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  const fresh = await sessionUid(page);
  expect(fresh).not.toBe(uid);
  await expect(page.getByTestId('session-type')).toHaveText('Anonymous');

  await page.goto('/login');
  await signIn(page, contact.email);
  await expect(page.getByRole('heading', { name: 'Your claims' })).toBeVisible();
  await page.getByRole('link', { name: /Continue/ }).click();
  await expectPage(page, 'check');
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expectPage(page, 'address');
  await expect(page.getByLabel('Postcode')).toHaveValue(claimant.address.postcode);
  expect(uidFromUrl(page)).toBe(uid);
});

test('a password reset email continues to /login', async ({ page }) => {
  const email = `e2e-${randomUUID()}@example.com`;
  await registeredAccount(email);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgotten your password?' }).click();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send reset email' }).click();
  await expect(page.getByTestId('email-sent')).toContainText(email);

  const response = await fetch(`${AUTH_EMULATOR_URL}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  const { oobCodes } = (await response.json()) as {
    oobCodes: { email: string; requestType: string; oobLink: string }[];
  };
  const reset = oobCodes.find((c) => c.email === email && c.requestType === 'PASSWORD_RESET');
  expect(reset).toBeDefined();
  const continueUrl = new URL(reset!.oobLink).searchParams.get('continueUrl') ?? '';
  expect(continueUrl).toMatch(/\/login$/);
  expect(continueUrl).not.toContain(email);
});

test('an anonymous claimant whose email is registered signs in and finds the draft merged', async ({
  page,
}) => {
  const contact = uniqueContact();
  const accountUid = await registeredAccount(contact.email);
  const anonymousUid = await answerTwoPages(page, contact);

  await page.getByRole('link', { name: 'Save your progress: create an account' }).click();
  await page.getByLabel('Create a password').fill('a-new-password');
  await page.getByLabel('Confirm your password').fill('a-new-password');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByRole('heading', { name: 'You already have an account' })).toBeVisible();
  await page.getByLabel('Password for this account').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in and keep my answers' }).click();

  await expect(page.getByRole('heading', { name: 'Your claims' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('now saved in your account');
  expect(await sessionUid(page)).toBe(accountUid);
  const [merged] = await claimsOf(accountUid);
  expect(merged?.answers?.address?.postcode).toBe(claimant.address.postcode);
  expect(merged?.mergedFrom).toBe(anonymousUid);
  expect(await claimsOf(anonymousUid)).toEqual([]);

  await page.goto('/account/claims');
  await page.getByRole('link', { name: /Continue/ }).click();
  await expectPage(page, 'check');
  expect(uidFromUrl(page)).toBe(accountUid);
});

test('on a new device, the header\'s "Your claim" opens the account\'s claim once signed in', async ({
  page,
}) => {
  // The draft was made on another device: this browser has never seen it.
  const email = `e2e-${randomUUID()}@example.com`;
  const accountUid = await accountWithDraft(email, 'Otley');
  await page.goto('/login?redirect=/privacy');
  await signIn(page, email);
  // The path, not a glob: '**/privacy' also matches /login?redirect=/privacy.
  await page.waitForURL((url) => url.pathname === '/privacy');
  const yourClaim = page.getByRole('banner').getByRole('link', { name: 'Your claim', exact: true });
  await expect(yourClaim).toHaveAttribute('href', `/form/address/${accountUid}`);
  await yourClaim.click();
  await expectPage(page, 'address');
  await expect(page.getByLabel('Town or city')).toHaveValue('Otley');
});

test('/examples/callMotorSpecs sends an anonymous visitor to /login and back after sign-in', async ({
  page,
}) => {
  const email = `e2e-${randomUUID()}@example.com`;
  await registeredAccount(email);
  await sessionUid(page);
  await page.goto('/examples/callMotorSpecs');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fexamples%2FcallMotorSpecs$/);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/examples\/callMotorSpecs$/);
});

test('signing in with a draft on each side shows both drafts; the claimant chooses, the other stays', async ({
  page,
}) => {
  const contact = uniqueContact();
  const accountUid = await accountWithDraft(contact.email, 'Accountville');
  await answerTwoPages(page, contact);

  await page.getByRole('link', { name: 'Save your progress: create an account' }).click();
  await page.getByLabel('Create a password').fill('a-new-password');
  await page.getByLabel('Confirm your password').fill('a-new-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByLabel('Password for this account').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in and keep my answers' }).click();

  await expect(page.getByRole('heading', { name: 'Your claims' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Both are saved below');
  const drafts = page.getByTestId('draft');
  await expect(drafts).toHaveCount(2);
  const before = drafts.filter({ hasText: 'Before you signed in just now' });
  await expect(before).toHaveCount(1);
  await expect(drafts.filter({ hasText: 'While signed in to your account' })).toHaveCount(1);
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  // Nothing is hidden: both are the account's drafts on the server.
  const stored = await claimsOf(accountUid);
  expect(stored.map((claim) => claim.status)).toEqual(['draft', 'draft']);
  expect(stored.map((claim) => claim.answers?.address?.town).sort()).toEqual(
    ['Accountville', claimant.address.town].sort(),
  );

  await before.getByRole('button', { name: /^Continue/ }).click();
  await expectPage(page, 'check');
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expectPage(page, 'address');
  await expect(page.getByLabel('Town or city')).toHaveValue(claimant.address.town);

  // The other draft is still listed, and can be deleted.
  await page.goto('/account/claims');
  const other = page.getByTestId('draft').filter({ hasText: 'While signed in to your account' });
  await other.getByRole('button', { name: /^Delete/ }).click();
  await other.getByRole('button', { name: /^Yes, delete/ }).click();
  await expect(page.getByTestId('draft')).toHaveCount(0);
  await expect
    .poll(async () => (await claimsOf(accountUid)).map((claim) => claim.answers?.address?.town))
    .toEqual([claimant.address.town]);
});
