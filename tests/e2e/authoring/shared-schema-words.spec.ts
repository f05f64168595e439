/**
 * A shared page schema says each funnel's own word for a claim: the signature schema's
 * "{claimNoun}" reads "compensation request" on the flight-delay funnel's sign page, in the
 * messages the browser shows and in those the gateway answers with, at a phone's width and a
 * desktop's. (The built-in vehicle claim, naming no noun, still reads "claim": signature.spec.ts.)
 * Runs against a dev stack reading a copy of funnels/ and schemas/ (npm run test:authoring).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { GATEWAY_URL, signUpAnonymously } from '../support/emulators';
import { addFunnelToRegistry } from '../support/registry';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = path.join(here, 'any-funnel');
const FUNNEL = 'flight-delay';
const DECLARATION =
  'I confirm the information I have given is true and I agree to my compensation request being made';

async function callGateway(functionName: string, data: unknown, idToken: string) {
  return fetch(GATEWAY_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ data: { functionName, data } }),
  });
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  await addFunnelToRegistry(fixture, FUNNEL);
});

for (const width of [390, 1280]) {
  test(`the flight funnel's sign page says "compensation request" where the schema says {claimNoun} (${width} px)`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await expect(async () => {
      await page.goto(`/form/${FUNNEL}/passenger/`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('About you', {
        timeout: 15_000,
      });
    }).toPass({ timeout: 180_000 });
    await page.getByLabel('Full name').fill(`Ada Lovelace${randomUUID().slice(0, 6)}`);
    await page.getByLabel('Email').fill(`e2e-words-${randomUUID()}@example.com`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Your flight');
    await page.getByLabel('Flight code').fill('BA 123');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Check your answers');

    await expect(page.getByRole('checkbox', { name: DECLARATION, exact: true })).toBeVisible();
    // The signature's radios still choose (RJSF's validators are the schema's as written).
    await page.getByRole('radio', { name: 'Type your name' }).check();
    await page.getByLabel('Your full name').fill('   ');
    await page.getByRole('button', { name: 'Send request' }).click();
    const summary = page.getByRole('alert').first();
    await expect(summary).toContainText('Enter your full name to sign your compensation request');
    await expect(page.locator('body')).not.toContainText('{claimNoun}');
    await expect(page.locator('body')).not.toContainText('my claim being made');
    await page.screenshot({
      path: testInfo.outputPath(`flight-sign-${width}.png`),
      fullPage: true,
    });

    await page.getByRole('checkbox', { name: DECLARATION, exact: true }).check();
    await page.getByLabel('Your full name').fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/submitted|sent/i);
  });
}

test('the gateway refuses a sign page in the funnel’s words too', async () => {
  const { idToken } = await signUpAnonymously();
  const refused = await callGateway(
    'saveAnswers',
    { funnelId: FUNNEL, pageId: 'send', answers: { consent: true } },
    idToken,
  );
  const body = (await refused.json()) as { error?: { status?: string; details?: unknown } };
  expect(body.error?.status).toBe('INVALID_ARGUMENT');
  const details = JSON.stringify(body.error?.details);
  expect(details).toContain(
    'Sign your compensation request: draw your signature or type your full name',
  );
  expect(details).not.toContain('{claimNoun}');
});
