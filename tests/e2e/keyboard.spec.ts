import { expect, test } from '@playwright/test';
import { claimsOf, sessionUid } from './support/emulators';
import {
  chooseRadio,
  continueExpectingErrors,
  expectHeadingFocused,
  focused,
  pressButton,
  tick,
  typeDate,
  typeInto,
} from './support/keyboard';

/**
 * Each funnel completed with the keyboard only (Tab, Enter, Space, arrows and typing; no
 * clicks, no fill), after first pressing Continue on every page with nothing answered, at a
 * phone's width and a desktop's. The server copy is checked at the end.
 */
for (const width of [390, 1280]) {
  test.describe(`keyboard only, ${width} px wide`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a claimant completes the vehicle finance claim after meeting every page’s errors', async ({
      page,
    }) => {
      const uid = await sessionUid(page);
      await page.goto('/form/start/');
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Your details');

      await continueExpectingErrors(page);
      // The blocker of old: typing after an error must stay in the field.
      await page.keyboard.type('Sam');
      expect((await focused(page)).name).toBe('First name');
      await expect(page.getByLabel('First name')).toHaveValue('Sam');
      await typeInto(page, 'Last name', 'Jones');
      await typeInto(page, 'Email address', 'sam.jones@example.com');
      await typeInto(page, 'UK mobile number', '07700 900982');
      await pressButton(page, 'Continue');
      await expectHeadingFocused(page, 'Your address');
      await expect(page).toHaveTitle(/^Your address/);

      await continueExpectingErrors(page);
      await typeInto(page, 'Postcode', 'sw1a 2aa');
      await typeInto(page, 'Address line 1', '10 Downing Street');
      await typeInto(page, 'Town or city', 'London');
      await chooseRadio(page, 'How long have you lived at this address?', '3 years or more');
      await pressButton(page, 'Continue');
      await expectHeadingFocused(page, 'Your vehicle');

      await continueExpectingErrors(page);
      await typeInto(page, 'Vehicle registration number', 'AB12 CDE');
      await typeInto(page, 'Make', 'Ford');
      await typeInto(page, 'Model', 'Focus');
      await chooseRadio(
        page,
        'How did you pay for the vehicle?',
        'Personal contract purchase (PCP)',
      );
      await typeInto(page, 'Lender name', 'Example Motor Finance');
      await typeDate(page, 'Agreement start date', '15', '3', '2019');
      await typeDate(page, 'Agreement end date', '15', '3', '2023');
      await pressButton(page, 'Continue');
      await expectHeadingFocused(page, 'Check your answers and sign');

      await continueExpectingErrors(page, 'Accept and send claim');
      await tick(page, 'I confirm the information I have given is true');
      await chooseRadio(page, 'Your signature', 'Type your name');
      await typeInto(page, 'Your full name', 'Sam Jones');
      await pressButton(page, 'Accept and send claim');

      await expectHeadingFocused(page, 'Claim submitted');
      await expect(page).toHaveTitle(/^Claim submitted/);
      await expect(page).toHaveURL(/\/claims\/vehicle-claim\//);

      await expect
        .poll(async () => (await claimsOf(uid))[0]?.status, { timeout: 15_000 })
        .toBe('submitted');
      const [claim] = await claimsOf(uid);
      expect(claim?.answers.start.firstName).toBe('Sam');
      // Typed day first (15 3 2019): stored as 15 March 2019, never 3 December.
      expect(claim?.answers.check.agreementStartDate).toBe('2019-03-15');
      expect(claim?.answers.check.agreementEndDate).toBe('2023-03-15');
    });

    test('a claimant completes the diesel emissions claim after meeting every page’s errors', async ({
      page,
    }) => {
      const uid = await sessionUid(page);
      await page.goto(`/form/diesel-emissions/contact/${uid}`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Your details');

      await continueExpectingErrors(page);
      await page.keyboard.type('Alex');
      await expect(page.getByLabel('First name')).toHaveValue('Alex');
      await typeInto(page, 'Last name', 'Morgan');
      await typeInto(page, 'Email address', 'alex.morgan@example.com');
      await typeInto(page, 'UK mobile number', '07700900456');
      await pressButton(page, 'Continue');
      await expectHeadingFocused(page, 'Your diesel vehicle');

      await continueExpectingErrors(page);
      await typeInto(page, 'Vehicle registration number', 'KX15 ABC');
      await chooseRadio(page, 'Make', 'Volkswagen');
      await typeInto(page, 'Model', 'Golf 2.0 TDI');
      await typeInto(page, 'Year of manufacture', '2015');
      await pressButton(page, 'Continue');
      await expectHeadingFocused(page, 'When you had the vehicle');

      await continueExpectingErrors(page);
      await chooseRadio(page, 'How did you get the vehicle?', 'Bought it used');
      await typeDate(page, 'Date you got the vehicle', '12', '9', '2016');
      await chooseRadio(page, 'Do you still have the vehicle?', 'Yes');
      await pressButton(page, 'Continue');
      await expectHeadingFocused(page, 'Check your answers and sign');

      await continueExpectingErrors(page, 'Accept and send claim');
      await tick(page, 'I confirm the information I have given is true');
      await chooseRadio(page, 'Your signature', 'Type your name');
      await typeInto(page, 'Your full name', 'Alex Morgan');
      await pressButton(page, 'Accept and send claim');
      await expectHeadingFocused(page, 'Claim submitted');

      await expect
        .poll(
          async () => (await claimsOf(uid)).find((c) => c.funnelId === 'diesel-emissions')?.status,
          {
            timeout: 15_000,
          },
        )
        .toBe('submitted');
      const claim = (await claimsOf(uid)).find((c) => c.funnelId === 'diesel-emissions');
      expect(claim?.answers.ownership.acquiredDate).toBe('2016-09-12');
    });
  });
}

test.describe('GOV.UK date input', () => {
  test('a missing month or an impossible date gets its message, and nothing is saved', async ({
    page,
  }) => {
    const uid = await sessionUid(page);
    await page.goto(`/form/diesel-emissions/ownership/${uid}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('When you had the vehicle');
    await chooseRadio(page, 'How did you get the vehicle?', 'Bought it new');
    await chooseRadio(page, 'Do you still have the vehicle?', 'No');
    await typeDate(page, 'Date you got the vehicle', '12', '', '2016');
    await pressButton(page, 'Continue');
    await expect(page.locator('.error-summary')).toContainText('must include a month');

    const group = page.getByRole('group', { name: 'Date you got the vehicle' });
    await group.getByLabel('Month').focus();
    await page.keyboard.type('2');
    await group.getByLabel('Day').focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('30');
    await pressButton(page, 'Continue');
    await expect(page.locator('.error-summary')).toContainText('must be a real date');
    expect((await claimsOf(uid)).length).toBe(0);
  });
});
