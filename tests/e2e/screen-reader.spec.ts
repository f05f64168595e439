import { expect, test, type Page } from '@playwright/test';
import { claimsOf, sessionUid } from './support/emulators';
import { answerUpToSign, expectPage, uidFromUrl } from './support/claimant';
import {
  chooseRadio,
  continueExpectingErrors,
  expectHeadingFocused,
  focused,
  pressButton,
  tabTo,
  tick,
  typeDate,
  typeInto,
} from './support/keyboard';
import { heard, installScreenReaderProxy } from './support/screenReaderProxy';

/**
 * What a screen reader user hears, keyboard only, read through a proxy (every new text of a
 * role=alert or role=status region, and every focus move): each thing once, at the right time.
 * GOV.UK question pages check answers when Continue is pressed, so nothing is announced while
 * the claimant types; the save status says "kept on this device" and "saved" once each; a
 * Change link lands on its field; a page opened from outside starts at the top.
 */

const OFFLINE = 'Saved on this device; will be sent when you are back online.';
const SAVED = 'Your answers are saved.';

test.beforeEach(async ({ page }) => {
  await installScreenReaderProxy(page);
});

/** Presses Continue on a page with errors and returns the error summary's text, as heard. */
async function failedContinue(page: Page, label = 'Continue'): Promise<string> {
  const before = (await heard(page)).alerts.length;
  await continueExpectingErrors(page, label);
  const { alerts } = await heard(page);
  // The summary is heard once, when it appears.
  expect(alerts.slice(before)).toHaveLength(1);
  expect(alerts.at(-1)).toMatch(/^There is a problem/);
  return alerts.at(-1)!;
}

