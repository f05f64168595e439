/**
 * A funnel of another trade, written from docs/product-owner.md alone: a tenant disputes what their
 * landlord wants to keep of their deposit (tests/e2e/authoring/deposit-dispute). Its own field
 * names, its roles (the tenant's name and email, the property's postcode as its subject), a
 * branch (the scheme page only for a tenant who knows their scheme), dates, amounts of money,
 * tick boxes labelled by `ui:enumNames` and by `oneOf` titles, an optional page, a declaration
 * of truth (the tenant authorises nobody: no letter of authority), its own promise of what
 * happens next, "dispute" for "claim", and stages of its own. Tenants send it on both branches at
 * 1280 and 390 px (axe on every page); staff find it, move it through its own stages only and
 * export every answer. Runs against a dev stack reading a copy of funnels/ and schemas/ (npm
 * run test:authoring), so the project's files are never touched.
 */
import { execFile } from 'node:child_process';
import { crc32, deflateSync } from 'node:zlib';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from '../support/axe';
import { continueButton, fillDate } from '../support/claimant';
import { claimsOf, firestore } from '../support/emulators';
import { addFunnelToRegistry, checkRegistry, registryDir } from '../support/registry';
import { pdfLines } from '../../support/pdfText';
import { signIn, staffAccount } from '../support/staff';

const FUNNEL = 'deposit-dispute';
const projectRoot = path.resolve(import.meta.dirname, '../../..');
const TITLE = 'Dispute a tenancy deposit deduction';
const fixture = path.join(import.meta.dirname, 'deposit-dispute');
const WHY =
  'The flat was professionally cleaned before I left, and the marks were there at check-in.';
const EVIDENCE_NOTES = 'The check-in inventory lists the marks on the bedroom wall.';

/**
 * A real photo (a PNG of 64 by 48 pixels, grey), so staff can preview it: its bytes are
 * checked by the gateway and drawn by the browser.
 */
function realPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.alloc((width + 1) * height, 0x99);
  for (let y = 0; y < height; y += 1) rows[y * (width + 1)] = 0; // no filter
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const PHOTO = realPng(64, 48);
const PHOTO_NAME = 'bedroom-wall.png';
const PHOTO_SIZE = `${Math.max(1, Math.round(PHOTO.length / 1000))} KB`;

/** One tenant's dispute: who sends it, on which branch, and what it became. */
interface Dispute {
  knowsScheme: boolean;
  width: number;
  name: string;
  email: string;
  street: string;
  postcode: string;
  reference?: string;
  claimId?: string;
}

const disputes: Dispute[] = [
  [1280, true, 'LS6 2AB'],
  [1280, false, 'BS1 4DJ'],
  [390, true, 'M1 1AE'],
  [390, false, 'EH1 1YZ'],
].map(([width, knowsScheme, postcode]) => {
  const tag = randomUUID().slice(0, 6);
  return {
    width: width as number,
    knowsScheme: knowsScheme as boolean,
    name: `Priya Shah${tag}`,
    email: `e2e-deposit-${tag}@example.com`,
    street: `Flat ${tag}, 14 Elm Road`,
    postcode: postcode as string,
  };
});

/**
 * Each question as the check page and the CSV show it once the tenant has answered: the
 * label they saw, or blank where the branch or the optional page left it unanswered.
 */
function shownAnswers(dispute: Dispute): Record<string, string> {
  const ifScheme = (text: string) => (dispute.knowsScheme ? text : '');
  return {
    'Your full name': dispute.name,
    'Your email address': dispute.email,
    'Building and street': dispute.street,
    'Town or city': 'Leeds',
    Postcode: dispute.postcode,
    "Your landlord's or letting agent's name": 'Northside Lettings',
    'When did your tenancy start?': '1 September 2023',
    'When did you move out?': '28 February 2025',
    'How much deposit did you pay, in pounds?': '£1,400.00',
    'How much of it do you want back, in pounds?': '£1,150.50',
    'Do you know which scheme protects your deposit?': ifScheme('Yes') || 'No, or I am not sure',
    'Which scheme protects your deposit?': ifScheme('Tenancy Deposit Scheme (TDS)'),
    'Deposit certificate or protection number (optional)': ifScheme('TDS-123456'),
    'What does your landlord say the money is for?': 'Cleaning, Damage to furniture or fittings',
    'When did your landlord tell you what they would keep?': '14 March 2025',
    'Why do you disagree?': WHY,
    'What evidence do you have? (optional)': ifScheme('A check-in inventory, Photos or videos'),
    'Photos of the property (optional)': ifScheme(`${PHOTO_NAME} (${PHOTO_SIZE})`),
    'Anything else we should know about your evidence (optional)': ifScheme(EVIDENCE_NOTES),
  };
}

