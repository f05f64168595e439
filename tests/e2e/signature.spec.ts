import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { answerUpToSign, claimant, expectPage, sendButton } from './support/claimant';
import { claimsOf } from './support/emulators';

const REFERENCE = /^VC-[A-Z0-9]{4}-[A-Z0-9]{4}$/;

async function tickDeclaration(page: Page) {
  await page
    .getByRole('checkbox', { name: /I confirm the information I have given is true/ })
    .check();
}

/** Drags the mouse across the signature box in a few strokes, as a claimant signs. */
async function drawSignature(page: Page) {
  const canvas = page.getByTestId('signature-canvas');
  await expect(canvas).toBeVisible();
  // The error summary takes focus (and the page scrolls to it) after a refused send.
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  const at = (x: number, y: number) => [box.x + box.width * x, box.y + box.height * y] as const;
  for (const stroke of [
    [at(0.1, 0.6), at(0.2, 0.3), at(0.3, 0.7), at(0.4, 0.35)],
    [at(0.45, 0.6), at(0.55, 0.4), at(0.7, 0.65), at(0.85, 0.4)],
  ]) {
    await page.mouse.move(...stroke[0]!);
    await page.mouse.down();
    for (const point of stroke.slice(1)) await page.mouse.move(...point, { steps: 8 });
    await page.mouse.up();
  }
}

/** Downloads the signed letter from the confirmation and returns its bytes. */
async function downloadLetter(page: Page): Promise<Buffer> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download your signed letter of authority (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^letter-of-authority-VC-[A-Z0-9-]+\.pdf$/);
  return readFile((await download.path())!);
}

test.describe('signing a claim', () => {
  test('a claimant reads the letter of authority, signs by drawing and downloads the signed PDF', async ({
    page,
  }) => {
    const uid = await answerUpToSign(page);
    const letter = page.getByTestId('letter');
    await expect(letter.getByRole('heading', { name: 'Letter of authority' })).toBeVisible();
    await expect(letter).toContainText('Version 2026-11-01');
    await expect(letter).toContainText('I authorise you to');

    await tickDeclaration(page);
    // Nothing chosen yet: sending shows the GOV.UK error beside the field and in the summary.
    await sendButton(page).click();
    await expect(page.getByRole('alert').first()).toContainText(
      'Select how you want to sign: draw your signature or type your name',
    );
    await expect(page.locator('[data-field="root_signature"] .field__error')).toContainText(
      'Select how you want to sign',
    );
    // The summary's link takes the keyboard to the first choice, as GOV.UK's radios do.
    await page
      .getByRole('alert')
      .first()
      .getByRole('link', { name: /Select how you want to sign/ })
      .click();
    await expect(page.getByRole('radio', { name: 'Draw your signature' })).toBeFocused();

    await page.getByRole('radio', { name: 'Draw your signature' }).check();
    await sendButton(page).click();
    await expect(page.locator('.field__error').first()).toContainText(
      'Draw your signature in the box',
    );
    await drawSignature(page);
    // Clear works, and drawing again signs.
    await page.getByRole('button', { name: 'Clear signature' }).click();
    await drawSignature(page);
    await sendButton(page).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Claim submitted' })).toBeVisible();
    const reference = (await page.getByTestId('claim-reference').textContent())?.trim() ?? '';
    expect(reference).toMatch(REFERENCE);

    const [claim] = await claimsOf(uid);
    expect(claim?.signature).toMatchObject({
      method: 'drawn',
      image: expect.stringMatching(/^data:image\/png;base64,iVBORw0KGgo/),
      letterOfAuthority: { version: '2026-11-01', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
      userAgent: expect.stringContaining('Chrome'),
    });

    const pdf = await downloadLetter(page);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // A submitted claim cannot be edited: its form pages show the confirmation instead.
    await page.goto(`/form/start/${uid}`);
    await expect(page.getByTestId('confirmation')).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveCount(0);
  });

  test('a claimant who cannot draw signs by typing their name (WCAG 2.2 SC 2.5.7)', async ({
    page,
  }) => {
    const uid = await answerUpToSign(page);
    await tickDeclaration(page);
    // Keyboard only: the radios and the name field need no pointer.
    await page.getByRole('radio', { name: 'Type your name' }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByRole('radio', { name: 'Type your name' })).toBeChecked();
    // The name given on the first page is offered, to check or change.
    await expect(page.getByLabel('Your full name')).toHaveValue(
      `${claimant.start.firstName} ${claimant.start.lastName}`,
    );
    await page.getByLabel('Your full name').fill('J');
    await sendButton(page).click();
    await expect(page.locator('.field__error').first()).toContainText(
      'Full name must be 2 characters or more',
    );
    await page.getByLabel('Your full name').fill(claimant.signature);
    await sendButton(page).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Claim submitted' })).toBeVisible();
    const [claim] = await claimsOf(uid);
    expect(claim?.signature).toMatchObject({ method: 'typed', name: claimant.signature });

    const pdf = await downloadLetter(page);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await page.goto(`/form/sign/${uid}`);
    await expectPage(page, 'sign').catch(() => undefined);
    await expect(page.getByTestId('confirmation')).toBeVisible();
  });
});

test.describe('the sign page in the funnel’s words', () => {
  for (const width of [390, 1280]) {
    test(`the vehicle claim’s declaration and messages say "claim" as they always did (${width} px)`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      await answerUpToSign(page);
      // The shared schema says {claimNoun}; this funnel names no noun, so it reads "claim".
      const declaration = page.getByRole('checkbox', {
        name: 'I confirm the information I have given is true and I agree to my claim being made',
        exact: true,
      });
      await expect(declaration).toBeVisible();
      await page.getByRole('radio', { name: 'Type your name' }).check();
      await page.getByLabel('Your full name').fill('   ');
      await sendButton(page).click();
      const summary = page.getByRole('alert').first();
      await expect(summary).toContainText('Enter your full name to sign your claim');
      await expect(summary).not.toContainText('{claimNoun}');
      await page.screenshot({
        path: testInfo.outputPath(`vehicle-claim-sign-${width}.png`),
        fullPage: true,
      });
      await expect(page.locator('body')).not.toContainText('{claimNoun}');
    });
  }
});
