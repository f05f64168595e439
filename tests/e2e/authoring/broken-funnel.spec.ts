/**
 * A product owner's mistake breaks only their own funnel under `npm start` (npm run
 * test:authoring: the dev stack on a copy of funnels/ and schemas/). While one funnel file is
 * not JSON, a claimant mid-way through the vehicle funnel keeps saving to the server, the
 * broken funnel's pages and the gateway name the problem, and the terminal prints it once;
 * fixing the file brings the funnel back without a restart, and a restart with the file still
 * broken starts and serves the rest.
 */
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  continueButton,
  expectPage,
  fillAddress,
  fillStart,
  uidFromUrl,
} from '../support/claimant';
import { claimsOf, GATEWAY_URL, sessionUid, signUpAnonymously } from '../support/emulators';

const here = import.meta.dirname;
const projectRoot = path.resolve(here, '../../..');
const registryDir = process.env.REGISTRY_DIR;
const controlUrl = process.env.STACK_CONTROL_URL;
/** with-stack's log of every process, the lines `npm start` prints among them. */
const stackLog = path.join(projectRoot, 'test-results/stack.log');

// A funnel of the owner's own: the authoring fixture's pages and wording, under another id.
const FUNNEL = 'tow-away-appeal';
const funnelFile = () => path.join(registryDir!, 'funnels', `${FUNNEL}.json`);
const examplesFile = () => path.join(registryDir!, 'funnels/examples', `${FUNNEL}.json`);
const fixture = path.join(here, 'fixture');
let goodJson = '';
/** The owner's slip: a closing brace lost at the end of the file. */
const brokenJson = () => goodJson.trimEnd().slice(0, -1);
const CHECKER_LINE = new RegExp(
  `funnels/${FUNNEL}\\.json: \\(root\\): not valid JSON at line \\d+`,
);

/**
 * What the gateway answers a call about the funnel: 'served', or its error message (or why it
 * could not be asked: the emulators are slow to answer on a busy machine, and polls try again).
 */
async function gatewayOnFunnel(): Promise<string> {
  try {
    const { idToken } = await signUpAnonymously();
    const response = await fetch(GATEWAY_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
      body: JSON.stringify({ data: { functionName: 'getClaim', data: { funnelId: FUNNEL } } }),
    });
    if (response.ok) return 'served';
    const body = (await response.json().catch(() => ({}))) as { error?: { message?: string } };
    return body.error?.message ?? `HTTP ${response.status}`;
  } catch (error) {
    return `not answered: ${(error as Error).message}`;
  }
}

/** Polls the gateway until its answer about the funnel matches; resolves to that answer. */
async function gatewayAnswerMatching(expected: RegExp | string): Promise<string> {
  let answer = '';
  await expect
    .poll(async () => (answer = await gatewayOnFunnel()), { timeout: 90_000, intervals: [1_000] })
    .toMatch(expected);
  return answer;
}

/** How many times the stack has printed the checker's line of the broken file. */
async function timesPrinted(): Promise<number> {
  const log = await readFile(stackLog, 'utf8').catch(() => '');
  return log.split('\n').filter((line) => /\[gateway-build\] ✖ .*not valid JSON/.test(line)).length;
}

async function savedPages(uid: string): Promise<string[]> {
  const claim = (await claimsOf(uid)).find((c) => c.funnelId === 'vehicle-claim');
  return Object.keys(claim?.answers ?? {});
}

async function expectBrokenPageShowsTheLine(page: Page) {
  await expect(async () => {
    await page.goto(`/form/${FUNNEL}/ticket/`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      `Funnel “${FUNNEL}” has problems`,
      { timeout: 15_000 },
    );
  }).toPass({ timeout: 180_000 });
  await expect(page.getByRole('main')).toContainText(CHECKER_LINE);
}

