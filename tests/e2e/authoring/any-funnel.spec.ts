/**
 * A funnel that is not about vehicles, written in JSON alone, is a claim like any other:
 * a flight-delay funnel whose claimant gives one "Full name" field and an "Email" field,
 * whose subject is a flight code, and which has no phone question and no letter of
 * authority. Its roles say which answers are which; the staff list, search, claim view and
 * export, the emails, /account and the pre-filled email of "Save and come back later" and
 * "Create an account" all read the claim through them. Runs against a dev stack reading a
 * copy of funnels/ and schemas/ (npm run test:authoring), so the project's files are
 * never touched.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { emailedAppLink, typeLinkAddress } from '../support/accounts';
import {
  claimsOf,
  firestore,
  GATEWAY_URL,
  sessionUid,
  signUpAnonymously,
} from '../support/emulators';
import { signIn, staffAccount } from '../support/staff';
import { expectNoViolations } from '../support/axe';
import { addFunnelToRegistry } from '../support/registry';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = path.join(here, 'any-funnel');
const FUNNEL = 'flight-delay';
const PASSWORD = 'correct-horse-battery-staple';

function uidFromUrl(page: Page): string {
  const uid = new URL(page.url()).pathname.split('/').filter(Boolean).at(-1);
  if (!uid) throw new Error(`no uid in ${page.url()}`);
  return uid;
}

async function sentClaimOf(uid: string) {
  await expect
    .poll(async () => (await claimsOf(uid)).find((c) => c.funnelId === FUNNEL)?.status, {
      timeout: 20_000,
    })
    .toBe('submitted');
  return (await claimsOf(uid)).find((c) => c.funnelId === FUNNEL)!;
}

test.describe.configure({ mode: 'serial' });

const fullName = `Ada Lovelace${randomUUID().slice(0, 6)}`;
const email = `e2e-flight-${randomUUID()}@example.com`;
let claimantUid = '';
let reference = '';
let claimId = '';

test.beforeAll(async () => {
  await addFunnelToRegistry(fixture, FUNNEL);
});

test('a flight claimant sends a claim; the server keeps who and what through the roles', async ({
  page,
}) => {
  await expect(async () => {
    await page.goto(`/form/${FUNNEL}/passenger/`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('About you', {
      timeout: 15_000,
    });
  }).toPass({ timeout: 180_000 });
  await page.getByLabel('Full name').fill(fullName);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Your flight');
  claimantUid = uidFromUrl(page);

  // "Save and come back later" offers the address given on a page not called "contact".
  await page.getByRole('link', { name: 'Save and come back later' }).click();
  await expect(page.getByLabel('Email address')).toHaveValue(email);
  await page.goBack();

  await expect(page.getByRole('heading', { level: 1 })).toContainText('Your flight');
  await page.getByLabel('Flight code').fill('ba 123');
  // An amount of money: a "£" prefix screen readers skip, the decimal keyboard, and an
  // amount it cannot read refused naming the field, with what was typed kept.
  const amount = page.getByLabel('How much you paid, in pounds (optional)');
  await expect(amount).toHaveAttribute('inputmode', 'decimal');
  await expect(page.locator('.input-prefixed__prefix')).toHaveText('£');
  await expect(page.locator('.input-prefixed__prefix')).toHaveAttribute('aria-hidden', 'true');
  await amount.fill('12.345');
  await page.getByRole('button', { name: 'Continue' }).click();
  const amountError = 'Enter how much you paid as an amount in pounds, like 150 or 1,150.50';
  await expect(page.getByRole('alert')).toContainText(amountError);
  await expect(amount).toHaveValue('12.345');
  await expectNoViolations(page, 'the flight page, an amount refused');
  await amount.fill('0.50');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Enter an amount of £1 or more for how much you paid',
  );
  await amount.fill('£1,150.50');
  // Checkboxes whose labels are the uiSchema's ui:enumNames.
  await page.getByRole('checkbox', { name: 'Meals and drinks' }).check();
  await page.getByRole('checkbox', { name: 'A taxi' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Check your answers');
  const shown = (label: string) => page.locator('.summary-list__row').filter({ hasText: label });
  await expect(shown('How much you paid')).toContainText('£1,150.50');
  await expect(shown('What you paid for')).toContainText('Meals and drinks, A taxi');
  await page
    .getByRole('checkbox', { name: /I confirm the information I have given is true/ })
    .check();
  await page.getByRole('radio', { name: 'Type your name' }).check();
  await page.getByLabel('Your full name').fill(fullName);
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/submitted|sent/i);

  const claim = await sentClaimOf(claimantUid);
  reference = String(claim.reference);
  // Kept exactly, as pounds-and-pence text, and the options by their values.
  expect(claim.answers.flight).toEqual({
    flightCode: 'ba 123',
    expenses: ['meals', 'taxi'],
    expensesAmount: '1150.50',
  });
  expect(claim.contact).toEqual({ name: fullName, email, phone: null, subject: 'ba 123' });
  expect(claim.searchTerms).toEqual(
    expect.arrayContaining([fullName.toLowerCase(), email, 'ba 123', 'ba123']),
  );
  const claims = await firestore().collection('claims').where('reference', '==', reference).get();
  claimId = claims.docs[0]!.id;

  // The profile holds the name and email the roles named, whatever the fields are called.
  const profile = (await firestore().collection('users').doc(claimantUid).get()).data();
  expect(profile).toMatchObject({ name: fullName, email });

  // The claim-received email greets the claimant by name and names the flight.
  const mail = (await firestore().collection('mail').doc(`${claimId}_received`).get()).data();
  expect(mail?.to).toBe(email);
  expect(mail?.message.subject).toBe(
    `We have your compensation request: ${reference} (Flight number ba 123)`,
  );
  expect(mail?.message.text).toContain(`Dear ${fullName},`);
  expect(mail?.message.html).toContain(`Dear ${fullName},`);
});

test('an amount the gateway cannot read is refused naming the field, whoever sends it', async () => {
  const { uid, idToken } = await signUpAnonymously();
  const save = (flight: Record<string, unknown>) =>
    fetch(GATEWAY_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
      body: JSON.stringify({
        data: {
          functionName: 'saveAnswers',
          data: { funnelId: FUNNEL, pageId: 'flight', answers: flight },
        },
      }),
    });
  for (const expensesAmount of ['1,15,0', '12.345', '-5', 'abc', '0.50']) {
    const refused = await save({ flightCode: 'BA 1', expensesAmount });
    const body = (await refused.json()) as {
      error?: { status?: string; details?: { fields?: { field: string }[] } };
    };
    expect(body.error?.status, expensesAmount).toBe('INVALID_ARGUMENT');
    expect(JSON.stringify(body.error?.details), expensesAmount).toContain('expensesAmount');
  }
  // A typed amount sent straight to the gateway is kept in the one stored form.
  const saved = await save({ flightCode: 'BA 1', expensesAmount: ' £1,150.5 ' });
  expect(saved.ok).toBe(true);
  const draft = (await claimsOf(uid)).find((claim) => claim.funnelId === FUNNEL);
  expect((draft?.answers as Record<string, Record<string, unknown>>).flight).toEqual({
    flightCode: 'BA 1',
    expensesAmount: '1150.50',
  });
});

test('the claimant creates an account: the email is offered, and /account names them', async ({
  page,
}) => {
  // A new claimant of this browser context: the pre-fill comes from their own answers.
  await page.goto(`/form/${FUNNEL}/passenger/`);
  const name = `Grace Hopper${randomUUID().slice(0, 6)}`;
  const ownEmail = `e2e-flight-${randomUUID()}@example.com`;
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(ownEmail);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Your flight');
  const uid = uidFromUrl(page);
  await expect
    .poll(async () => (await firestore().collection('users').doc(uid).get()).data()?.email, {
      timeout: 20_000,
    })
    .toBe(ownEmail);

  await page.goto('/register');
  await expect(page.getByLabel('Email address')).toHaveValue(ownEmail);
  await page.getByLabel('UK mobile number').fill('07700 900982');
  await page.getByLabel('Create a password').fill(PASSWORD);
  await page.getByLabel('Confirm your password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your account is ready' })).toBeVisible({
    timeout: 20_000,
  });
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account');
  await expect(page.locator('.summary-list__row').filter({ hasText: 'Name' })).toContainText(name);
});

test('a flight claim’s emailed link opens on another device, and its question names the funnel', async ({
  page,
  browser,
}) => {
  // A flight claimant saves for later partway through their flight.
  const saverEmail = `e2e-flight-${randomUUID()}@example.com`;
  await page.goto(`/form/${FUNNEL}/passenger/`);
  await page.getByLabel('Full name').fill(`Katherine Johnson${randomUUID().slice(0, 6)}`);
  await page.getByLabel('Email').fill(saverEmail);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Your flight');
  const saverUid = uidFromUrl(page);
  await page.getByRole('link', { name: 'Save and come back later' }).click();
  await page.getByRole('button', { name: 'Email me a link' }).click();
  const link = await emailedAppLink(saverEmail, 'save-and-return-link');

  // Someone else, mid-way through a flight claim of their own, is sent it: they are asked,
  // shown their own claim by the funnel's title, and staying keeps them where they were.
  const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const device = await other.newPage();
    await device.goto(`/form/${FUNNEL}/passenger/`);
    await device.getByLabel('Full name').fill('Dorothy Vaughan');
    await device.getByLabel('Email').fill(`e2e-flight-${randomUUID()}@example.com`);
    await device.getByRole('button', { name: 'Continue' }).click();
    await expect(device.getByRole('heading', { level: 1 })).toContainText('Your flight');
    const otherUid = uidFromUrl(device);
    await device.goto(link);
    await typeLinkAddress(device, saverEmail);
    await expect(device.getByRole('heading', { level: 1 })).toHaveText(
      'Check the account before you go on',
    );
    await expect(
      device.getByRole('listitem').filter({ hasText: 'Claim for a delayed flight' }),
    ).toBeVisible();
    await device.getByRole('link', { name: 'Stay as I am and keep my claim' }).click();
    await expect(device).toHaveURL(new RegExp(`/form/${FUNNEL}/flight/${otherUid}$`));
    expect(await sessionUid(device)).toBe(otherUid);
  } finally {
    await other.close();
  }

  // The claimant's own phone, never here before: the address, then their flight page.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const device = await phone.newPage();
    await device.goto(link);
    await typeLinkAddress(device, saverEmail);
    await expect(device).toHaveURL(new RegExp(`/form/${FUNNEL}/flight/${saverUid}$`));
    await expect(device.getByRole('heading', { level: 1 })).toContainText('Your flight');
    expect(await sessionUid(device)).toBe(saverUid);
  } finally {
    await phone.close();
  }
});

test('staff find the flight claim by name and flight, read it, and export it', async ({
  browser,
}) => {
  const staffEmail = `staff-flight-${Date.now()}@example.com`;
  const password = await staffAccount(staffEmail);
  const context = await browser.newContext();
  const staff = await context.newPage();
  await signIn(staff, staffEmail, password, '/staff');

  for (const search of [fullName.split(' ')[1]!, 'BA123']) {
    await staff.getByLabel(/^Reference, name, email or/).fill(search);
    await staff.getByRole('button', { name: 'Apply filters' }).click();
    const row = staff.getByRole('row').filter({ hasText: reference });
    await expect(row, search).toContainText(fullName);
    await expect(row, search).toContainText('ba 123');
  }

  // One funnel listed: its subject's own label heads the column.
  await staff.getByLabel('Funnel').selectOption(FUNNEL);
  await staff.getByLabel(/^Reference, name, email or/).fill(reference);
  await staff.getByRole('button', { name: 'Apply filters' }).click();
  await expect(staff.getByRole('columnheader', { name: 'Flight number' })).toBeVisible();

  const downloading = staff.waitForEvent('download');
  await staff.getByRole('button', { name: 'Download these claims (CSV)' }).click();
  const csv = await readFile((await (await downloading).path())!, 'utf8');
  const line = csv.split('\r\n').find((text) => text.includes(reference));
  expect(line).toContain(`"${fullName}","${email}","Not asked in this funnel"`);
  expect(line).toContain('ba 123');
  // A choice is shown by its labels, with its stored values in the column beside it.
  const header = csv.split('\r\n')[0]!;
  expect(header).toContain(
    '"What you paid for because of the delay (optional)","What you paid for because of the delay (optional) (code)","How much you paid, in pounds (optional)"',
  );
  expect(line).toContain('"Meals and drinks, A taxi","meals, taxi","£1,150.50"');

  await staff.getByRole('link', { name: reference }).click();
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(
    `Claim ${reference}: ${fullName}`,
  );
  const rowOf = (label: string) => staff.locator('.summary-list__row').filter({ hasText: label });
  await expect(rowOf('Claimant')).toContainText(fullName);
  await expect(rowOf('Phone')).toContainText('Not asked in this funnel');
  await expect(rowOf('Flight number')).toContainText('ba 123');
  await expect(rowOf('How much you paid')).toContainText('£1,150.50');
  await expect(rowOf('What you paid for')).toContainText('Meals and drinks, A taxi');
  await context.close();
});

test("staff see the flight funnel's own stages and may make only its moves", async ({
  browser,
}) => {
  const staffEmail = `staff-flight-stages-${Date.now()}@example.com`;
  const password = await staffAccount(staffEmail);
  const context = await browser.newContext();
  const staff = await context.newPage();
  await signIn(staff, staffEmail, password, '/staff');

  // The stage filter names each funnel's stages with the funnel: "in-review" is a stage of
  // the flight funnel and of the shared file, called differently.
  const stageFilter = staff.getByLabel('Stage');
  await expect(
    stageFilter.getByRole('option', {
      name: 'Checking flight records (Claim for a delayed flight)',
    }),
  ).toHaveCount(1);
  await expect(
    stageFilter.locator('optgroup[label="Claim for a delayed flight"] option'),
  ).toHaveText([
    'Request received (Claim for a delayed flight)',
    'Checking flight records (Claim for a delayed flight)',
    'Sent to airline (Claim for a delayed flight)',
    'Airline paid (Claim for a delayed flight)',
    'Airline refused (Claim for a delayed flight)',
    'Withdrawn by passenger (Claim for a delayed flight)',
  ]);
  await stageFilter.selectOption({ label: 'Request received (Claim for a delayed flight)' });
  await staff.getByLabel(/^Reference, name, email or/).fill(reference);
  await staff.getByRole('button', { name: 'Apply filters' }).click();
  const row = staff.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText('Request received');

  await staff.getByRole('link', { name: reference }).click();
  const stageRow = staff.locator('.summary-list__row').filter({ hasText: 'Stage' });
  await expect(stageRow).toContainText('Request received');
  // Only the flight funnel's move from its first stage.
  const moves = staff.getByRole('group', { name: 'Move to' }).getByRole('radio');
  await expect(moves).toHaveCount(1);
  await staff.getByRole('radio', { name: 'Checking flight records' }).check();
  await staff.getByLabel('Note for the history').fill('Flight records requested');
  await staff.getByRole('button', { name: 'Move claim' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'Moved to' })).toHaveText(
    'Moved to "Checking flight records". The claimant has been emailed.',
  );
  await expect(stageRow).toContainText('Checking flight records');
  await expect(moves).toHaveCount(1);
  await expect(staff.getByRole('radio', { name: 'Sent to airline' })).toBeVisible();
  await expect(staff.getByTestId('staff-history')).toContainText(
    'Request received → Checking flight records',
  );
  await context.close();
});
