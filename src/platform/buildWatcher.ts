import { BUILD_POLL_INTERVAL_MS, MANIFEST_PREFETCH_DELAY_MS } from '../runtime/constants';
import {
  LATEST_BUILD_PATH,
  buildMetaPath,
  parseBuildManifest,
  parseLatestBuild,
  type BuildManifest,
  type LatestBuild,
} from '../runtime/web';

// Injected browser functions are always destructured and called bare: `options.fetch(url)`
// would call window.fetch with `this === options`, which browsers reject ("Illegal invocation").

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** Options of createBuildWatcher; `H` is the timer handle type of the injected setInterval. */
interface BuildWatcherOptions<H> {
  /** The running bundle's id, `import.meta.env.VITE_BUILD_ID`. */
  currentBuildId: string;
  fetch: Fetch;
  /** The app's base URL ending in `/`, `import.meta.env.BASE_URL`. */
  baseUrl: string;
  /** Poll period; BUILD_POLL_INTERVAL_MS when omitted. */
  intervalMs?: number;
  setInterval: (handler: () => void, ms: number) => H;
  clearInterval: (handle: H) => void;
  /** Clock for the cache-busting query; Date.now when omitted. */
  now?: () => number;
  /** Called once, when a different build is first seen. */
  onNewBuild?: (build: LatestBuild) => void;
}

/** A running poll of `builds/latest.json`. */
export interface BuildWatcher {
  /** True once a different build is deployed: make the next navigation a full page load. */
  isReloadPending(): boolean;
  /** Checks now, outside the schedule (e.g. when the tab becomes visible again). */
  check(): Promise<void>;
  stop(): void;
}

/**
 * Polls `builds/latest.json?t=<now>` every `intervalMs` (the query defeats caches) and flags
 * a pending reload once its id differs from the running build's. Network errors, error statuses and
 * bad JSON are ignored: only a readable, different id means a new build. The watcher stops
 * polling once a new build is seen, since nothing can undo that.
 */
export function createBuildWatcher<H>(options: BuildWatcherOptions<H>): BuildWatcher {
  const { currentBuildId, fetch, baseUrl, setInterval, clearInterval, onNewBuild } = options;
  const now = options.now ?? Date.now;
  let pending = false;
  let inFlight: Promise<void> | null = null;
  let handle: H | null = null;

  function stop(): void {
    if (handle !== null) clearInterval(handle);
    handle = null;
  }

  async function poll(): Promise<void> {
    const latest = await fetchJson(fetch, `${baseUrl}${LATEST_BUILD_PATH}?t=${now()}`, {
      // The timestamp query defeats CDN caches; no-store keeps the browser's out too.
      cache: 'no-store',
    }).then(parseLatestBuild);
    if (!latest || pending || latest.id === currentBuildId) return;
    pending = true;
    stop();
    onNewBuild?.(latest);
  }

  function check(): Promise<void> {
    // One request at a time: a slow network must not pile up polls.
    inFlight ??= poll().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  handle = setInterval(() => void check(), options.intervalMs ?? BUILD_POLL_INTERVAL_MS);
  return { isReloadPending: () => pending, check, stop };
}

/** Options of prefetchManifest. */
interface PrefetchManifestOptions {
  buildId: string;
  fetch: Fetch;
  /** The app's base URL ending in `/`, `import.meta.env.BASE_URL`. */
  baseUrl: string;
  /** `window.requestIdleCallback`, missing in some browsers (Safari). */
  requestIdleCallback?: (callback: () => void) => unknown;
  setTimeout: (handler: () => void, ms: number) => unknown;
  /** `navigator.connection`, where the browser has it. */
  connection?: { effectiveType?: string } | undefined;
}

/**
 * Prefetches this build's manifest `builds/meta/<buildId>.json` (its route rules):
 * once the browser is idle, then MANIFEST_PREFETCH_DELAY_MS later, so it never competes
 * with the first screen. Skipped on a `slow-2g` connection, where every byte counts.
 * Resolves to the manifest, or null when skipped or when it cannot be fetched or read.
 */
export async function prefetchManifest(
  options: PrefetchManifestOptions,
): Promise<BuildManifest | null> {
  const { buildId, fetch, baseUrl, requestIdleCallback, setTimeout, connection } = options;
  if (connection?.effectiveType === 'slow-2g') return null;
  await new Promise<void>((resolve) => {
    if (requestIdleCallback) requestIdleCallback(() => resolve());
    else setTimeout(resolve, 0);
  });
  await new Promise<void>((resolve) => setTimeout(resolve, MANIFEST_PREFETCH_DELAY_MS));
  return parseBuildManifest(await fetchJson(fetch, `${baseUrl}${buildMetaPath(buildId)}`));
}

/** GETs JSON; undefined on any failure, since a missed poll or prefetch is harmless. */
async function fetchJson(fetch: Fetch, url: string, init?: RequestInit): Promise<unknown> {
  try {
    const response = await fetch(url, init);
    if (!response.ok) return undefined;
    const body: unknown = await response.json();
    return body;
  } catch {
    return undefined;
  }
}
