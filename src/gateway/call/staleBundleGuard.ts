import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Request } from 'firebase-functions/v2/https';

/**
 * Under `npm start` only. The Functions emulator reloads the gateway when its bundle changes
 * (a funnel edit, a publish) by stopping its idle and busy workers, but it skips a worker that
 * is still starting: one that read the old bundle a moment before the change goes on serving
 * the old funnels for as long as it lives, and a claim can be checked against a version that
 * is no longer current. Each call here first compares the bundle on disk with the one this
 * worker loaded; a worker that is out of date answers "unavailable" (the browser and the
 * tests try again) and exits, and the emulator starts the next call on the new bundle.
 */

/** Which file this worker loaded, as the emulator loads it: the package's main, index.js. */
const BUNDLE_FILE = 'index.js';

/** What tells one build's bundle from the next: the build renames a new file over it. */
export function bundleIdentity(file: string): string | null {
  try {
    const stats = statSync(file);
    return `${stats.ino}:${stats.mtimeMs}:${stats.size}`;
  } catch {
    return null;
  }
}

interface ResponseLike {
  set(field: string, value: string): unknown;
  status(code: number): { json(body: unknown): unknown };
  on(event: 'finish' | 'close', listener: () => void): unknown;
}

type HttpHandler = (request: Request, response: never) => unknown;

export interface StaleBundleGuardOptions {
  /** The bundle this worker runs; null outside the emulator, where the guard does nothing. */
  bundleFile: string | null;
  /** Ends this worker once the refusal is sent (process.exit in the emulator). */
  exit: () => void;
}

/** The options for this process: guarded only under the Functions emulator. */
export function staleBundleGuardOptions(env: NodeJS.ProcessEnv): StaleBundleGuardOptions {
  return {
    bundleFile: env.FUNCTIONS_EMULATOR === 'true' ? join(process.cwd(), BUNDLE_FILE) : null,
    exit: () => process.exit(0),
  };
}

/**
 * Wraps the gateway's HTTP handler (see the file comment). The callable's own properties are
 * kept, as guardCallableBody keeps them.
 */
export function guardStaleBundle<F extends HttpHandler>(
  callable: F,
  { bundleFile, exit }: StaleBundleGuardOptions,
): F {
  if (!bundleFile) return callable;
  const loaded = bundleIdentity(bundleFile);
  let exiting = false;
  const guarded = (request: Request, response: ResponseLike) => {
    if (!exiting && bundleIdentity(bundleFile) === loaded) {
      return callable(request, response as never);
    }
    exiting = true;
    const origin = request.get('origin');
    if (origin) {
      response.set('Access-Control-Allow-Origin', origin);
      response.set('Vary', 'Origin');
    }
    response.on('finish', exit);
    response.on('close', exit);
    response.status(503).json({
      error: {
        status: 'UNAVAILABLE',
        message: 'The local gateway is reloading after a change: try again',
      },
    });
  };
  return Object.assign(guarded, callable) as unknown as F;
}
