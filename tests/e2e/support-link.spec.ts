import { expect, test } from '@playwright/test';
import { mintResumeLink } from '../../scripts/resume-link';
import { expectPage } from './support/claimant';
import { sessionUid } from './support/emulators';
import {
  answerTwoPages,
  expectClaimKept,
  registeredAccount,
  uniqueContact,
} from './support/accounts';
import { randomUUID } from 'node:crypto';

test('a support link signs a browser in as its claimant once, and is dead after', async ({
  page,
}) => {
  const email = `e2e-${randomUUID()}@example.com`;
  const uid = await registeredAccount(email);
  const link = await mintResumeLink(uid);
  expect(await sessionUid(page)).not.toBe(uid);

  await page.goto(link);
  // Nobody asked for it in this browser: it says whose it is, and waits for a yes.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'This link is for a different claimant',
  );
  await expect(page.getByText(`as the claimant ${email}`)).toBeVisible();
  await page.getByRole('button', { name: 'Yes, this is my claim: open it' }).click();
  await expect(page).toHaveURL(/\/form\/start\/$/);
  await expectPage(page, 'start');
  expect(await sessionUid(page)).toBe(uid);
  await expect(page.getByTestId('session-type')).toHaveText('Registered');

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link cannot be used');
  await expect(page.getByRole('alert')).toContainText('has been used already');
});

test('a claimant part-way through a claim who opens someone else’s support link is asked, and staying keeps everything', async ({
  page,
}) => {
  const contact = uniqueContact();
  const victimUid = await answerTwoPages(page, contact);
  const attackerUid = await registeredAccount(`e2e-${randomUUID()}@example.com`);
  const link = await mintResumeLink(attackerUid);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'This link is for a different claimant',
  );
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Make a vehicle finance claim' }),
  ).toBeVisible();
  await expect(page.getByText('It is not in an account')).toBeVisible();
  // An anonymous claim could not be reopened after a switch: there is no switch button.
  await expect(page.getByRole('button', { name: 'Switch to the other claimant' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Stay as I am and keep my claim' }).click();
  await expectClaimKept(page, victimUid, contact.email, attackerUid);
});
