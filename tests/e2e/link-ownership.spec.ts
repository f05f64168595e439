/**
 * A link is for its owner, in the browser: a sign-in link someone asked for their own new
 * address, opened mid-claim with that address typed, asks which account and "no" keeps the
 * claim and the session; a "come back later" link whose redeem reaches the gateway but whose
 * answer is lost still lands on the claim, the page asking again by itself.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
  answerTwoPages,
  emailedAppLink,
  expectClaimKept,
  signInLinkAskedElsewhere,
  typeLinkAddress,
  uniqueContact,
} from './support/accounts';
import { expectPage } from './support/claimant';
import { claimsOf, GATEWAY_PATH, sessionUid } from './support/emulators';

test('an address typed for someone else’s new-address link asks first, and “no” keeps the claim and the uid', async ({
  page,
}) => {
  const contact = uniqueContact();
  const victimUid = await answerTwoPages(page, contact);
  // The attacker's own new address: no account has it yet.
  const attackerEmail = `e2e-${randomUUID()}@example.com`;
  const link = await signInLinkAskedElsewhere(attackerEmail);

  await page.goto(link);
  await typeLinkAddress(page, attackerEmail);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Check the account before you go on');
  await expect(
    page.getByText(`This link signs this browser in to the account of ${attackerEmail}.`),
  ).toBeVisible();
  await expect(
    page.getByText('Your claim in progress here moves into that account:'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Stay as I am and keep my claim' }).click();
  await expectClaimKept(page, victimUid, contact.email, randomUUID());
  expect(await sessionUid(page)).toBe(victimUid);
});

test('a redeem whose answer is lost on the way still lands on the claim', async ({
  page,
  browser,
}) => {
  const contact = uniqueContact();
  const uid = await answerTwoPages(page, contact);
  await page.getByRole('link', { name: 'Save and come back later' }).click();
  await page.getByRole('button', { name: 'Email me a link' }).click();
  const link = await emailedAppLink(contact.email, 'save-and-return-link');

  const context = await browser.newContext();
  try {
    const device = await context.newPage();
    let dropped = 0;
    // The first redeem reaches the gateway and is done there; its answer never arrives.
    await device.route(`**${GATEWAY_PATH}`, async (route) => {
      const body = route.request().postData() ?? '';
      if (dropped === 0 && body.includes('"functionName":"redeemEmailLink"')) {
        const answered = await route.fetch();
        expect(answered.status()).toBe(200);
        dropped += 1;
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    await device.goto(link);
    await typeLinkAddress(device, contact.email);
    await expectPage(device, 'check');
    expect(dropped).toBe(1);
    await expect(device).toHaveURL(new RegExp(`/form/check/${uid}$`));
    expect(await sessionUid(device)).toBe(uid);
    const [claim] = await claimsOf(uid);
    expect(claim?.answers?.start?.email).toBe(contact.email);
  } finally {
    await context.close();
  }
});