/** Completes an appeal on the funnel, the keeper driving; resolves once the server has it. */
async function completeAppeal(page: Page) {
  const uid = await sessionUid(page);
  await expect(async () => {
    await page.goto(`/form/${FUNNEL}/ticket/${uid}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Your parking ticket', {
      timeout: 15_000,
    });
  }).toPass({ timeout: 180_000 });
  await page.getByLabel('Penalty charge notice number').fill('TW55512345');
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Check your answers');
  await page
    .getByRole('checkbox', { name: /I confirm the information I have given is true/ })
    .check();
  await page.getByRole('radio', { name: 'Type your name' }).check();
  await page.getByLabel('Your full name').fill('Robin Ashe');
  await page.getByRole('button', { name: 'Send appeal' }).click();
  await expect
    .poll(async () => (await claimsOf(uid)).find((c) => c.funnelId === FUNNEL)?.status, {
      timeout: 30_000,
    })
    .toBe('submitted');
  const claim = (await claimsOf(uid)).find((c) => c.funnelId === FUNNEL)!;
  expect(claim.answers.ticket).toEqual({ pcnNumber: 'TW55512345', wereYouDriving: 'yes' });
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  if (!registryDir || !controlUrl) {
    throw new Error('REGISTRY_DIR or STACK_CONTROL_URL is not set: run npm run test:authoring');
  }
  await cp(path.join(fixture, 'schemas'), path.join(registryDir, 'schemas'), { recursive: true });
  const written = JSON.parse(
    await readFile(path.join(fixture, 'funnels/parking-appeal.json'), 'utf8'),
  ) as Record<string, unknown>;
  goodJson = `${JSON.stringify({ ...written, funnelId: FUNNEL, title: 'Appeal a tow-away' }, null, 2)}\n`;
  await writeFile(funnelFile(), goodJson);
  await cp(path.join(fixture, 'funnels/examples/parking-appeal.json'), examplesFile());
  await gatewayAnswerMatching(/^served$/);
});

test.afterAll(async () => {
  // The other authoring tests share the copy (one runs funnels:check over it).
  if (registryDir) await Promise.all([rm(funnelFile()), rm(examplesFile())]);
});

test('a funnel file that is not JSON takes out that funnel only, and its fix brings it back', async ({
  page,
  browser,
}) => {
  // Two rebuilds of the gateway and a claim in each of two funnels, on a busy machine.
  test.setTimeout(420_000);
  // A claimant mid-way through the vehicle funnel: their first page is on the server.
  await page.goto('/form/start/');
  await fillStart(page);
  await continueButton(page).click();
  await expectPage(page, 'address');
  const uid = uidFromUrl(page);
  await expect.poll(() => savedPages(uid), { timeout: 30_000 }).toContain('start');
  const printedBefore = await timesPrinted();

  await writeFile(funnelFile(), brokenJson());

  // The gateway is rebuilt from the good funnels and refuses the broken one with its line.
  const refusal = await gatewayAnswerMatching(CHECKER_LINE);
  expect(refusal).toContain(`Funnel "${FUNNEL}" has problems`);

  // The claimant's next page reaches the server.
  await fillAddress(page);
  await continueButton(page).click();
  await expectPage(page, 'check');
  await expect.poll(() => savedPages(uid), { timeout: 60_000 }).toContain('address');

  // The broken funnel's page shows the checker's line; the terminal printed it once.
  const owner = await browser.newPage();
  await expectBrokenPageShowsTheLine(owner);
  await expect.poll(timesPrinted, { timeout: 30_000 }).toBe(printedBefore + 1);

  // Fixed: served again within seconds, no restart, and a claim goes through.
  await writeFile(funnelFile(), goodJson);
  await gatewayAnswerMatching(/^served$/);
  await completeAppeal(owner);
  expect(await timesPrinted()).toBe(printedBefore + 1);
  await owner.close();
});

test('the stack starts with the funnel still broken, and the vehicle funnel works', async ({
  page,
}) => {
  test.setTimeout(420_000);
  const printedBeforeBreaking = await timesPrinted();
  await writeFile(funnelFile(), brokenJson());
  // The running stack notices first and prints it; counted from then, so that line (which a
  // busy machine may print while the restart is under way) is not taken for the start's.
  await expect.poll(timesPrinted, { timeout: 60_000 }).toBe(printedBeforeBreaking + 1);
  const printedBefore = await timesPrinted();
  const restart = await fetch(`${controlUrl}/restart`, { method: 'POST' });
  expect(restart.status, await restart.text()).toBe(200);

  // It started naming the funnel and its problem, and serves the rest.
  expect(await timesPrinted()).toBe(printedBefore + 1);
  await gatewayAnswerMatching(CHECKER_LINE);
  await page.goto('/form/start/');
  await fillStart(page);
  await continueButton(page).click();
  await expectPage(page, 'address');
  const uid = uidFromUrl(page);
  await expect.poll(() => savedPages(uid), { timeout: 60_000 }).toContain('start');
  await expectBrokenPageShowsTheLine(page);
});
