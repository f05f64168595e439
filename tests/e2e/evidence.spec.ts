import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoViolations } from './support/axe';
import {
  continueButton,
  expectPage,
  fillAddress,
  fillCheck,
  fillSign,
  fillStart,
  sendButton,
  uidFromUrl,
} from './support/claimant';
import { emailedAppLink, typeLinkAddress, uniqueContact } from './support/accounts';
import { claimsOf } from './support/emulators';

/**
 * Evidence files on the built-in claim's vehicle page ("Your finance agreement", which takes
 * PDF, JPG, PNG or HEIC files up to 10MB): each chosen file is uploaded in chunks to the
 * Storage emulator through its upload session, checked by the gateway by its first bytes, and
 * listed with its size once it is on the answer; what cannot be is refused in GOV.UK's words.
 * A file is never lost to a dropped connection or a reload, and the claimant downloads their
 * own files from the sent claim.
 */

const QUESTION = 'Your finance agreement (optional)';
const KINDS = 'PDF, JPG, PNG or HEIC';

/** A file of `size` bytes starting with `head` (its kind is read from its first bytes). */
function fileOf(name: string, head: number[] | string, size: number, mimeType = '') {
  const start = typeof head === 'string' ? Buffer.from(head, 'latin1') : Buffer.from(head);
  const buffer = Buffer.alloc(Math.max(size, start.length), 0x20);
  start.copy(buffer);
  return { name, mimeType, buffer };
}

const PDF_HEAD = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00];
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d];

const pdf = (name = 'agreement.pdf', size = 40_000) =>
  fileOf(name, PDF_HEAD, size, 'application/pdf');
const jpeg = (name = 'page-2.jpg') => fileOf(name, JPEG_HEAD, 120_000, 'image/jpeg');

function question(page: Page): Locator {
  return page.locator('[data-field="root_agreementDocuments"]');
}

function fileInput(page: Page): Locator {
  return page.getByLabel(QUESTION);
}

/** The row of the question's list that names `name`. */
function row(page: Page, name: string): Locator {
  return question(page).getByRole('listitem').filter({ hasText: name });
}

async function toVehiclePage(page: Page): Promise<void> {
  await page.goto('/form/start/');
  await fillStart(page);
  await continueButton(page).click();
  await fillAddress(page);
  await continueButton(page).click();
  await expectPage(page, 'check');
}

async function expectUploaded(page: Page, name: string, size: string): Promise<void> {
  await expect(row(page, name)).toContainText('Uploaded', { timeout: 30_000 });
  await expect(row(page, name)).toContainText(size);
}

/**
 * Holds each chunk sent to the Storage emulator for `ms` before it goes, so a test can act
 * while an upload is under way (the emulator on this machine takes a file in a blink).
 */
async function slowUploads(page: Page, ms: number): Promise<void> {
  await page.route('http://127.0.0.1:9199/**', async (route) => {
    if (route.request().method() === 'PUT') await new Promise((done) => setTimeout(done, ms));
    await route.continue().catch(() => undefined);
  });
}

