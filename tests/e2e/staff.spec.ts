/**
 * The back office, as staff and a claimant use it: a member of staff made with `npm run staff`
 * finds a claim just sent by its reference, moves it on with a note, and the claimant sees the
 * new stage while the outbox holds the email. Each staff page is checked with axe.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { PASSWORD, registeredAccount, uniqueContact } from './support/accounts';
import {
  claimant as claimantAnswers,
  continueButton,
  fillAddress,
  fillCheck,
  fillSign,
  fillStart,
  sendButton,
} from './support/claimant';
import { firestore } from './support/emulators';
import { expectNoViolations } from './support/axe';
import { sentClaimDocument } from '../support/sentClaims';
import { tabTo } from './support/keyboard';
import { signIn, staffAccount } from './support/staff';

test('staff find a sent claim by reference, move it on, and the claimant sees it', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // A registered claimant sends a claim.
  const contact = uniqueContact();
  await registeredAccount(contact.email);
  const claimantContext = await browser.newContext();
  const claimant = await claimantContext.newPage();
  await signIn(claimant, contact.email, PASSWORD, '/account/claims');
  await claimant.goto('/form/start/');
  await fillStart(claimant, contact);
  await continueButton(claimant).click();
  await fillAddress(claimant);
  await continueButton(claimant).click();
  await fillCheck(claimant);
  await continueButton(claimant).click();
  await fillSign(claimant);
  await sendButton(claimant).click();
  const reference = (await claimant.getByTestId('claim-reference').textContent())!.trim();

  // A member of staff, made with npm run staff, signs in and finds it by its reference.
  const staffEmail = `staff-${Date.now()}@example.com`;
  const password = await staffAccount(staffEmail);
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signIn(staff, staffEmail, password, '/staff');
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText('Claims');
  await expectNoViolations(staff, '/staff');
  // Keyboard only: type the reference, submit the filters with Enter.
  await staff.getByLabel('Reference, name, email or registration').fill(reference);
  await staff.keyboard.press('Enter');
  await expect(staff.getByRole('row')).toHaveCount(2); // the header and the one claim
  // The vehicle funnel's roles: the name from two fields, the registration as its subject.
  const name = `${contact.firstName} ${contact.lastName}`;
  const row = staff.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText(name);
  await expect(row).toContainText(claimantAnswers.check.registrationNumber);
  await expect(staff.getByRole('columnheader', { name: 'Registration' })).toBeVisible();
  await staff.getByRole('link', { name: reference }).click();
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(`Claim ${reference}: ${name}`);
  const summary = (label: string) =>
    staff.locator('.summary-list__row').filter({ has: staff.getByText(label, { exact: true }) });
  // However the phone was tidied on the start page, it is the claimant's and no placeholder.
  await expect(summary('Phone')).toContainText(contact.phoneNumber.slice(-3));
  await expect(summary('Registration')).toContainText(claimantAnswers.check.registrationNumber);
  // The language the claimant read it in, as the claim records it.
  const stored = await firestore().collection('claims').where('reference', '==', reference).get();
  expect(stored.docs.map((doc) => doc.get('locale'))).toEqual(['en-GB']);
  await expect(summary('Language')).toContainText('British English (en-GB)');
  await expectNoViolations(staff, 'a claim');

  // Keyboard only, errors first: no stage chosen, no note. The summary takes focus once and
  // its link leads to the question.
  await tabTo(staff, (el) => el.tag === 'button' && el.name === 'Move claim', 'Move claim');
  await staff.keyboard.press('Enter');
  await expect(staff.getByRole('alert')).toContainText('Select the stage to move the claim to');
  await expect(staff.getByRole('alert')).toBeFocused();
  await staff.keyboard.press('Tab');
  await staff.keyboard.press('Enter');
  await expect(staff.getByRole('radio', { name: 'In review' })).toBeFocused();
  await staff.keyboard.press('Space');
  await tabTo(staff, (el) => el.tag === 'button' && el.name === 'Move claim', 'Move claim');
  await staff.keyboard.press('Enter');
  await expect(staff.getByRole('alert')).toContainText('Enter a note saying why');
  await expect(staff.getByRole('alert')).toBeFocused();
  await tabTo(staff, (el) => el.name.startsWith('Note for the history'), 'the note');
  await staff.keyboard.type('Identity and agreement checked.');
  await tabTo(staff, (el) => el.tag === 'button' && el.name === 'Move claim', 'Move claim');
  await staff.keyboard.press('Enter');
  await expect(staff.getByRole('status').filter({ hasText: 'Moved to "In review"' })).toBeVisible();
  await expect(staff.getByTestId('staff-history')).toContainText('Identity and agreement checked.');

  // The outbox holds the email the claimant would get.
  await tabTo(staff, (el) => el.tag === 'a' && el.name === 'Outbox', 'the outbox link', 200);
  await staff.keyboard.press('Enter');
  await expect(staff.getByTestId('outbox')).toContainText(
    `Your claim ${reference} (Registration ${claimantAnswers.check.registrationNumber}): We are checking your claim`,
  );
  await expect(staff.getByTestId('outbox')).toContainText(`To ${contact.email.toLowerCase()}`);
  await expectNoViolations(staff, '/staff/outbox');
  // From an email to its claim, by keyboard.
  await tabTo(staff, (el) => el.tag === 'a' && el.name === 'Open the claim', 'the claim link');
  await staff.keyboard.press('Enter');
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(`Claim ${reference}: ${name}`);

  // The claimant's list and claim page show the new stage.
  await claimant.goto('/account/claims');
  await expect(claimant.getByTestId('claims')).toContainText('We are checking your claim');
  await claimant.getByRole('link', { name: new RegExp(`View .*${reference}`) }).click();
  await expect(claimant.getByTestId('claim-progress')).toContainText('We are checking your claim');
  await expect(claimant.getByTestId('claim-status')).toContainText('We are checking your claim');
  await claimantContext.close();
  await staffContext.close();
});

test('staff download every claim of a funnel version the filters match as CSV, 1,000 of them', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // 1,000 sent claims, as markSubmitted writes them, findable by a tag of this test's own.
  const tag = `csv${Date.now().toString(36)}`;
  const db = firestore();
  for (let start = 0; start < 1000; start += 250) {
    const batch = db.batch();
    for (let i = start; i < start + 250; i++) {
      const claimId = `${tag}-${i}`;
      batch.set(
        db.doc(`claims/${claimId}`),
        sentClaimDocument({
          claimId,
          funnelId: 'vehicle-claim',
          funnelVersion: 1,
          submittedAt: new Date(Date.UTC(2026, 5, 1) + i * 1000),
          reference: `VC-${tag}-${i}`,
          contact: {
            name: `Seed Claimant ${i}`,
            email: null,
            phone: null,
            subject: null,
          },
          searchTerms: [tag],
        }),
      );
    }
    await batch.commit();
  }
  const staffEmail = `staff-${Date.now()}@example.com`;
  const password = await staffAccount(staffEmail);
  const context = await browser.newContext();
  const staff = await context.newPage();
  await signIn(staff, staffEmail, password, '/staff');
  // No funnel chosen: the export says why it waits for one.
  await expect(staff.getByTestId('export-status')).toContainText('choose a funnel');
  await expect(staff.getByRole('button', { name: 'Download these claims (CSV)' })).toHaveCount(0);
  await staff.getByLabel('Reference, name, email or registration').fill(tag);
  await staff.getByLabel('Funnel').selectOption('vehicle-claim');
  await staff.getByRole('button', { name: 'Apply filters' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'Claims 1 to 25' })).toBeVisible();
  // The list goes a page at a time, both ways.
  await staff.getByRole('button', { name: 'Next page' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'Claims 26 to 50' })).toBeVisible();
  await staff.getByRole('button', { name: 'Previous page' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'Claims 1 to 25' })).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Previous page' })).toHaveCount(0);
  // The claims were made on version 1: each version has a file of its own.
  await staff.getByLabel('Version to download').selectOption('1');
  const downloading = staff.waitForEvent('download');
  await staff.getByRole('button', { name: 'Download these claims (CSV)' }).click();
  const download = await downloading;
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.split('\r\n').filter(Boolean);
  // The roles first, then a column per question of the version, titled as claimants saw it.
  expect(lines[0]).toMatch(
    /^"Reference","Claimant","Email","Phone","Registration","Stage","Sent at","Stage changed at","First name","Last name",/,
  );
  expect(download.suggestedFilename()).toMatch(/^claims-vehicle-claim-v1-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(lines).toHaveLength(1001);
  expect(new Set(lines.slice(1).map((line) => line.split(',')[0])).size).toBe(1000);
  await expect(staff.getByTestId('export-status')).toHaveText('Exported 1,000 claims.');
  await context.close();
});

test('a claimant who opens /staff is told it is for staff, and sees nothing of it', async ({
  page,
}) => {
  const contact = uniqueContact();
  await registeredAccount(contact.email);
  await signIn(page, contact.email, PASSWORD, '/account/claims');
  await page.goto('/staff');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page is for staff');
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectNoViolations(page, '/staff refused');
});

test('the stage filter and the funnel filter agree: a funnel’s stage chooses its funnel', async ({
  page,
}, testInfo) => {
  const staffEmail = `staff-filters-${Date.now()}@example.com`;
  const password = await staffAccount(staffEmail);
  await signIn(page, staffEmail, password, '/staff');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Claims');
  const funnelFilter = page.getByLabel('Funnel', { exact: true });
  const stageFilter = page.getByLabel('Stage', { exact: true });
  await expect(funnelFilter).toHaveValue('');

  // A stage is one funnel's: choosing it chooses the funnel, and the stages offered are its own.
  await stageFilter.selectOption('vehicle-claim:in-review');
  await expect(funnelFilter).toHaveValue('vehicle-claim');
  await expect(stageFilter.locator('optgroup')).toHaveCount(1);
  await expect(stageFilter.locator('option:checked')).toHaveText('In review');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`staff-filters-${width}.png`) });
  }
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/funnel=vehicle-claim&stage=vehicle-claim%3Ain-review/);
  await expect(funnelFilter).toHaveValue('vehicle-claim');
  await expect(stageFilter).toHaveValue('vehicle-claim:in-review');

  // Another funnel drops the stage that is not its own.
  await funnelFilter.selectOption('diesel-emissions');
  await expect(stageFilter).toHaveValue('');
  await expect(
    stageFilter.locator('optgroup[label="Make a diesel emissions claim"] option').first(),
  ).toBeAttached();

  // An address naming only a stage shows that stage's funnel.
  await page.goto('/staff?stage=vehicle-claim%3Ain-review');
  await expect(funnelFilter).toHaveValue('vehicle-claim');
  await expect(stageFilter).toHaveValue('vehicle-claim:in-review');
  await expectNoViolations(page, 'the claims list filtered by a stage');
});