/** The values stored for each choice, which the CSV gives beside its labels. */
function choiceCodes(dispute: Dispute): Record<string, string> {
  return {
    'Do you know which scheme protects your deposit?': dispute.knowsScheme ? 'yes' : 'no',
    'Which scheme protects your deposit?': dispute.knowsScheme ? 'tds' : '',
    'What does your landlord say the money is for?': 'cleaning, damage',
    'What evidence do you have? (optional)': dispute.knowsScheme ? 'check-in, photos' : '',
  };
}

async function expectHeading(page: Page, text: string) {
  await expect(page.getByRole('heading', { level: 1 })).toContainText(text);
}

/** Checks the page with axe, then presses Continue. */
async function continueFrom(page: Page, label: string) {
  await expectNoViolations(page, `${label} at ${page.viewportSize()?.width} px`);
  await continueButton(page).click();
}

/** The tenant answers every page their branch shows, up to the check page. */
async function answerDispute(page: Page, dispute: Dispute) {
  await expect(async () => {
    await page.goto(`/form/${FUNNEL}/tenant/`);
    await expectHeading(page, 'About you');
  }).toPass({ timeout: 180_000 });
  await page.getByLabel('Your full name').fill(dispute.name);
  await page.getByLabel('Your email address').fill(dispute.email);
  await continueFrom(page, 'About you');

  await expectHeading(page, 'The property you rented');
  await page.getByLabel('Building and street').fill(dispute.street);
  await page.getByLabel('Town or city').fill('Leeds');
  await page.getByLabel('Postcode').fill(dispute.postcode.toLowerCase().replace(' ', ''));
  await page.getByLabel("Your landlord's or letting agent's name").fill('Northside Lettings');
  await fillDate(page, 'When did your tenancy start?', '2023-09-01');
  await fillDate(page, 'When did you move out?', '2025-02-28');
  await continueFrom(page, 'the property');

  await expectHeading(page, 'Your deposit');
  await page.getByLabel('How much deposit did you pay, in pounds?').fill('1,400');
  await page.getByLabel('How much of it do you want back, in pounds?').fill('£1,150.50');
  await page
    .getByRole('radio', { name: dispute.knowsScheme ? 'Yes' : 'No, or I am not sure' })
    .check();
  await continueFrom(page, 'the deposit');

  if (dispute.knowsScheme) {
    await expectHeading(page, 'Your deposit scheme');
    await page.getByRole('radio', { name: 'Tenancy Deposit Scheme (TDS)' }).check();
    await page.getByLabel('Deposit certificate or protection number (optional)').fill('TDS-123456');
    await continueFrom(page, 'the scheme');
  }

  await expectHeading(page, 'What your landlord wants to keep');
  await page.getByRole('checkbox', { name: 'Cleaning' }).check();
  await page.getByRole('checkbox', { name: 'Damage to furniture or fittings' }).check();
  await fillDate(page, 'When did your landlord tell you what they would keep?', '2025-03-14');
  await page.getByLabel('Why do you disagree?').fill(WHY);
  await continueFrom(page, 'the deductions');

  // The optional page: a tenant who does not know their scheme moves on with nothing ticked.
  await expectHeading(page, 'Your evidence');
  if (dispute.knowsScheme) {
    await page.getByRole('checkbox', { name: 'A check-in inventory' }).check();
    await page.getByRole('checkbox', { name: 'Photos or videos' }).check();
    await page
      .getByLabel('Anything else we should know about your evidence (optional)')
      .fill(EVIDENCE_NOTES);
    // A photo, uploaded as the tenant would choose it, listed once it is safely stored.
    await page
      .getByLabel('Photos of the property (optional)')
      .setInputFiles({ name: PHOTO_NAME, mimeType: 'image/png', buffer: PHOTO });
    await expect(
      page.getByRole('listitem').filter({ hasText: PHOTO_NAME }).filter({ hasText: 'Uploaded' }),
    ).toBeVisible({ timeout: 30_000 });
  }
  await continueFrom(page, 'the evidence');
}

