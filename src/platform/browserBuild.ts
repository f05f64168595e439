import { createBuildWatcher, prefetchManifest, type BuildWatcher } from './buildWatcher';
import { currentBuildId } from './buildId';
import { DEV_BUILD_ID } from '../runtime/constants';

/**
 * The browser side of new-build handling, wired to the real window: polls
 * builds/latest.json (also when the tab becomes visible again) and prefetches this build's
 * manifest after idle. The dev server has no builds/ files, so nothing runs there.
 */
export function startBuildWatching(baseUrl: string): BuildWatcher | null {
  if (currentBuildId === DEV_BUILD_ID) return null;
  const watcher = createBuildWatcher({
    currentBuildId,
    fetch: window.fetch.bind(window),
    baseUrl,
    setInterval: window.setInterval.bind(window),
    clearInterval: window.clearInterval.bind(window),
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void watcher.check();
  });
  void prefetchManifest({
    buildId: currentBuildId,
    fetch: window.fetch.bind(window),
    baseUrl,
    requestIdleCallback: window.requestIdleCallback?.bind(window),
    setTimeout: window.setTimeout.bind(window),
    // The Network Information API is not in TypeScript's DOM types (Chromium only); read as optional.
    connection: (navigator as Navigator & { connection?: { effectiveType?: string } }).connection,
  });
  return watcher;
}
