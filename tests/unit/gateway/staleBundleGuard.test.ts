import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Request } from 'firebase-functions/v2/https';
import {
  guardStaleBundle,
  staleBundleGuardOptions,
} from '../../../src/gateway/call/staleBundleGuard';

/** A response that records what the guard sent, and fires 'finish' once it is sent. */
function fakeResponse() {
  const listeners: Record<string, Array<() => void>> = {};
  const sent: { status?: number; body?: unknown; headers: Record<string, string> } = {
    headers: {},
  };
  return {
    sent,
    set: (field: string, value: string) => (sent.headers[field] = value),
    on: (event: string, listener: () => void) => (listeners[event] ??= []).push(listener),
    status(code: number) {
      sent.status = code;
      return {
        json: (body: unknown) => {
          sent.body = body;
          listeners.finish?.forEach((listener) => listener());
        },
      };
    },
  };
}

const request = { get: (name: string) => (name === 'origin' ? 'http://127.0.0.1:5173' : '') };

let folder = '';
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** A bundle file on disk, and a way to put a new build over it as the gateway build does. */
function bundle() {
  folder = mkdtempSync(join(tmpdir(), 'stale-bundle-'));
  const file = join(folder, 'index.js');
  writeFileSync(file, 'exports.version = 1;');
  const rebuild = (text: string) => {
    writeFileSync(`${file}.next`, text);
    renameSync(`${file}.next`, file);
  };
  return { file, rebuild };
}

function guarded(bundleFile: string | null) {
  const callable = vi.fn((_request: Request, _response: never) => 'answered');
  const exit = vi.fn();
  const gateway = guardStaleBundle(callable, { bundleFile, exit });
  const call = () => {
    const response = fakeResponse();
    const result = gateway(request as unknown as Request, response as never);
    return { result, response: response.sent };
  };
  return { callable, exit, call };
}

describe('guardStaleBundle', () => {
  it('passes every call on while the bundle on disk is the one the worker loaded', () => {
    const { file } = bundle();
    const { callable, exit, call } = guarded(file);
    expect(call().result).toBe('answered');
    expect(call().result).toBe('answered');
    expect(callable).toHaveBeenCalledTimes(2);
    expect(exit).not.toHaveBeenCalled();
  });

  it('once a new build is in place, answers unavailable without running the call, then exits', () => {
    const { file, rebuild } = bundle();
    const { callable, exit, call } = guarded(file);
    rebuild('exports.version = 2; // a funnel was published');
    const { response } = call();
    expect(callable).not.toHaveBeenCalled();
    expect(response.status).toBe(503);
    expect(response.body).toEqual({
      error: {
        status: 'UNAVAILABLE',
        message: 'The local gateway is reloading after a change: try again',
      },
    });
    // The browser reads the refusal across origins.
    expect(response.headers['Access-Control-Allow-Origin']).toBe('http://127.0.0.1:5173');
    expect(exit).toHaveBeenCalled();
    // A call that reaches the worker before it has gone is refused too, even were the file
    // to read as before.
    call();
    expect(callable).not.toHaveBeenCalled();
  });

  it('does nothing outside the Functions emulator', () => {
    expect(staleBundleGuardOptions({}).bundleFile).toBeNull();
    expect(staleBundleGuardOptions({ FUNCTIONS_EMULATOR: 'true' }).bundleFile).toBe(
      join(process.cwd(), 'index.js'),
    );
    const { callable, call } = guarded(null);
    expect(call().result).toBe('answered');
    expect(callable).toHaveBeenCalledOnce();
  });
});
