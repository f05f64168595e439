/**
 * An emailed link's screens met the hard way: by keyboard alone (the address asked for, a
 * wrong address, the account question and its yes; a support link's question and its no;
 * "this was not me"), and on a connection that drops as the link is being opened, where the
 * page waits and goes on by itself once back online. Each at both widths, checked by axe.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { mintResumeLink } from '../../scripts/resume-link';
import {
  answerTwoPages,
  callGatewayAs,
  emailedAppLink,
  expectClaimKept,
  passwordIdToken,
  registeredAccount,
  signInLinkAskedElsewhere,
  uniqueContact,
} from './support/accounts';
import { expectNoViolations } from './support/axe';
import { claimsOf, sessionUid } from './support/emulators';
import { focused, tabTo } from './support/keyboard';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function expectFocusedHeading(page: Page, text: string): Promise<void> {
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(text, { timeout: 30_000 });
  await expect(heading).toBeFocused();
}

/** Tabs to the email field and types `email` (what was there is replaced). */
async function typeAddressByKeyboard(page: Page, email: string): Promise<void> {
  await tabTo(page, (el) => el.tag === 'input' && el.name === 'Email address', 'the email field');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(email);
}

test.describe('an emailed link’s screens, by keyboard alone', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`a sign-in link opened mid-claim: address, a wrong one, the question, yes (${viewport.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const contact = uniqueContact();
      const anonymousUid = await answerTwoPages(page, contact);
      const accountUid = await registeredAccount(contact.email);
      const link = await signInLinkAskedElsewhere(contact.email);

      await page.goto(link);
      await expectFocusedHeading(page, 'Confirm your email address');
      await expectNoViolations(page, `the link's address question at ${viewport.width} px`);

      await typeAddressByKeyboard(page, `someone-else-${randomUUID()}@example.com`);
      await page.keyboard.press('Enter');
      const summary = page.getByRole('alert');
      await expect(summary).toBeFocused();
      await expect(summary).toContainText(/email address/i);
      // The summary's link takes the keyboard back to the field, with what was typed kept.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expect(page.getByLabel('Email address')).toBeFocused();
      await expect(page.getByLabel('Email address')).toHaveValue(/^someone-else-/);
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(contact.email);
      await page.keyboard.press('Enter');

      await expectFocusedHeading(page, 'Check the account before you go on');
      await expect(
        page.getByText(`This link signs this browser in to the account of ${contact.email}.`),
      ).toBeVisible();
      await expect(
        page.getByText('Your claim in progress here moves into that account:'),
      ).toBeVisible();
      await expectNoViolations(page, `the link's account question at ${viewport.width} px`);
      // Staying comes first; going on is one more Tab.
      expect(
        (await tabTo(page, (el) => el.tag === 'a' || el.tag === 'button', 'a choice')).name,
      ).toBe('Stay as I am and keep my claim');
      await page.keyboard.press('Tab');
      expect((await focused(page)).name).toBe('Yes, go on');
      await page.keyboard.press('Enter');

      await expect(page.getByRole('heading', { name: 'Your claims' })).toBeVisible();
      expect(await sessionUid(page)).toBe(accountUid);
      await expect.poll(async () => (await claimsOf(accountUid)).length).toBe(1);
      expect(await claimsOf(anonymousUid)).toEqual([]);
    });
  }

  test('a support link for someone else’s claim, refused by keyboard, keeps this claim (390 px)', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    const contact = uniqueContact();
    const claimantUid = await answerTwoPages(page, contact);
    const otherUid = await registeredAccount(`e2e-${randomUUID()}@example.com`);
    const link = await mintResumeLink(otherUid);

    await page.goto(link);
    await expectFocusedHeading(page, 'This link is for a different claimant');
    // A claim in progress only in this browser would be lost: saving it is offered first.
    const first = await tabTo(page, (el) => el.tag === 'a' || el.tag === 'button', 'a choice');
    expect(first.name).toBe('Save and come back later');
    await page.keyboard.press('Tab');
    expect((await focused(page)).name).toBe('Stay as I am and keep my claim');
    await page.keyboard.press('Enter');
    await expectClaimKept(page, claimantUid, contact.email, otherUid);
  });

  for (const viewport of [PHONE, DESKTOP]) {
    test(`“this was not me” from a confirm email ends the account’s password (${viewport.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const email = `e2e-${randomUUID()}@example.com`;
      await registeredAccount(email, { proved: false });
      await callGatewayAs(await passwordIdToken(email), 'requestEmailProof', {
        requester: randomBytes(32).toString('base64url'),
      });
      const link = await emailedAppLink(email, 'confirm-email');

      await page.goto(`${link}&notMe=1`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
      await expectNoViolations(page, `"this was not me" at ${viewport.width} px`);
      await typeAddressByKeyboard(page, email);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
      await expectNoViolations(page, `"this was not me" done at ${viewport.width} px`);
      // The password someone else set is gone: it signs nobody in.
      expect(await passwordIdToken(email)).toBeUndefined();
    });
  }
});

test.describe('an emailed link on a connection that drops', () => {
  test('offline as the address is sent: the page waits, then signs in once back online', async ({
    browser,
  }) => {
    const email = `e2e-${randomUUID()}@example.com`;
    const accountUid = await registeredAccount(email);
    const link = await signInLinkAskedElsewhere(email);
    const context = await browser.newContext({ viewport: PHONE });
    try {
      const device = await context.newPage();
      await device.goto(link);
      await expectFocusedHeading(device, 'Confirm your email address');
      await context.setOffline(true);
      await device.getByLabel('Email address').fill(email);
      await device.getByRole('button', { name: 'Continue' }).click();
      await expectFocusedHeading(device, 'We cannot reach our service');
      await expect(device.getByRole('status')).toContainText('as soon as you are back online');
      await expectNoViolations(device, 'a link waiting for a connection at 390 px');
      await context.setOffline(false);
      await expect(device.getByRole('heading', { name: 'Your claims' })).toBeVisible({
        timeout: 30_000,
      });
      expect(await sessionUid(device)).toBe(accountUid);
    } finally {
      await context.close();
    }
  });

  test('offline as the question is answered: the yes is kept and taken once back online', async ({
    page,
    context,
  }) => {
    const contact = uniqueContact();
    await answerTwoPages(page, contact);
    const accountUid = await registeredAccount(contact.email);
    const link = await signInLinkAskedElsewhere(contact.email);
    await page.goto(link);
    await expectFocusedHeading(page, 'Confirm your email address');
    await page.getByLabel('Email address').fill(contact.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectFocusedHeading(page, 'Check the account before you go on');
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Yes, go on' }).click();
    await expectFocusedHeading(page, 'We cannot reach our service');
    await context.setOffline(false);
    await expect(page.getByRole('heading', { name: 'Your claims' })).toBeVisible({
      timeout: 30_000,
    });
    expect(await sessionUid(page)).toBe(accountUid);
    await expect.poll(async () => (await claimsOf(accountUid)).length).toBe(1);
  });
});
