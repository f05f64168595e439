/**
 * The critical JS of every page of every funnel, opened directly (a claimant following a
 * "continue your claim" link, with a cold cache): the app files fetched before the page's
 * heading shows and its submit button is enabled. The bench reports the largest page of each
 * funnel.
 *
 * To open a later page the claim must have reached it, so each funnel gets a registered
 * account whose answers (the funnel's first example, which follows one path through the
 * funnel) are saved page by page through the gateway, as the app saves them; the browser
 * signs in once on /login.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { pageUrl } from '../../src/app/form/pageUrl';
import { AUTH_EMULATOR_URL, GATEWAY_URL } from '../../tests/e2e/support/emulators';
import { PREVIEW_ORIGIN } from './browser';

const API_KEY = 'demo-api-key';
const AUTH_URL = `${AUTH_EMULATOR_URL}/identitytoolkit.googleapis.com/v1`;
const PASSWORD = 'bench-password-not-secret';

interface FunnelFile {
  funnelId: string;
  pages: { pageId: string; title: string }[];
}

interface ExampleFile {
  answers: Record<string, Record<string, unknown>>;
}

export interface FunnelPageSample {
  funnelId: string;
  pageId: string;
  /** App JS files (`assets/x.js`) whose request started before the page was ready. */
  criticalScripts: string[];
}

/** A funnel's pages on its first example's path, in funnel order, with the example's answers. */
function examplePath(root: string, funnel: FunnelFile) {
  const examplesFile = path.join(root, 'funnels', 'examples', `${funnel.funnelId}.json`);
  const [example] = JSON.parse(readFileSync(examplesFile, 'utf8')) as ExampleFile[];
  if (!example) throw new Error(`${examplesFile} has no example`);
  return funnel.pages
    .filter((page) => page.pageId in example.answers)
    .map((page) => ({ ...page, answers: example.answers[page.pageId]! }));
}

async function postJson<T>(url: string, body: unknown, idToken?: string): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(idToken ? { Authorization: `Bearer ${idToken}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

async function registeredAccount(): Promise<{ email: string; uid: string; idToken: string }> {
  const email = `bench-${randomUUID()}@example.com`;
  const body = { email, password: PASSWORD, returnSecureToken: true };
  const signedUp = await postJson<{ localId: string; idToken: string }>(
    `${AUTH_URL}/accounts:signUp?key=${API_KEY}`,
    body,
  );
  return { email, uid: signedUp.localId, idToken: signedUp.idToken };
}

async function signInOnLoginPage(page: Page, email: string): Promise<void> {
  await page.goto(`${PREVIEW_ORIGIN}/login`);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Your claims' }).waitFor({ timeout: 30_000 });
}

/**
 * Opens `url` with a cold cache; resolves with the app scripts fetched before it was ready.
 * What the app prefetches when the browser is idle (other pages' forms) is not what this page
 * needs: the page's idle callbacks are held back, so only its own scripts are counted.
 */
async function openCold(page: Page, url: string, title: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.goto(url, { waitUntil: 'commit' });
  const ready = await page.waitForFunction(
    (heading) => {
      const h1 = document.querySelector('h1');
      const submit = document.querySelector<HTMLButtonElement>('main form button[type="submit"]');
      return h1?.textContent?.includes(heading) && submit && !submit.disabled
        ? performance.now()
        : false;
    },
    title,
    { timeout: 60_000, polling: 'raf' },
  );
  const readyAt = (await ready.jsonValue()) as number;
  await cdp.detach();
  return page.evaluate(
    ({ origin, before }) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime < before && entry.name.startsWith(origin))
        .map((entry) => new URL(entry.name).pathname.replace(/^\//, ''))
        .filter((file) => file.endsWith('.js')),
    { origin: PREVIEW_ORIGIN, before: readyAt },
  );
}

/** Every page on the example path of every funnel in `funnels/`, each opened cold. */
export async function measureFunnelPages(
  browser: Browser,
  root: string,
): Promise<FunnelPageSample[]> {
  const funnelsDir = path.join(root, 'funnels');
  const funnels = readdirSync(funnelsDir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(path.join(funnelsDir, name), 'utf8')) as FunnelFile);
  const samples: FunnelPageSample[] = [];
  for (const funnel of funnels) {
    const account = await registeredAccount();
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    try {
      await context.addInitScript(() => {
        window.requestIdleCallback = () => 0;
      });
      const page = await context.newPage();
      await signInOnLoginPage(page, account.email);
      const pages = examplePath(root, funnel);
      for (const [index, step] of pages.entries()) {
        const url = `${PREVIEW_ORIGIN}${pageUrl(funnel.funnelId, step.pageId, account.uid)}`;
        const criticalScripts = await openCold(page, url, step.title);
        samples.push({ funnelId: funnel.funnelId, pageId: step.pageId, criticalScripts });
        if (index === pages.length - 1) break;
        // The next page opens only once this one is answered, as the app would have saved it.
        await postJson(
          GATEWAY_URL,
          {
            data: {
              functionName: 'saveAnswers',
              data: { funnelId: funnel.funnelId, pageId: step.pageId, answers: step.answers },
            },
          },
          account.idToken,
        );
      }
    } finally {
      await context.close();
    }
  }
  return samples;
}
