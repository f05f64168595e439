import { headProbe, whenReachable } from '../runtime/web';

/**
 * Resolves once the app's own files answer from the server (this module's address, asked past
 * every cache): what imports a later module waits for this first. A module that failed to load
 * cannot be loaded again in the same page (browsers remember the failure for its address and
 * for every module it imports), so an import tried while the connection is down would fail
 * for good; one tried after this almost never does.
 */
export function whenAssetsReachable(): Promise<void> {
  return whenReachable(import.meta.url, headProbe(window.fetch.bind(window)), window);
}

/**
 * Whether the app's own files answer now (asked once): what a claimant's action asks before
 * importing a module, so that while the connection is down it fails without importing, and
 * works when tried again once it is back.
 */
export function assetsAnswerNow(): Promise<boolean> {
  return headProbe(window.fetch.bind(window))(import.meta.url).then(
    (response) => response.ok,
    () => false,
  );
}