/** The check page shows each answer the tenant gave by its label, and no other. */
async function expectCheckPage(page: Page, dispute: Dispute) {
  await expectHeading(page, 'Check your answers and send your dispute');
  const row = (question: string) =>
    page.locator('.summary-list__row').filter({ has: page.getByText(question, { exact: true }) });
  for (const [question, shown] of Object.entries(shownAnswers(dispute))) {
    if (shown) await expect(row(question), question).toContainText(shown);
    else await expect(row(question), question).toHaveCount(0);
  }
  if (!dispute.knowsScheme) {
    await expect(page.getByRole('main')).toContainText('Not answered');
  }
  // A declaration, not a letter of authority: the tenant authorises nobody.
  await expect(page.getByRole('main')).not.toContainText(/letter of authority|act for you/i);
  await expect(page.getByRole('main')).toContainText(
    'By signing, you make the declaration below about this dispute.',
  );
  await expect(
    page.getByTestId('letter').getByRole('heading', { name: 'Declaration' }),
  ).toBeVisible();
}

const PROMISE =
  'We will read your dispute and the evidence you have, and contact you within 5 working days.';

/**
 * The sent dispute's page keeps the funnel's promise and names the declaration: its signed
 * PDF is a declaration naming the property, and withdrawing ends no authority.
 */
