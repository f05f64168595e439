import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { answerUpToSign, fillSign, sendButton } from './support/claimant';
import { claimsOf, listAuthUids } from './support/emulators';
import { PASSWORD, answerTwoPages, registeredAccount, uniqueContact } from './support/accounts';
import { continueExpectingErrors, pressButton, tabTo, typeInto } from './support/keyboard';

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  expect(axe.violations.map((violation) => `${violation.id} on ${page.url()}`)).toEqual([]);
}

/** Claim answers this browser keeps (localStorage `claimDraft:*` entries). */
function keptDrafts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.startsWith('claimDraft:')),
  );
}

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Your claims' })).toBeVisible();
}

test('the privacy notice, accessibility statement and terms are linked from every page and pass axe', async ({
  page,
}) => {
  for (const [link, heading] of [
    ['Privacy', 'Privacy notice'],
    ['Accessibility statement', 'Accessibility statement'],
    ['Terms of use', 'Terms of use'],
  ] as const) {
    await page.goto('/form/start/');
    await page.getByRole('contentinfo').getByRole('link', { name: link, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expectNoAxeViolations(page);
  }
  // The retention periods are the ones the retention job uses, from the site file.
  await page.goto('/privacy');
  await expect(page.getByText('deleted after 90 days without changes')).toBeVisible();
});

test('a claimant sends a claim, withdraws it, downloads their data and deletes their account', async ({
  page,
}) => {
  const { email } = uniqueContact();
  const uid = await registeredAccount(email);
  await signIn(page, email);
  expect(await answerUpToSign(page)).toBe(uid);
  await fillSign(page);
  await sendButton(page).click();
  await expect(page.getByTestId('claim-reference')).toBeVisible({ timeout: 15_000 });
  // Sent: this browser keeps no answers of it.
  await expect.poll(() => keptDrafts(page)).toEqual([]);
  const [sent] = await claimsOf(uid);
  expect(sent?.status).toBe('submitted');

  // Withdraw, with the keyboard: the confirmation takes focus, the reason is optional.
  await page.getByRole('button', { name: 'Withdraw this claim' }).click();
  await expect(
    page.getByRole('heading', { name: 'Are you sure you want to withdraw this claim?' }),
  ).toBeFocused();
  await expectNoAxeViolations(page);
  await page.getByLabel('Why are you withdrawing it? (optional)').fill('I settled with the lender');
  await page.getByRole('button', { name: 'Yes, withdraw my claim' }).click();
  await expect(page.getByTestId('claim-status')).toContainText('Withdrawn');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Claim withdrawn');
  await expect.poll(async () => (await claimsOf(uid))[0]?.withdrawnAt).toBeDefined();

  // Subject access: one JSON file with the claim, its history and this device's consent.
  await page.goto('/account');
  // The account page renders once the session is back: check it then, not its loading state.
  await expect(page.getByRole('button', { name: 'Download your data (JSON)' })).toBeVisible();
  await expectNoAxeViolations(page);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download your data (JSON)' }).click();
  const download = await downloading;
  const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
    account: { uid: string; email: string };
    claims: {
      reference: string;
      withdrawnAt: string;
      history: { id: string; reason?: string }[];
    }[];
    thisDevice: { consent: unknown };
  };
  expect(exported.account).toMatchObject({ uid, email });
  expect(exported.claims).toHaveLength(1);
  expect(exported.claims[0]!.reference).toBe(sent!.reference);
  expect(exported.claims[0]!.history).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ id: 'withdrawn', reason: 'I settled with the lender' }),
    ]),
  );
  expect(exported.thisDevice).toHaveProperty('consent');

  // Delete: a clear confirmation first, which can be backed out of.
  await page.getByRole('button', { name: 'Delete your account' }).click();
  await expect(
    page.getByRole('heading', { name: 'Are you sure you want to delete your account?' }),
  ).toBeFocused();
  await page.getByRole('button', { name: 'Keep my account' }).click();
  expect(await listAuthUids()).toContain(uid);
  await page.getByRole('button', { name: 'Delete your account' }).click();
  await page.getByRole('button', { name: 'Yes, delete my account' }).click();
  await expect(page.getByRole('status')).toContainText('Your account has been deleted');
  await expect.poll(async () => (await listAuthUids()).includes(uid)).toBe(false);
  // The sent claim is kept for the firm's records, no longer the account's.
  expect(await claimsOf(uid)).toEqual([]);
  expect(await keptDrafts(page)).toEqual([]);
});

test('signing out leaves no claim answers in this browser', async ({ page }) => {
  const { email } = uniqueContact();
  await registeredAccount(email);
  await signIn(page, email);
  await answerUpToSign(page);
  await expect(page.getByTestId('sync-status')).toHaveText('Your answers are saved.', {
    timeout: 15_000,
  });
  expect((await keptDrafts(page)).length).toBeGreaterThan(0);
  await page.goto('/account/claims');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await keptDrafts(page)).toEqual([]);
});

test('keyboard only: save and come back later with an error first, withdraw, and back out of deleting', async ({
  page,
}) => {
  // Save and come back later, errors first: the summary takes focus once, its link leads to
  // the field, and the corrected address is sent.
  const contact = uniqueContact();
  await answerTwoPages(page, contact);
  await tabTo(page, (el) => el.tag === 'a' && el.name === 'Save and come back later', 'the link');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Save and come back later');
  await tabTo(page, (el) => el.name === 'Email address', 'the email field');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await continueExpectingErrors(page, 'Email me a link');
  await page.keyboard.type(contact.email);
  await pressButton(page, 'Email me a link');
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeFocused();

  // A sent claim, withdrawn with the keyboard alone.
  const { email } = uniqueContact();
  const uid = await registeredAccount(email);
  await signIn(page, email);
  await answerUpToSign(page);
  await fillSign(page);
  await sendButton(page).click();
  await expect(page.getByTestId('claim-reference')).toBeVisible({ timeout: 15_000 });
  await pressButton(page, 'Withdraw this claim');
  await expect(
    page.getByRole('heading', { name: 'Are you sure you want to withdraw this claim?' }),
  ).toBeFocused();
  await typeInto(page, 'Why are you withdrawing it?', 'Changed my mind');
  await pressButton(page, 'Yes, withdraw my claim');
  await expect(page.getByTestId('claim-status')).toContainText('Withdrawn');
  await expect.poll(async () => (await claimsOf(uid))[0]?.withdrawnAt).toBeDefined();

  // Deleting is confirmed first, and Keep my account leaves it as it was.
  await page.goto('/account');
  await pressButton(page, 'Delete your account');
  await expect(
    page.getByRole('heading', { name: 'Are you sure you want to delete your account?' }),
  ).toBeFocused();
  await pressButton(page, 'Keep my account');
  await expect(page.getByRole('button', { name: 'Delete your account' })).toBeVisible();
  expect(await listAuthUids()).toContain(uid);
});