/** The error summary's text, as the proxy reads a region's text. */
async function summaryText(page: Page): Promise<string> {
  const text = await page.locator('.error-summary').textContent();
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/** Nothing new was announced since `count` alerts, and the summary still says `summary`. */
async function expectNothingNewAnnounced(page: Page, count: number, summary: string) {
  expect((await heard(page)).alerts.slice(count)).toEqual([]);
  expect(await summaryText(page)).toBe(summary);
}

test.describe('after a failed Continue, typing announces nothing', () => {
  test('text and postcode questions (vehicle claim)', async ({ page }) => {
    await page.goto('/form/start/');
    await expectPage(page, 'start');
    let summary = await failedContinue(page);
    let count = (await heard(page)).alerts.length;
    // Focus is in First name (the summary's first link).
    await page.keyboard.type('Sam');
    await typeInto(page, 'Last name', 'Jones');
    await typeInto(page, 'Email address', 'sam.jones@example.com');
    await typeInto(page, 'UK mobile number', '07700 900982');
    await expectNothingNewAnnounced(page, count, summary);
    await pressButton(page, 'Continue');
    await expectHeadingFocused(page, 'Your address');

    summary = await failedContinue(page);
    count = (await heard(page)).alerts.length;
    await typeInto(page, 'Postcode', 'sw1a 2aa');
    await typeInto(page, 'Address line 1', '10 Downing Street');
    await typeInto(page, 'Town or city', 'London');
    await chooseRadio(page, 'How long have you lived at this address?', '3 years or more');
    await expectNothingNewAnnounced(page, count, summary);
    await pressButton(page, 'Continue');
    await expectHeadingFocused(page, 'Your vehicle');
    expect((await heard(page)).alerts.slice(count)).toEqual([]);
  });

  test('year, date parts and the signature (diesel emissions claim)', async ({ page }) => {
    const uid = await sessionUid(page);
    await page.goto(`/form/diesel-emissions/contact/${uid}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Your details');
    await typeInto(page, 'First name', 'Alex');
    await typeInto(page, 'Last name', 'Morgan');
    await typeInto(page, 'Email address', 'alex.morgan@example.com');
    await typeInto(page, 'UK mobile number', '07700900456');
    await pressButton(page, 'Continue');
    await expectHeadingFocused(page, 'Your diesel vehicle');
    let summary = await failedContinue(page);
    let count = (await heard(page)).alerts.length;
    await page.keyboard.type('KX15 ABC');
    await chooseRadio(page, 'Make', 'Volkswagen');
    await typeInto(page, 'Model', 'Golf 2.0 TDI');
    // "2" alone is out of range: checked as typed, it would be announced.
    await typeInto(page, 'Year of manufacture', '2015');
    await expectNothingNewAnnounced(page, count, summary);
    // GOV.UK: a year is a text input asking for the numeric keyboard.
    const year = page.getByLabel('Year of manufacture');
    await expect(year).toHaveAttribute('type', 'text');
    await expect(year).toHaveAttribute('inputmode', 'numeric');
    await pressButton(page, 'Continue');
    await expectHeadingFocused(page, 'When you had the vehicle');

    summary = await failedContinue(page);
    count = (await heard(page)).alerts.length;
    await chooseRadio(page, 'How did you get the vehicle?', 'Bought it used');
    // Each part typed makes the date "must include a month and year", then "a year"...
    await typeDate(page, 'Date you got the vehicle', '12', '9', '2016');
    await chooseRadio(page, 'Do you still have the vehicle?', 'Yes');
    await expectNothingNewAnnounced(page, count, summary);
    await pressButton(page, 'Continue');
    await expectHeadingFocused(page, 'Check your answers and sign');

    summary = await failedContinue(page, 'Accept and send claim');
    count = (await heard(page)).alerts.length;
    await tick(page, 'I confirm the information I have given is true');
    await chooseRadio(page, 'Your signature', 'Type your name');
    await typeInto(page, 'Your full name', 'Alex Morgan');
    // The signature's message is not reworded as the other answers are fixed.
    await expectNothingNewAnnounced(page, count, summary);
    await pressButton(page, 'Accept and send claim');
    await expectHeadingFocused(page, 'Claim submitted');
    await expect
      .poll(async () => (await claimsOf(uid)).find((c) => c.funnelId === 'diesel-emissions'))
      .toMatchObject({ status: 'submitted', answers: { vehicle: { yearOfManufacture: 2015 } } });
  });

  test('a wrong date marks only the box it is about, all three when the whole date is', async ({
    page,
  }) => {
    const uid = await sessionUid(page);
    await page.goto(`/form/diesel-emissions/ownership/${uid}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('When you had the vehicle');
    const group = page.getByRole('group', { name: 'Date you got the vehicle' });
    const invalid = async () => {
      const marked: string[] = [];
      for (const part of ['Day', 'Month', 'Year']) {
        if ((await group.getByLabel(part).getAttribute('aria-invalid')) === 'true')
          marked.push(part);
      }
      return marked;
    };
    await pressButton(page, 'Continue');
    await expect(page.locator('.error-summary')).toBeFocused();
    expect(await invalid()).toEqual(['Day', 'Month', 'Year']);

    await typeDate(page, 'Date you got the vehicle', '12', '', '2016');
    await pressButton(page, 'Continue');
    await expect(page.locator('.error-summary')).toContainText('must include a month');
    expect(await invalid()).toEqual(['Month']);

    await group.getByLabel('Month').focus();
    await page.keyboard.type('13');
    // Still as it was at Continue until the next one.
    expect(await invalid()).toEqual(['Month']);
    await pressButton(page, 'Continue');
    await expect(page.locator('.error-summary')).toContainText('must be a real date');
    expect(await invalid()).toEqual(['Month']);
  });
});

test('offline for a minute, the save status says "kept on this device" once, then "saved"', async ({
  context,
  page,
}) => {
  test.setTimeout(240_000);
  // The page's timers run on a clock the test moves on, so a minute passes without waiting.
  await page.clock.install();
  const saveTries: string[] = [];
  page.on('request', (request) => {
    if ((request.postData() ?? '').includes('"functionName":"saveAnswers"'))
      saveTries.push(request.url());
  });
  await page.goto('/form/start/');
  await expectPage(page, 'start');
  await typeInto(page, 'First name', 'Sam');
  await typeInto(page, 'Last name', 'Jones');
  await typeInto(page, 'Email address', 'sam.jones@example.com');
  await typeInto(page, 'UK mobile number', '07700 900982');
  await pressButton(page, 'Continue');
  await expectHeadingFocused(page, 'Your address');
  const uid = uidFromUrl(page);
  await expect(page.getByRole('status').filter({ hasText: SAVED })).toBeVisible();
  const before = (await heard(page)).statuses.length;

  await context.setOffline(true);
  await typeInto(page, 'Postcode', 'SW1A 2AA');
  await typeInto(page, 'Address line 1', '10 Downing Street');
  await typeInto(page, 'Town or city', 'London');
  await chooseRadio(page, 'How long have you lived at this address?', '3 years or more');
  const triesBefore = saveTries.length;
  await pressButton(page, 'Continue');
  await expectHeadingFocused(page, 'Your vehicle');
  await expect(page.getByRole('status').filter({ hasText: OFFLINE })).toBeVisible();
  for (let second = 0; second < 60; second++) await page.clock.runFor(1_000);

  // Retried with backoff (2 s, 4 s, 8 s…), not every 2 s, and never announced again.
  const tries = saveTries.length - triesBefore;
  expect(tries).toBeGreaterThanOrEqual(3);
  expect(tries).toBeLessThanOrEqual(7);
  expect((await heard(page)).statuses.slice(before)).toEqual([OFFLINE]);
  expect((await claimsOf(uid))[0]?.answers.address).toBeUndefined();

  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: SAVED })).toBeVisible({
    timeout: 20_000,
  });
  expect((await heard(page)).statuses.slice(before)).toEqual([OFFLINE, SAVED]);
  expect((await claimsOf(uid))[0]?.answers.address).toMatchObject({ town: 'London' });
});

