import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Request } from 'firebase-functions/v2/https';

/**
 * Under `npm start` only. The Functions emulator reloads the gateway when its bundle changes
 * (a funnel edit, a publish) by stopping its idle and busy workers, but it skips a worker that
 * is still starting: one that read the old bundle a moment before the change goes on serving
 * the old funnels for as long as it lives, and a claim could be checked against a version
 * that is no longer current. So each call first compares the bundle on disk with the one this
 * worker loaded, and when they differ hands the call to the bundle on disk, loaded into this
 * worker (the emulator replaces the worker itself at its next reload).
 */

type HttpHandler = (request: Request, response: never) => unknown;

/** What tells one build's bundle from the next: the build renames a new file over it. */
function bundleIdentity(file: string): string | null {
  try {
    const stats = statSync(file);
    return `${stats.ino}:${stats.mtimeMs}:${stats.size}`;
  } catch {
    return null;
  }
}

interface StaleBundleGuardOptions {
  /** The bundle this worker runs; null outside the emulator, where the guard does nothing. */
  bundleFile: string | null;
  /** The gateway handler of the bundle now on disk, loaded afresh. */
  loadCurrent: (bundleFile: string) => HttpHandler;
}

/** Loads the bundle's `gateway` export anew, as a new worker would. */
function loadGatewayOf(bundleFile: string): HttpHandler {
  const load = createRequire(bundleFile);
  delete load.cache[load.resolve(bundleFile)];
  // The bundle is our own gateway build, loaded at run time, so its exports have no static type.
  return (load(bundleFile) as { gateway: HttpHandler }).gateway;
}

/** The options for this process: guarded only under the Functions emulator. */
export function staleBundleGuardOptions(env: NodeJS.ProcessEnv): StaleBundleGuardOptions {
  return {
    // The emulator runs each worker in build/functions and loads its package's main.
    bundleFile: env.FUNCTIONS_EMULATOR === 'true' ? join(process.cwd(), 'index.js') : null,
    loadCurrent: loadGatewayOf,
  };
}

/**
 * Wraps the gateway's HTTP handler (see the file comment). The callable's own properties are
 * kept, as guardCallableBody keeps them.
 */
export function guardStaleBundle<F extends HttpHandler>(
  callable: F,
  { bundleFile, loadCurrent }: StaleBundleGuardOptions,
): F {
  if (!bundleFile) return callable;
  const loaded = bundleIdentity(bundleFile);
  let current: { identity: string | null; handler: HttpHandler } | undefined;
  const guarded = (request: Request, response: never) => {
    const identity = bundleIdentity(bundleFile);
    if (identity === loaded) return callable(request, response);
    if (current?.identity !== identity) current = { identity, handler: loadCurrent(bundleFile) };
    return current.handler(request, response);
  };
  // The wrapper takes the callable's own properties (its trigger); the compiler cannot see that.
  return Object.assign(guarded, callable) as unknown as F;
}
