import { RELOAD_GUARD_MS, RELOAD_GUARD_STORAGE_KEY } from '../runtime/constants';
import {
  headProbe,
  parseReloadHistory,
  shouldReloadAfterChunkError,
  whenReachable,
} from '../runtime/web';

/** What handleLazyLoadFailure needs from the browser, injected so it tests without one. */
interface LazyLoadFailureDeps {
  /** Survives the reload but not the tab, so the guard forgets once the claimant leaves. */
  sessionStorage: Storage;
  now: () => number;
  /** Full page load of `path`, e.g. `(path) => window.location.assign(path)`. */
  reload: (path: string) => void;
}

/**
 * Handles a lazy screen (chunk) that failed to load while navigating to `path`.
 *
 * Returns true after triggering one full reload of `path`, remembered in session storage
 * for RELOAD_GUARD_MS. Returns false when `path` was already reloaded inside that window,
 * or when the attempt cannot be remembered: the caller then shows the error page.
 */
export function handleLazyLoadFailure(path: string, deps: LazyLoadFailureDeps): boolean {
  const { sessionStorage, now, reload } = deps;
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(RELOAD_GUARD_STORAGE_KEY);
  } catch {
    // Unreadable storage is treated as empty; the write below decides.
  }
  const decision = shouldReloadAfterChunkError(
    path,
    now(),
    parseReloadHistory(raw),
    RELOAD_GUARD_MS,
  );
  if (!decision.reload) return false;
  try {
    sessionStorage.setItem(RELOAD_GUARD_STORAGE_KEY, JSON.stringify(decision.history));
  } catch {
    // Without a record the next failure would reload again, and again: an endless loop.
    // Showing the error page is the better failure.
    return false;
  }
  reload(path);
  return true;
}

/**
 * Wraps a lazy screen import: when its chunk fails to load (a deploy replaced it, or the
 * connection dropped), reload the target page once, as soon as the app's files answer; a
 * second failure within the guard window is rethrown so the error page shows instead of a
 * reload loop.
 */
export function reloadOnChunkFailure<T>(
  importer: () => Promise<T>,
  targetUrl: () => string,
): () => Promise<T> {
  return () =>
    importer().catch((error: unknown) => {
      const target = targetUrl();
      const reloading = handleLazyLoadFailure(target, {
        sessionStorage: window.sessionStorage,
        now: Date.now,
        // Not while the connection is down: the reload would be the browser's error page.
        reload: (path) =>
          void whenReachable(import.meta.url, headProbe(window.fetch.bind(window)), window).then(
            () => window.location.assign(path),
          ),
      });
      if (reloading) return new Promise<T>(() => {});
      throw error;
    });
}
