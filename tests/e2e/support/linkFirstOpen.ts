/**
 * Every kind of emailed link opened on its first try in a browser that has never seen the
 * site (a phone the claimant reads email on), with the CPU slowed 4× and a slow network: the
 * page waits for the session it needs before it asks about the link, a browser that did not
 * ask for the link asks for its address, and the claimant lands where the link leads. And the
 * attack a link invites: someone's own link opened in another person's browser mid-claim,
 * which is asked about and, refused, keeps that person's claim and session as they were.
 *
 * Defined here and run twice: against the production build (tests/e2e/link-first-open.spec.ts)
 * and against the stack as `npm start` runs it (tests/e2e/authoring/link-first-open.spec.ts).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { mintResumeLink } from '../../../scripts/resume-link';
import {
  answerTwoPages,
  callGatewayAs,
  emailedAppLink,
  expectClaimKept,
  openClaimLinkHere,
  passwordIdToken,
  registeredAccount,
  signInLinkAskedElsewhere,
  typeLinkAddress,
  uniqueContact,
} from './accounts';
import { expectPage } from './claimant';
import { firestore, sessionUid } from './emulators';
import { remind } from './reminders';
import { expectNoViolations } from './axe';

/** A new browser context as a slow phone: CPU 4× slower, about a 3G connection. */
async function onSlowFreshDevice(browser: Browser, visit: (device: Page) => Promise<void>) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const device = await context.newPage();
    const cdp = await context.newCDPSession(device);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 300,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await visit(device);
  } finally {
    await context.close();
  }
}

/** Whether a link's token is still unused (stored under its digest). */
async function linkUnused(link: string): Promise<boolean> {
  const token = new URL(link).searchParams.get('link')!;
  const digest = createHash('sha256').update(token).digest('hex');
  return (await firestore().doc(`emailLinks/${digest}`).get()).exists;
}

export function defineLinkFirstOpenTests(): void {
  test.describe('every link opens on its first try in a new, slow browser', () => {
    // A slowed browser on the dev server fetches hundreds of modules: minutes, not seconds.
    test.describe.configure({ timeout: 600_000 });
    test('save and come back later', async ({ page, browser }) => {
      const contact = uniqueContact();
      const uid = await answerTwoPages(page, contact);
      await page.getByRole('link', { name: 'Save and come back later' }).click();
      await page.getByRole('button', { name: 'Email me a link' }).click();
      const link = await emailedAppLink(contact.email, 'save-and-return-link');
      await onSlowFreshDevice(browser, async (device) => {
        await device.goto(link);
        await typeLinkAddress(device, contact.email);
        await expectPage(device, 'check');
        await expect(device).toHaveURL(new RegExp(`/form/check/${uid}$`));
        expect(await sessionUid(device)).toBe(uid);
      });
    });

    test('the draft reminder', async ({ page, browser }) => {
      const contact = uniqueContact();
      const uid = await answerTwoPages(page, contact);
      await remind(uid);
      const link = await emailedAppLink(contact.email, 'draft-reminder');
      await onSlowFreshDevice(browser, async (device) => {
        await openClaimLinkHere(device, link, contact.email);
        await expectPage(device, 'check');
        expect(await sessionUid(device)).toBe(uid);
      });
    });

    test('email sign-in', async ({ browser }) => {
      const email = `e2e-${randomUUID()}@example.com`;
      const accountUid = await registeredAccount(email);
      const link = await signInLinkAskedElsewhere(email);
      await onSlowFreshDevice(browser, async (device) => {
        await device.goto(link);
        await typeLinkAddress(device, email);
        await expect(device.getByRole('heading', { name: 'Your claims' })).toBeVisible();
        expect(await sessionUid(device)).toBe(accountUid);
      });
    });

    test('confirm your address, opened by its holder elsewhere, and ends the password', async ({
      browser,
    }) => {
      const email = `e2e-${randomUUID()}@example.com`;
      const accountUid = await registeredAccount(email, { proved: false });
      await callGatewayAs(await passwordIdToken(email), 'requestEmailProof', {
        requester: randomBytes(32).toString('base64url'),
      });
      const link = await emailedAppLink(email, 'confirm-email');
      await onSlowFreshDevice(browser, async (device) => {
        await device.goto(link);
        await typeLinkAddress(device, email);
        await expect(device.getByRole('status')).toContainText('Set a password of your own');
        expect(await sessionUid(device)).toBe(accountUid);
      });
    });

    test('support’s link, which says whose claim it opens', async ({ browser }) => {
      const email = `e2e-${randomUUID()}@example.com`;
      const uid = await registeredAccount(email);
      const link = await mintResumeLink(uid);
      await onSlowFreshDevice(browser, async (device) => {
        await device.goto(link);
        await expect(device.getByText(`as the claimant ${email}`)).toBeVisible({
          timeout: 30_000,
        });
        await expectNoViolations(device, 'a support link’s question, at 390 px');
        await device.getByRole('button', { name: 'Yes, this is my claim: open it' }).click();
        await expect(device).toHaveURL(/\/form\/start\/$/);
        expect(await sessionUid(device)).toBe(uid);
      });
    });

    test('a used link says so in words', async ({ browser }) => {
      const email = `e2e-${randomUUID()}@example.com`;
      await registeredAccount(email);
      const link = await signInLinkAskedElsewhere(email);
      await onSlowFreshDevice(browser, async (device) => {
        await device.goto(link);
        await typeLinkAddress(device, email);
        await expect(device.getByRole('heading', { name: 'Your claims' })).toBeVisible();
      });
      await onSlowFreshDevice(browser, async (device) => {
        await device.goto(link);
        await expect(device.getByRole('heading', { level: 1 })).toHaveText(
          'This link cannot be used',
          { timeout: 30_000 },
        );
        await expect(device.getByRole('alert')).toContainText('has been used already');
      });
    });
  });

  test('someone’s own sign-in link, opened mid-claim by another person, is refused by a “no”', async ({
    page,
  }) => {
    const contact = uniqueContact();
    const victimUid = await answerTwoPages(page, contact);
    const attackerEmail = `e2e-${randomUUID()}@example.com`;
    const attackerUid = await registeredAccount(attackerEmail);
    const link = await signInLinkAskedElsewhere(attackerEmail);

    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your email address');
    // Nothing says whose link it is, and nothing has changed.
    await expect(page.getByText(attackerEmail)).toHaveCount(0);
    await page.getByRole('link', { name: 'This link is not mine: stay as I am' }).click();
    await expectClaimKept(page, victimUid, contact.email, attackerUid);
    expect(await linkUnused(link)).toBe(true);
  });
}