test.describe('Change links from check your answers', () => {
  test('put focus on the field they name, its label in view, and Continue comes back', async ({
    page,
  }) => {
    await answerUpToSign(page);
    await tabTo(
      page,
      (element) => element.tag === 'a' && element.name === 'Change postcode',
      'the Change postcode link',
    );
    await page.keyboard.press('Enter');
    await expectPage(page, 'address');
    await expect(page.getByLabel('Postcode')).toBeFocused();
    expect((await heard(page)).focus.at(-1)).toBe('root_postcode');
    await expect(page.locator('label[for="root_postcode"]')).toBeInViewport();
    // Typing goes into the field.
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('SW1A 1AA');
    await pressButton(page, 'Continue');
    await expectHeadingFocused(page, 'Check your answers and sign');
    await expect(page.getByText('SW1A 1AA')).toBeVisible();

    // A date question: its first box, under its legend.
    await tabTo(
      page,
      (element) => element.tag === 'a' && element.name === 'Change agreement start date',
      'the Change agreement start date link',
    );
    await page.keyboard.press('Enter');
    await expectPage(page, 'check');
    const group = page.getByRole('group', { name: 'Agreement start date' });
    await expect(group.getByLabel('Day')).toBeFocused();
    await expect(group.locator('legend')).toBeInViewport();
  });
});

test.describe('where focus starts', () => {
  for (const path of ['/', '/form/start/', '/login']) {
    test(`${path} opened from outside leaves focus at the top: the first Tab is the skip link`, async ({
      page,
    }) => {
      await page.goto(path);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      // Settled: the session exists (the header offers an account) and two frames have run.
      await expect(
        page.getByRole('link', { name: 'Save your progress: create an account' }),
      ).toBeVisible();
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      expect((await focused(page)).tag).toBe('body');
      expect((await heard(page)).focus).toEqual([]);
      await page.keyboard.press('Tab');
      expect((await focused(page)).name).toBe('Skip to main content');
    });
  }

  test('after an in-app navigation, focus is on the new page’s heading', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await tabTo(page, (element) => element.tag === 'a' && element.name === 'Sign in', 'Sign in');
    await page.keyboard.press('Enter');
    await expectHeadingFocused(page, 'Sign in');
  });
});