async function expectDeclarationKept(page: Page, dispute: Dispute) {
  await expect(page.getByTestId('what-happens-next')).toContainText(PROMISE);
  const main = page.getByRole('main');
  await expect(main).not.toContainText(/letter of authority|act for you|acting for you/i);
  await expect(main.getByRole('heading', { name: 'Your signed declaration' })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    main.getByRole('button', { name: 'Download your signed declaration (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`declaration-${dispute.reference}.pdf`);
  const lines = await pdfLines(new Uint8Array(await readFile((await download.path())!)));
  expect(lines).toContain('Declaration');
  expect(lines.join('\n')).toContain(
    'I declare that what I have said in this dispute is true to the best of my knowledge.',
  );
  expect(lines).toContain(`Property postcode: ${dispute.postcode}`);
  expect(lines.join('\n')).not.toMatch(/letter of authority/i);
  await expect(main).toContainText('You can withdraw your dispute at any time.');
}

async function signAndSend(page: Page, dispute: Dispute) {
  await expect(
    page.getByRole('heading', { name: 'Sign and send your deposit dispute' }),
  ).toBeVisible();
  // The shared signature schema in the dispute's own word.
  await page
    .getByRole('checkbox', {
      name: 'I confirm the information I have given is true and I agree to my dispute being made',
    })
    .check();
  await page.getByRole('radio', { name: 'Type your name' }).check();
  await page.getByLabel('Your full name').fill(dispute.name);
  await expectNoViolations(page, `the check page at ${dispute.width} px`);
  await page.getByRole('button', { name: 'Send my dispute' }).click();
  await expectHeading(page, 'Deposit dispute sent');
  await expectNoViolations(page, `the confirmation at ${dispute.width} px`);
}

/** The tenant's uid, from the address of a page of theirs (/form/<funnelId>/<pageId>/<uid>). */
function uidOf(page: Page): string {
  const [, , , uid] = new URL(page.url()).pathname.split('/').filter(Boolean);
  if (!uid) throw new Error(`no uid in ${page.url()}`);
  return uid;
}

async function sentDisputeOf(uid: string) {
  await expect
    .poll(async () => (await claimsOf(uid)).find((c) => c.funnelId === FUNNEL)?.status, {
      timeout: 20_000,
    })
    .toBe('submitted');
  return (await claimsOf(uid)).find((c) => c.funnelId === FUNNEL)!;
}

/** The emails the gateway wrote for a claim (the `mail` documents Trigger Email sends). */
async function mailOf(claimId: string, event: string) {
  const mail = await firestore().collection('mail').where('claimId', '==', claimId).get();
  return mail.docs.map((doc) => doc.data()).filter((data) => data.event === event);
}

/** A CSV line's cells, unquoted. */
function cellsOf(line: string): string[] {
  return [...line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map(
    ([, quoted, bare]) => quoted?.replace(/""/g, '"') ?? bare ?? '',
  );
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  await addFunnelToRegistry(fixture, FUNNEL);
});

test('funnels:check passes the deposit dispute beside the project funnels', async () => {
  const printed = await checkRegistry();
  expect(printed).toContain(`renderers: ${FUNNEL}: slim form: tenant;`);
  expect(printed).toMatch(
    /funnels:check: \d+ funnels, \d+ schemas and \d+ example claims are valid/,
  );
});

for (const dispute of disputes) {
  const branch = dispute.knowsScheme ? 'who knows their scheme' : 'who does not know their scheme';
  test.describe(`at ${dispute.width} px`, () => {
    test.use({ viewport: { width: dispute.width, height: 900 } });

    test(`a tenant ${branch} sends a dispute, and is emailed about their property`, async ({
      page,
    }) => {
      await answerDispute(page, dispute);
      const uid = uidOf(page);
      await expectCheckPage(page, dispute);
      await signAndSend(page, dispute);

      const sent = await sentDisputeOf(uid);
      dispute.reference = String(sent.reference);
      expect(sent.answers.deposit).toEqual({
        depositPaid: '1400.00',
        amountDisputed: '1150.50',
        schemeKnown: dispute.knowsScheme ? 'yes' : 'no',
      });
      expect(sent.answers.deductions.deductions).toEqual(['cleaning', 'damage']);
      // The postcode as the schema keeps it, whatever was typed: the dispute's subject.
      expect(sent.answers.property.postcode).toBe(dispute.postcode);
      expect(sent.answers.scheme === undefined).toBe(!dispute.knowsScheme);
      expect(sent.contact).toEqual({
        name: dispute.name,
        email: dispute.email,
        phone: null,
        subject: dispute.postcode,
      });
      expect(sent.stage).toBe('received');
      const found = await firestore()
        .collection('claims')
        .where('reference', '==', dispute.reference)
        .get();
      dispute.claimId = found.docs[0]!.id;

      // The received email greets the tenant by name and names the property by its postcode.
      await expect
        .poll(async () => (await mailOf(dispute.claimId!, 'claim-received')).length)
        .toBe(1);
      const [received] = await mailOf(dispute.claimId, 'claim-received');
      expect(received!.to).toBe(dispute.email);
      expect(received!.message.subject).toBe(
        `We have your dispute: ${dispute.reference} (Property postcode ${dispute.postcode})`,
      );
      expect(received!.message.text).toContain(`Dear ${dispute.name},`);
      expect(received!.message.text).toContain(`(${TITLE})`);
      expect(received!.message.html).toContain(`Dear ${dispute.name},`);
      // What happens next is the dispute's own promise, never the platform's default.
      expect(received!.message.text).toContain(`What happens next: ${PROMISE}`);
      expect(`${received!.message.text}${received!.message.html}`).not.toContain('10 working days');
      await expectDeclarationKept(page, dispute);
    });
  });
}

test('staff find a dispute by name and postcode, and see its own stages and only its moves', async ({
  browser,
}) => {
  const [dispute] = disputes;
  const staffEmail = `staff-deposit-${Date.now()}@example.com`;
  const context = await browser.newContext();
  const staff = await context.newPage();
  await signIn(staff, staffEmail, await staffAccount(staffEmail), '/staff');

  const search = staff.getByLabel(/^Reference, name, email or/);
  for (const term of [
    dispute!.name.split(' ')[1]!,
    dispute!.postcode.replace(' ', '').toLowerCase(),
  ]) {
    await search.fill(term);
    await staff.getByRole('button', { name: 'Apply filters' }).click();
    const row = staff.getByRole('row').filter({ hasText: dispute!.reference! });
    await expect(row, term).toContainText(dispute!.name);
    await expect(row, term).toContainText(dispute!.postcode);
    await expect(row, term).toContainText('Dispute received');
  }

  // The stage filter lists the dispute's own stages under its title.
  await expect(staff.getByLabel('Stage').locator(`optgroup[label="${TITLE}"] option`)).toHaveText(
    [
      'Dispute received',
      'Evidence requested',
      'Sent to the deposit scheme',
      'Decided by the scheme',
      'Withdrawn by tenant',
    ].map((stage) => `${stage} (${TITLE})`),
  );

  await staff.getByRole('link', { name: dispute!.reference! }).click();
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(
    `Claim ${dispute!.reference}: ${dispute!.name}`,
  );
  const summary = (label: string) =>
    staff.locator('.summary-list__row').filter({ has: staff.getByText(label, { exact: true }) });
  await expect(summary('Property postcode')).toContainText(dispute!.postcode);
  await expect(summary('Stage')).toContainText('Dispute received');
  await expect(summary('How much of it do you want back, in pounds?')).toContainText('£1,150.50');
  // The tenant's photo: its kind and size, a preview drawn from it, and a download.
  const photo = summary('Photos of the property (optional)');
  await expect(photo).toContainText(`${PHOTO_NAME} PNG, ${PHOTO_SIZE}`);
  await photo.getByRole('button', { name: `Show preview ${PHOTO_NAME}` }).click();
  const preview = photo.getByRole('img', { name: `Preview of ${PHOTO_NAME}` });
  await expect
    .poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBe(64);
  const downloading = staff.waitForEvent('download');
  await photo.getByRole('button', { name: `Download ${PHOTO_NAME}` }).click();
  const downloaded = await downloading;
  expect(downloaded.suggestedFilename()).toBe(PHOTO_NAME);
  expect((await readFile((await downloaded.path())!)).equals(PHOTO)).toBe(true);
  await expectNoViolations(staff, 'a dispute on the staff claim page');

  // Its first stage's moves, and no other funnel's.
  const moves = staff.getByRole('group', { name: 'Move to' }).getByRole('radio');
  await expect(moves).toHaveCount(2);
  await expect(moves.nth(0)).toHaveAccessibleName('Evidence requested');
  await expect(moves.nth(1)).toHaveAccessibleName('Sent to the deposit scheme');
  await staff.getByRole('radio', { name: 'Evidence requested' }).check();
  await staff.getByLabel('Note for the history').fill('Asked for the check-in inventory');
  await staff.getByRole('button', { name: 'Move claim' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'Moved to' })).toHaveText(
    'Moved to "Evidence requested". The claimant has been emailed.',
  );
  await expect(summary('Stage')).toContainText('Evidence requested');
  await expect(moves).toHaveCount(1);
  await expect(moves.nth(0)).toHaveAccessibleName('Sent to the deposit scheme');
  await expect(staff.getByTestId('staff-history')).toContainText(
    'Dispute received → Evidence requested',
  );

  // The tenant is told in the funnel's own words, by name and about their property.
  await expect.poll(async () => (await mailOf(dispute!.claimId!, 'stage-changed')).length).toBe(1);
  const [moved] = await mailOf(dispute!.claimId!, 'stage-changed');
  expect(moved!.message.subject).toBe(
    `Your dispute ${dispute!.reference} (Property postcode ${dispute!.postcode}): We need your evidence`,
  );
  expect(moved!.message.text).toContain(`Dear ${dispute!.name},`);
  expect(moved!.message.text).toContain('We have emailed you to ask for copies of your evidence');
  await context.close();
});

test('the CSV export has every answer of every dispute, with labels and codes', async ({
  browser,
}) => {
  const staffEmail = `staff-deposit-csv-${Date.now()}@example.com`;
  const context = await browser.newContext();
  const staff = await context.newPage();
  await signIn(staff, staffEmail, await staffAccount(staffEmail), '/staff');
  await staff.getByLabel('Funnel').selectOption(FUNNEL);
  await staff.getByRole('button', { name: 'Apply filters' }).click();
  await expect(staff.getByRole('columnheader', { name: 'Property postcode' })).toBeVisible();

  const downloading = staff.waitForEvent('download');
  await staff.getByRole('button', { name: 'Download these claims (CSV)' }).click();
  const [header, ...lines] = (await readFile((await (await downloading).path())!, 'utf8'))
    .trim()
    .split('\r\n')
    .map(cellsOf);
  const column = (title: string) => {
    const index = header!.indexOf(title);
    expect(index, `a column "${title}" in ${header!.join(' | ')}`).toBeGreaterThanOrEqual(0);
    return index;
  };
  for (const dispute of disputes) {
    const line = lines.find((cells) => cells[0] === dispute.reference);
    expect(line, dispute.reference).toBeDefined();
    const cell = (title: string) => line![column(title)];
    expect(cell('Claimant')).toBe(dispute.name);
    expect(cell('Email')).toBe(dispute.email);
    expect(cell('Phone')).toBe('Not asked in this funnel');
    expect(cell('Property postcode')).toBe(dispute.postcode);
    for (const [question, shown] of Object.entries(shownAnswers(dispute))) {
      expect(cell(question), `${dispute.reference}: ${question}`).toBe(shown);
    }
    // A dispute with files links its staff page, where they are downloaded.
    expect(cell('Files (staff page)')).toBe(
      dispute.knowsScheme ? `${new URL(staff.url()).origin}/staff/claims/${dispute.claimId}` : '',
    );
    for (const [question, code] of Object.entries(choiceCodes(dispute))) {
      expect(cell(`${question} (code)`), `${dispute.reference}: ${question} (code)`).toBe(code);
    }
  }
  await context.close();
});

type Json = Record<string, unknown>;
const readJson = async (file: string) => JSON.parse(await readFile(file, 'utf8')) as Json;

/**
 * Runs one of the project's commands in `cwd`, as an owner runs it in their checkout: without
 * the stack's REGISTRY_DIR, which would point it at the running stack's files instead.
 */
async function runCommand(cwd: string, script: string, ...args: string[]) {
  const env = { ...process.env };
  delete env.REGISTRY_DIR;
  return promisify(execFile)(
    path.join(projectRoot, 'node_modules/.bin/tsx'),
    [path.join(projectRoot, 'scripts', script), ...args],
    { cwd, env },
  );
}

/** The texts `--to-translate` lists for one file, by key, with their English. */
function englishListed(printed: string, file: string): Map<string, string> {
  const listed = new Map<string, string>();
  let inFile = false;
  for (const line of printed.split('\n')) {
    const heading = /^ {2}(\S+): \d+ texts?$/.exec(line);
    if (heading) inFile = heading[1] === file;
    const text = /^ {4}(\/\S+): (".*")$/.exec(line);
    if (inFile && text) listed.set(text[1]!, JSON.parse(text[2]!) as string);
  }
  return listed;
}

/** Each text of a started language filled in, as a translator would, from the English beside it. */
function translatedAll(texts: Json, english: (key: string) => string): Json {
  return Object.fromEntries(Object.keys(texts).map((key) => [key, `Cymraeg: ${english(key)}`]));
}

test('a Welsh translation started by language:start is listed by the checks, offered by none, and the dispute still runs', async ({
  browser,
}) => {
  // The owner's checkout: the site's words, the project's funnels and schemas, and the dispute.
  const checkout = await mkdtemp(path.join(tmpdir(), 'deposit-cy-'));
  try {
    await cp(path.join(projectRoot, 'src/content'), path.join(checkout, 'src/content'), {
      recursive: true,
    });
    for (const folder of ['funnels', 'schemas']) {
      await cp(path.join(projectRoot, folder), path.join(checkout, folder), { recursive: true });
    }
    await cp(fixture, checkout, { recursive: true });

    const started = await runCommand(checkout, 'language-start.ts', 'cy');
    expect(started.stdout).toContain('wrote funnels/deposit-dispute.json');
    expect(started.stdout).toContain('wrote src/content/messages/staff.cy.json');

    // Every text of the dispute, its stages and its pages' schemas, beside an empty translation.
    const funnelFile = path.join(checkout, 'funnels/deposit-dispute.json');
    const funnel = await readJson(funnelFile);
    const cy = (funnel.translations as Record<string, Json>).cy!;
    expect(cy['/wording/claimNoun']).toBe('');
    expect(cy['/pages/deductions/uiSchema/deductions/ui:enumNames/0']).toBe('');
    const lifecycle = funnel.lifecycle as { translations: Record<string, Json> };
    expect(lifecycle.translations.cy!['/stages/evidence-requested/claimantLabel']).toBe('');
    const moneyFile = path.join(checkout, 'schemas/deposit-money.schema.json');
    const money = await readJson(moneyFile);
    const moneyCy = (money['x-translations'] as Record<string, Json>).cy!;
    expect(Object.values(moneyCy).length).toBeGreaterThan(0);
    expect(Object.values(moneyCy).every((text) => text === '')).toBe(true);

    // The checks pass and list what is left, by file and key, schemas included.
    const funnelsCheck = await runCommand(checkout, 'funnels-check.ts', '--to-translate');
    expect(funnelsCheck.stdout).toMatch(/cy: \d+ texts to translate, so cy is not offered yet/);
    expect(funnelsCheck.stdout).toMatch(/funnels\/deposit-dispute\.json: \d+ texts/);
    expect(funnelsCheck.stdout).toContain('/wording/claimNoun: "dispute"');
    expect(funnelsCheck.stdout).toContain('/stages/evidence-requested/claimantLabel');
    expect(funnelsCheck.stdout).toMatch(/schemas\/deposit-money\.schema\.json: \d+ texts/);
    expect(funnelsCheck.stdout).toContain('3 funnels');
    const siteCheck = await runCommand(checkout, 'site-check.ts');
    expect(siteCheck.stdout).toMatch(/cy: \d+ texts to translate, so cy is not offered yet/);

    // The translator fills in the dispute's own texts: they leave the list, the rest stays.
    const englishOfFunnel = englishListed(funnelsCheck.stdout, 'funnels/deposit-dispute.json');
    expect(englishOfFunnel.get('/wording/claimNoun')).toBe('dispute');
    const english = (key: string) => {
      const text = englishOfFunnel.get(key);
      expect(text, `the English of ${key}, as --to-translate lists it`).toBeDefined();
      return text!;
    };
    (funnel.translations as Record<string, Json>).cy = translatedAll(cy, english);
    lifecycle.translations.cy = translatedAll(lifecycle.translations.cy!, (key) =>
      english(`/lifecycle${key}`),
    );
    await writeFile(funnelFile, JSON.stringify(funnel, null, 2));
    const after = await runCommand(checkout, 'funnels-check.ts', '--to-translate');
    expect(after.stdout).not.toMatch(/funnels\/deposit-dispute\.json: \d+ texts/);
    expect(after.stdout).toMatch(/schemas\/deposit-money\.schema\.json: \d+ texts/);

    // On the running stack, the dispute with its Welsh started (and its funnel's texts done)
    // is served and saved as before, in English: a language in progress is offered nowhere.
    const live = registryDir();
    await cp(funnelFile, path.join(live, 'funnels/deposit-dispute.json'));
    await cp(moneyFile, path.join(live, 'schemas/deposit-money.schema.json'));
    const context = await browser.newContext();
    const page = await context.newPage();
    await expect(async () => {
      await page.goto(`/form/${FUNNEL}/tenant/`);
      await expectHeading(page, 'About you');
    }).toPass({ timeout: 180_000 });
    await expect(page.getByRole('navigation', { name: 'Language', exact: true })).toHaveCount(0);
    await page.getByLabel('Your full name').fill('Rhys Jones');
    await page
      .getByLabel('Your email address')
      .fill(`e2e-deposit-cy-${randomUUID().slice(0, 6)}@example.com`);
    await continueButton(page).click();
    await expectHeading(page, 'The property you rented');
    await context.close();
  } finally {
    await rm(checkout, { recursive: true, force: true });
    // The fixture as it was, for any test after this one.
    await cp(fixture, registryDir(), { recursive: true });
  }
});
