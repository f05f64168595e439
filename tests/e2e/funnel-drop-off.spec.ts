/**
 * The funnel drop-off dashboard as a product owner on the staff side uses it: keyboard only,
 * a date range typed the wrong way round first, then the numbers for claims Firestore holds,
 * and a claimant's new claim counted when the page is loaded again.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { Timestamp } from 'firebase-admin/firestore';
import { expectNoViolations } from './support/axe';
import { continueButton, expectPage, fillStart } from './support/claimant';
import { firestore } from './support/emulators';
import { tabTo } from './support/keyboard';
import { signIn, staffAccount } from './support/staff';
import { sentClaimDocument } from '../support/sentClaims';

const funnel = JSON.parse(
  readFileSync(new URL('../../funnels/vehicle-claim.json', import.meta.url), 'utf8'),
) as { funnelId: string; version: number };

/** A day in 2001 no other test writes claims on, so these claims are the range's only ones. */
function quietDay(): string {
  const day = new Date(Date.UTC(2001, 0, 1) + Math.floor(Math.random() * 360) * 86_400_000);
  return day.toISOString().slice(0, 10);
}

/** Three claims started on `day`: stopped at the address, stopped at the vehicle, and sent. */
async function seedClaims(day: string): Promise<void> {
  const at = (seconds: number) =>
    Timestamp.fromMillis(Date.parse(`${day}T10:00:00Z`) + seconds * 1000);
  const base = { funnelId: funnel.funnelId, funnelVersion: funnel.version, createdAt: at(0) };
  const claims = [
    { status: 'draft', currentPageId: 'address', pageSavedAt: { start: at(0) } },
    { status: 'draft', currentPageId: 'check', pageSavedAt: { start: at(0), address: at(90) } },
    {
      // Sent as markSubmitted leaves a claim (so the staff list shows it as any other).
      ...sentClaimDocument({
        claimId: `dropoff-${day}-2`,
        funnelId: funnel.funnelId,
        submittedAt: at(120).toDate(),
        reference: `DO${day.replaceAll('-', '')}`,
      }),
      currentPageId: 'sign',
      pageSavedAt: { start: at(0), address: at(30), check: at(60) },
    },
  ];
  const batch = firestore().batch();
  claims.forEach((claim, i) =>
    batch.set(firestore().collection('claims').doc(`dropoff-${day}-${i}`), {
      ...base,
      userId: `dropoff-${day}-${i}`,
      ...claim,
    }),
  );
  await batch.commit();
}

const summaryValue = (page: Page, term: string) =>
  page
    .getByTestId('dropoff-summary')
    .locator('div', { has: page.locator('dt', { hasText: term }) })
    .locator('dd');

test('a product owner sees, page by page, how far claimants get and where they stop', async ({
  browser,
  page,
}) => {
  test.setTimeout(240_000);
  const day = quietDay();
  await seedClaims(day);
  const email = `owner-${Date.now()}@example.com`;
  await signIn(page, email, await staffAccount(email), '/staff');

  // Keyboard only: to the dashboard from the back office's navigation.
  await tabTo(page, (el) => el.tag === 'a' && el.name === 'Funnel drop-off', 'the dashboard link');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Funnel drop-off');
  await expect(page.getByTestId('dropoff-table')).toBeVisible();

  // The range typed the wrong way round: the summary takes focus and leads to the field.
  await page.getByLabel('Funnel', { exact: true }).selectOption(funnel.funnelId);
  await page.getByLabel('Started from').fill(day.replace(/-\d\d$/, '-28'));
  await page.getByLabel('Started to').fill(day.replace(/-\d\d$/, '-01'));
  await tabTo(page, (el) => el.tag === 'button' && el.name === 'Show drop-off', 'the button');
  await page.keyboard.press('Enter');
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Started to')).toBeFocused();
  await page.getByLabel('Started to').fill(day);
  await page.getByLabel('Started from').fill(day);
  await tabTo(page, (el) => el.tag === 'button' && el.name === 'Show drop-off', 'the button');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`from=${day}&to=${day}`));

  // The numbers of the three claims, in the funnel's own page titles.
  await expect(summaryValue(page, 'Claims started')).toHaveText('3');
  await expect(summaryValue(page, 'Sent')).toHaveText('1');
  await expect(summaryValue(page, 'Completion rate')).toHaveText('33%');
  const row = (title: string) =>
    page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title }) });
  await expect(row('Your details')).toContainText('3 (100%)');
  await expect(row('Your details')).toContainText('Not timed');
  await expect(row('Your address')).toContainText('3 (100%)');
  await expect(row('Your address')).toContainText('1 (33%)');
  await expect(row('Your address')).toContainText('1 min (of 2)');
  await expect(row('Your vehicle')).toContainText('2 (67%)');
  await expect(row('Your vehicle')).toContainText('30 secs (of 1)');
  await expect(row('Check your answers and sign')).toContainText('1 min (of 1)');
  await expectNoViolations(page, '/staff/funnels');
  // On a phone too: the table fits without sideways scrolling.
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoViolations(page, '/staff/funnels on a phone');
  expect(
    await page
      .getByTestId('dropoff-table')
      .evaluate((table) => table.scrollWidth <= table.parentElement!.clientWidth),
  ).toBe(true);
  await page.setViewportSize({ width: 1280, height: 720 });

  // A claimant starts a claim today: counted when the dashboard is loaded again.
  const today = new Date().toISOString().slice(0, 10);
  await page.goto(
    `/staff/funnels?funnel=${funnel.funnelId}&version=${funnel.version}&from=${today}&to=${today}`,
  );
  const before = Number(await summaryValue(page, 'Claims started').textContent());
  const claimantContext = await browser.newContext();
  const claimant = await claimantContext.newPage();
  await claimant.goto('/form/start/');
  await fillStart(claimant);
  await continueButton(claimant).click();
  await expectPage(claimant, 'address');
  await expect
    .poll(
      async () => {
        await page.reload();
        return Number(await summaryValue(page, 'Claims started').textContent());
      },
      { timeout: 20_000 },
    )
    .toBe(before + 1);
  await claimantContext.close();
});