test.describe('evidence files', () => {
  test('a PDF, a JPEG and a PNG named .pdf are uploaded, listed and kept on the answer', async ({
    page,
  }) => {
    await toVehiclePage(page);
    const input = fileInput(page);
    await expect(input).toHaveAttribute('type', 'file');
    await expect(input).toHaveAttribute('multiple', '');
    await expect(input).toHaveAttribute('accept', /\.pdf.*\.jpg.*\.png/);
    await input.setInputFiles([pdf(), jpeg()]);
    await expectUploaded(page, 'agreement.pdf', '40 KB');
    await expectUploaded(page, 'page-2.jpg', '120 KB');
    // The live region says so, once per file.
    await expect(question(page).getByRole('status')).toHaveText(/uploaded$/);
    // A PNG named .pdf passes the browser (by its name) and the gateway (a PNG is accepted).
    await input.setInputFiles([fileOf('scan.pdf', PNG_HEAD, 30_000, 'application/pdf')]);
    await expectUploaded(page, 'scan.pdf', '30 KB');
    await expect(question(page).getByRole('status')).toHaveText('scan.pdf uploaded');

    // Removed: gone from the list and the answer, focus back on the question.
    await row(page, 'page-2.jpg').getByRole('button', { name: 'Remove page-2.jpg' }).click();
    await expect(row(page, 'page-2.jpg')).toHaveCount(0);
    await expect(question(page).getByRole('status')).toHaveText('page-2.jpg removed');
    await expect(input).toBeFocused();

    // Kept across a reload (the answer is kept in this browser as typed).
    await page.waitForTimeout(500);
    await page.reload();
    await expectUploaded(page, 'agreement.pdf', '40 KB');
    await expect(row(page, 'page-2.jpg')).toHaveCount(0);

    await fillCheck(page);
    await continueButton(page).click();
    await expectPage(page, 'sign');
    await expect(page.getByText(/agreement\.pdf \(40 KB\)/)).toBeVisible();
    await expect(page.getByText(/scan\.pdf \(30 KB\)/)).toBeVisible();
    await fillSign(page);
    await sendButton(page).click();
    await expect(page.getByRole('heading', { name: 'Claim submitted' })).toBeVisible({
      timeout: 30_000,
    });
    // The claimant downloads their own file from the sent claim (a link to the gateway).
    const files = page.getByTestId('claim-files');
    await expect(files).toContainText('agreement.pdf');
    const download = page.waitForEvent('download');
    await files.getByRole('button', { name: 'Download agreement.pdf' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toContain('agreement');
  });

  test('what cannot be a file of the question is refused in GOV.UK’s words', async ({ page }) => {
    await toVehiclePage(page);
    const input = fileInput(page);
    const summary = page.locator('.error-summary');

    // Refused in the browser, before anything is sent.
    await input.setInputFiles([fileOf('empty.pdf', '', 0, 'application/pdf')]);
    await expect(question(page).locator('.field__error')).toContainText(
      'The selected file is empty',
    );
    await expect(summary).toContainText('The selected file is empty');
    await input.setInputFiles([pdf('huge.pdf', 10_000_001)]);
    await expect(summary).toContainText('The selected file must be smaller than 10MB');
    await input.setInputFiles([fileOf('notes.txt', 'hello', 5, 'text/plain')]);
    await expect(summary).toContainText(`The selected file must be a ${KINDS}`);
    await expect(question(page).getByRole('listitem')).toHaveCount(0);

    // An HTML page named .jpg passes the browser, and is refused by the gateway by its bytes.
    await input.setInputFiles([fileOf('photo.jpg', '<!doctype html><p>hi', 2_000, 'image/jpeg')]);
    await expect(summary).toContainText(`The selected file must be a ${KINDS}`, {
      timeout: 30_000,
    });
    await expect(question(page).locator('.field__error')).toContainText(
      `The selected file must be a ${KINDS}`,
    );
    // In the claimant's words alone: nothing of what the gateway tells a developer.
    await expect(question(page).locator('.field__error')).not.toContainText('data.');
    await expect(row(page, 'photo.jpg')).toHaveCount(0);
    // The summary's link takes the keyboard to the file input.
    await summary.getByRole('link').click();
    await expect(input).toBeFocused();

    // A good file clears the refusal.
    await input.setInputFiles([pdf()]);
    await expectUploaded(page, 'agreement.pdf', '40 KB');
    await expect(summary).toHaveCount(0);
  });

  test('offline mid-upload: it waits, Continue says so, and it finishes once back online', async ({
    page,
    context,
  }) => {
    await toVehiclePage(page);
    await fillCheck(page);
    await slowUploads(page, 1_500);
    // Three chunks of 1 MiB and a little.
    await fileInput(page).setInputFiles([pdf('statement.pdf', 3 * 1024 * 1024 + 5_000)]);
    await expect(row(page, 'statement.pdf')).toContainText('Uploading');
    await expect(
      row(page, 'statement.pdf').getByRole('progressbar', { name: 'Uploading statement.pdf' }),
    ).toBeVisible();
    await context.setOffline(true);
    await page.evaluate(() => window.dispatchEvent(new Event('offline')));
    await expect(row(page, 'statement.pdf')).toContainText('Waiting to upload: you are offline', {
      timeout: 30_000,
    });
    await continueButton(page).click();
    const still = 'statement.pdf is still uploading. Wait for it to finish, or remove it.';
    await expect(page.locator('.error-summary')).toContainText(still);
    await expect(question(page).locator('.field__error')).toContainText(still);
    await expectPage(page, 'check');

    await page.unroute('http://127.0.0.1:9199/**');
    await context.setOffline(false);
    await expectUploaded(page, 'statement.pdf', '3.2 MB');
    await continueButton(page).click();
    await expectPage(page, 'sign');
  });

  test('a files page first reached offline says so, then draws the question once back online', async ({
    page,
    context,
  }) => {
    await page.goto('/form/start/');
    await fillStart(page);
    await continueButton(page).click();
    await fillAddress(page);
    // The upload field's code has not been fetched yet: the first page that asks for files
    // fetches it, and this one is reached with the connection down.
    await context.setOffline(true);
    await page.evaluate(() => window.dispatchEvent(new Event('offline')));
    await continueButton(page).click();
    await expectPage(page, 'check');
    await expect(question(page)).toContainText(
      'You are offline. This part of the page will show when you are back online.',
    );
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await fileInput(page).setInputFiles([pdf()]);
    await expectUploaded(page, 'agreement.pdf', '40 KB');
  });

  test('by keyboard alone: a file is chosen, uploaded, removed, chosen again and sent on', async ({
    page,
  }) => {
    await toVehiclePage(page);
    await fillCheck(page);
    const focusedId = () => page.evaluate(() => document.activeElement?.id ?? '');
    await page.getByLabel('Vehicle registration number').focus();
    for (let tabs = 0; tabs < 40 && (await focusedId()) !== 'root_agreementDocuments'; tabs++) {
      await page.keyboard.press('Tab');
    }
    await expect(fileInput(page)).toBeFocused();
    const status = question(page).getByRole('status');

    let chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Space');
    await (await chooser).setFiles([pdf()]);
    await expectUploaded(page, 'agreement.pdf', '40 KB');
    await expect(status).toHaveText('agreement.pdf uploaded');

    await page.keyboard.press('Tab');
    const remove = question(page).getByRole('button', { name: 'Remove agreement.pdf' });
    await expect(remove).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(row(page, 'agreement.pdf')).toHaveCount(0);
    await expect(status).toHaveText('agreement.pdf removed');
    // Focus goes back to the question, where the next file is chosen.
    await expect(fileInput(page)).toBeFocused();

    chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Enter');
    await (await chooser).setFiles([jpeg()]);
    await expectUploaded(page, 'page-2.jpg', '120 KB');
    for (let tabs = 0; tabs < 10; tabs++) {
      await page.keyboard.press('Tab');
      if (await continueButton(page).evaluate((button) => button === document.activeElement)) break;
    }
    await expect(continueButton(page)).toBeFocused();
    await page.keyboard.press('Enter');
    await expectPage(page, 'sign');
  });

  test('a reload mid-upload resumes the file from where its session got to', async ({ page }) => {
    await toVehiclePage(page);
    const sessions: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().startsWith('http://127.0.0.1:9199/')) {
        sessions.push(`${request.headers()['content-range']} ${new URL(request.url()).search}`);
      }
    });
    await slowUploads(page, 1_000);
    await fileInput(page).setInputFiles([pdf('statement.pdf', 3 * 1024 * 1024 + 5_000)]);
    // The first chunk is held by the session (308), then the page goes.
    await page.waitForResponse(
      (response) =>
        response.url().startsWith('http://127.0.0.1:9199/') && response.status() === 308,
    );
    await page.reload();
    await page.unroute('http://127.0.0.1:9199/**');
    await expectUploaded(page, 'statement.pdf', '3.2 MB');
    // After the reload: a status query to the same session, then the rest from there.
    const query = sessions.findIndex((line) => line.startsWith('bytes */'));
    expect(query, sessions.join('\n')).toBeGreaterThan(0);
    expect(sessions[query]!.split(' ').at(-1)).toBe(sessions[0]!.split(' ').at(-1));
    expect(sessions.slice(query + 1).some((line) => line.startsWith('bytes 0-'))).toBe(false);
  });

  test('two tabs open on the question upload a waiting file once', async ({ page, context }) => {
    await toVehiclePage(page);
    const sessions = new Set<string>();
    context.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().startsWith('http://127.0.0.1:9199/')) {
        sessions.add(new URL(request.url()).search);
      }
    });
    await slowUploads(page, 800);
    await fileInput(page).setInputFiles([pdf('statement.pdf', 3 * 1024 * 1024 + 5_000)]);
    await expect(row(page, 'statement.pdf')).toContainText('Uploading');
    // The same question in a second tab of the same browser, while the first is sending.
    const other = await context.newPage();
    await other.goto(page.url());
    await expectPage(other, 'check');
    await expect(question(other).locator('.evidence__input')).toBeVisible();
    await expectUploaded(page, 'statement.pdf', '3.2 MB');
    await expect(row(other, 'statement.pdf')).toHaveCount(0);
    expect([...sessions]).toHaveLength(1);
    await other.close();
  });

  test('a saved claim’s files are there on another device', async ({ page, browser }) => {
    const contact = uniqueContact();
    await page.goto('/form/start/');
    await fillStart(page, contact);
    await continueButton(page).click();
    await fillAddress(page);
    await continueButton(page).click();
    await expectPage(page, 'check');
    await fileInput(page).setInputFiles([pdf('signed-agreement.pdf')]);
    await expectUploaded(page, 'signed-agreement.pdf', '40 KB');
    await fillCheck(page);
    await continueButton(page).click();
    await expectPage(page, 'sign');
    // Saved with the page: the claim as the gateway holds it names the file.
    const uid = uidFromUrl(page);
    await expect
      .poll(async () => JSON.stringify((await claimsOf(uid))[0]?.answers?.check ?? {}))
      .toContain('signed-agreement.pdf');
    await page.getByRole('link', { name: 'Save and come back later' }).click();
    await page.getByRole('button', { name: 'Email me a link' }).click();
    const link = await emailedAppLink(contact.email, 'save-and-return-link');

    const other = await browser.newContext();
    try {
      const device = await other.newPage();
      await device.goto(link);
      await typeLinkAddress(device, contact.email);
      await expectPage(device, 'sign');
      await device.getByRole('link', { name: 'Back', exact: true }).click();
      await expectPage(device, 'check');
      await expectUploaded(device, 'signed-agreement.pdf', '40 KB');
    } finally {
      await other.close();
    }
  });

  for (const width of [390, 1280]) {
    test(`the file question has no axe violation at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await toVehiclePage(page);
      await expectNoViolations(page, `the vehicle page at ${width} px`);
      await fileInput(page).setInputFiles([pdf(), jpeg()]);
      await expectUploaded(page, 'page-2.jpg', '120 KB');
      await fileInput(page).setInputFiles([fileOf('empty.pdf', '', 0)]);
      await expect(page.locator('.error-summary')).toBeVisible();
      await expectNoViolations(page, `the vehicle page with files and an error at ${width} px`);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
