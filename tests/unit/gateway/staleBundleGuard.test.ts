import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Request } from 'firebase-functions/v2/https';
import {
  guardStaleBundle,
  staleBundleGuardOptions,
} from '../../../src/gateway/call/staleBundleGuard';

let folder = '';
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** A bundle on disk, and a way to put a new build over it as the gateway build does. */
function bundle(version: number) {
  folder = mkdtempSync(join(tmpdir(), 'stale-bundle-'));
  const file = join(folder, 'index.js');
  const write = (v: number) => {
    writeFileSync(`${file}.next`, `exports.gateway = () => 'answered by build ${v}';`);
    renameSync(`${file}.next`, file);
  };
  write(version);
  return { file, rebuild: write };
}

const request = {} as Request;

describe('guardStaleBundle', () => {
  it('runs its own handler while the bundle on disk is the one the worker loaded', () => {
    const { file } = bundle(1);
    const own = vi.fn((_request: Request, _response: never) => 'answered by build 1');
    const loadCurrent = vi.fn();
    const gateway = guardStaleBundle(own, { bundleFile: file, loadCurrent });
    expect(gateway(request, undefined as never)).toBe('answered by build 1');
    expect(gateway(request, undefined as never)).toBe('answered by build 1');
    expect(own).toHaveBeenCalledTimes(2);
    expect(loadCurrent).not.toHaveBeenCalled();
  });

  it('once a new build is in place, hands each call to it, loading each build once', () => {
    const { file, rebuild } = bundle(1);
    const own = vi.fn((_request: Request, _response: never) => 'answered by build 1');
    const { loadCurrent } = staleBundleGuardOptions({});
    const loads = vi.fn(loadCurrent);
    const gateway = guardStaleBundle(own, { bundleFile: file, loadCurrent: loads });

    // Builds of other sizes: a test runs faster than file times tick.
    rebuild(22);
    expect(gateway(request, undefined as never)).toBe('answered by build 22');
    expect(gateway(request, undefined as never)).toBe('answered by build 22');
    expect(loads).toHaveBeenCalledTimes(1);
    rebuild(333);
    expect(gateway(request, undefined as never)).toBe('answered by build 333');
    expect(loads).toHaveBeenCalledTimes(2);
    expect(own).not.toHaveBeenCalled();
  });

  it('does nothing outside the Functions emulator', () => {
    expect(staleBundleGuardOptions({}).bundleFile).toBeNull();
    expect(staleBundleGuardOptions({ FUNCTIONS_EMULATOR: 'true' }).bundleFile).toBe(
      join(process.cwd(), 'index.js'),
    );
    const own = vi.fn((_request: Request, _response: never) => 'answered');
    const gateway = guardStaleBundle(own, { bundleFile: null, loadCurrent: vi.fn() });
    expect(gateway).toBe(own);
  });
});
