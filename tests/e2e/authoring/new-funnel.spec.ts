/**
 * A product owner adds a funnel with JSON alone, while the stack runs (`npm start`), and
 * claimants can finish it on every branch. Runs against a dev stack that reads a copy of
 * funnels/ and schemas/ (npm run test:authoring: with-stack --dev --registry-copy), so the
 * project's own files are never touched.
 */
import { execFile } from 'node:child_process';
import { cp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { claimsOf, GATEWAY_URL, sessionUid, signUpAnonymously } from '../support/emulators';

const here = path.dirname(fileURLToPath(import.meta.url));
const projectRoot = path.resolve(here, '../../..');
const fixture = path.join(here, 'fixture');
const registryDir = process.env.REGISTRY_DIR;
const FUNNEL = 'parking-appeal';

/** True once the running gateway knows the funnel (its bundle is rebuilt on change). */
async function gatewayKnowsFunnel(): Promise<boolean> {
  const { idToken } = await signUpAnonymously();
  const response = await fetch(GATEWAY_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ data: { functionName: 'getClaim', data: { funnelId: FUNNEL } } }),
  });
  return response.ok;
}

/** Opens the funnel's first page for a new anonymous claimant; returns their uid. */
async function openFirstPage(page: Page): Promise<string> {
  const uid = await sessionUid(page);
  await page.goto(`/form/${FUNNEL}/ticket/${uid}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Your parking ticket');
  return uid;
}

async function signAndSend(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Check your answers');
  await page
    .getByRole('checkbox', { name: /I confirm the information I have given is true/ })
    .check();
  await page.getByRole('radio', { name: 'Type your name' }).check();
  await page.getByLabel('Your full name').fill('Alex Morgan');
  await page.getByRole('button', { name: 'Send appeal' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/submitted|sent/i);
}

async function submittedClaim(uid: string) {
  await expect
    .poll(async () => (await claimsOf(uid)).find((c) => c.funnelId === FUNNEL)?.status, {
      timeout: 15_000,
    })
    .toBe('submitted');
  return (await claimsOf(uid)).find((c) => c.funnelId === FUNNEL)!;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  if (!registryDir) {
    throw new Error(
      'REGISTRY_DIR is not set: run npm run test:authoring (with-stack --registry-copy)',
    );
  }
  // The product owner's edit: the fixture's funnel, its two page schemas and its examples.
  await cp(fixture, registryDir, { recursive: true });
});

test('funnels:check passes the new funnel beside the project funnels', async () => {
  const { stdout } = await promisify(execFile)(
    path.join(projectRoot, 'node_modules/.bin/tsx'),
    ['scripts/funnels-check.ts', registryDir!],
    { cwd: projectRoot },
  );
  expect(stdout).toContain(`renderers: ${FUNNEL}:`);
  expect(stdout).toMatch(
    /funnels:check: \d+ funnels, \d+ schemas and \d+ example claims are valid/,
  );
});

test('the running stack serves the new funnel without a restart', async ({ page }) => {
  // Vite reloads on the new files; the gateway is rebuilt and reloaded by the emulator.
  await expect.poll(gatewayKnowsFunnel, { timeout: 60_000, intervals: [1_000] }).toBe(true);
  await expect(async () => {
    await openFirstPage(page);
  }).toPass({ timeout: 180_000 });
});

test('a keeper who was driving goes from the ticket straight to signing', async ({ page }) => {
  const uid = await openFirstPage(page);
  // Errors first: nothing answered.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toContainText('Enter the penalty charge notice number');
  await page.getByLabel('Penalty charge notice number').fill('WK12345678');
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await signAndSend(page);

  const claim = await submittedClaim(uid);
  expect(claim.answers.ticket).toEqual({ pcnNumber: 'WK12345678', wereYouDriving: 'yes' });
  expect(claim.answers.driver).toBeUndefined();
});

test('a keeper who was not driving names the driver, then signs', async ({ page }) => {
  const uid = await openFirstPage(page);
  await page.getByLabel('Penalty charge notice number').fill('WK87654321');
  await page.getByRole('radio', { name: 'No' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Who was driving');
  await page.getByLabel("Driver's full name").fill('Sam Jones');
  await page.getByRole('button', { name: 'Continue' }).click();
  await signAndSend(page);

  const claim = await submittedClaim(uid);
  expect(claim.answers.ticket).toEqual({ pcnNumber: 'WK87654321', wereYouDriving: 'no' });
  expect(claim.answers.driver).toEqual({ driverName: 'Sam Jones' });
});

test('a funnel file that is not JSON breaks only itself, and says where', async ({ page }) => {
  await writeFile(path.join(registryDir!, 'funnels', 'broken-appeal.json'), '{ "funnelId": ');
  await expect(async () => {
    await page.goto('/form/broken-appeal/ticket/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      'Funnel “broken-appeal” has problems',
      { timeout: 15_000 },
    );
  }).toPass({ timeout: 180_000 });
  await expect(page.getByRole('main')).toContainText('funnels/broken-appeal.json');
  await expect(page.getByRole('main')).toContainText('not valid JSON at line 1');
  // The funnel written earlier still works beside it.
  await openFirstPage(page);
});
