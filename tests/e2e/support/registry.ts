/**
 * A test funnel added to the running stack's registry copy (REGISTRY_DIR, made by
 * `with-stack --registry-copy`) as a product owner adds one under `npm start`: its files are
 * copied in, and the dev stack picks them up without a restart.
 */
import { execFile } from 'node:child_process';
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect } from '@playwright/test';
import { GATEWAY_URL, signUpAnonymously } from './emulators';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The registry copy the stack reads; refuses to run without one. */
export function registryDir(): string {
  const dir = process.env.REGISTRY_DIR;
  if (!dir) {
    throw new Error(
      'REGISTRY_DIR is not set: run npm run test:authoring (with-stack --registry-copy)',
    );
  }
  return dir;
}

/** True once the running gateway knows the funnel (its bundle is rebuilt on change). */
export async function gatewayKnowsFunnel(funnelId: string): Promise<boolean> {
  // While the emulators reload the rebuilt gateway they may drop a connection: not yet.
  try {
    const { idToken } = await signUpAnonymously();
    const response = await fetch(GATEWAY_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
      body: JSON.stringify({ data: { functionName: 'getClaim', data: { funnelId } } }),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Copies a fixture folder (its funnels/ and schemas/) into the registry copy and waits until
 * the gateway serves the funnel.
 */
export async function addFunnelToRegistry(fixtureDir: string, funnelId: string): Promise<void> {
  await cp(fixtureDir, registryDir(), { recursive: true });
  await expect
    .poll(() => gatewayKnowsFunnel(funnelId), { timeout: 60_000, intervals: [1_000] })
    .toBe(true);
}

/** `npm run funnels:check` on the registry copy, as the owner runs it; returns what it printed. */
export async function checkRegistry(): Promise<string> {
  const { stdout } = await promisify(execFile)(
    path.join(projectRoot, 'node_modules/.bin/tsx'),
    ['scripts/funnels-check.ts', registryDir()],
    { cwd: projectRoot },
  );
  return stdout;
}
