/** Staff in e2e tests: made as support makes them (`npm run staff`), and signed in. */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Signs in with email and password through /login, landing on `then`. */
export async function signIn(page: Page, email: string, password: string, then: string) {
  await page.goto(`/login?redirect=${encodeURIComponent(then)}`);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`**${then}`, { timeout: 20_000 });
}

/** `npm run staff -- add <email>`, as support would run it; returns the temporary password. */
export async function staffAccount(email: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    path.join(projectRoot, 'node_modules/.bin/tsx'),
    ['scripts/staff.ts', 'add', email],
    { cwd: projectRoot },
  );
  const password = /temporary password: (\S+)/.exec(stdout)?.[1];
  if (!password) throw new Error(`npm run staff printed no password:\n${stdout}`);
  return password;
}
