/**
 * Browser helpers of `npm run bench`: a production preview server and a headless Chromium
 * driving the built-in funnel's first page, so figures are measured as a claimant meets them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/support/chromium';

/** Port of the preview server; 5173 is `npm start`'s dev server. */
export const PREVIEW_PORT = 4173;
export const PREVIEW_ORIGIN = `http://127.0.0.1:${PREVIEW_PORT}`;

/** Valid answers for the start page (the contact schema), by field label. */
export const VALID_START_ANSWERS: Readonly<Record<string, string>> = {
  'First name': 'Sam',
  'Last name': 'Jones',
  'Email address': 'sam.jones@example.com',
  'UK mobile number': '07700 900982',
};

export interface PreviewServer {
  stop(): Promise<void>;
}

/** Serves `outDir` with `vite preview` on PREVIEW_PORT and waits until it answers. */
export async function startPreview(root: string, outDir: string): Promise<PreviewServer> {
  const child: ChildProcess = spawn(
    'npx',
    [
      'vite',
      'preview',
      '--configLoader',
      'runner',
      '--port',
      String(PREVIEW_PORT),
      '--host',
      '127.0.0.1',
      '--strictPort',
      '--outDir',
      outDir,
    ],
    // Its own process group, so stopping it also stops the node that npx starts.
    { cwd: root, stdio: 'ignore', detached: true },
  );
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`vite preview exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${PREVIEW_ORIGIN}/`)).ok) return { stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`vite preview did not answer on ${PREVIEW_ORIGIN} within 30 s`);
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** Opens the built-in funnel's start page and waits for its form. */
export async function openStartPage(page: Page): Promise<void> {
  await page.goto(`${PREVIEW_ORIGIN}/form/start/`);
  await page.getByLabel('First name').waitFor({ timeout: 30_000 });
}

export async function fillStartPage(page: Page): Promise<void> {
  for (const [label, value] of Object.entries(VALID_START_ANSWERS)) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
}

export function continueButton(page: Page) {
  return page.getByRole('button', { name: 'Continue' });
}

export function addressHeading(page: Page) {
  return page.getByRole('heading', { name: /Your address/ });
}
