import { BACKOFF, type BackoffPolicy } from '../backoff';
import { retryUntilDone, type RetryScheduler } from './retryUntilDone';

/** A fetch of the one kind this needs: is `url` answering now, from the network? */
export type ReachabilityProbe = (url: string) => Promise<{ ok: boolean }>;

/** The browser's fetch as a probe: a HEAD request past every cache. */
export const headProbe =
  (fetchImpl: typeof fetch): ReachabilityProbe =>
  (url) =>
    fetchImpl(url, { method: 'HEAD', cache: 'no-store' });

/**
 * Resolves once `url` answers (tried again as retryUntilDone does). The app's later modules
 * are imported only after their own server answers: a module that failed to load cannot be
 * loaded again in the same page (browsers remember the failure for its address, and for every
 * module it imports), so an import tried while the connection is down would fail for good.
 */
export function whenReachable(
  url: string,
  probe: ReachabilityProbe,
  browser: RetryScheduler,
  waits: BackoffPolicy = BACKOFF.connection,
): Promise<void> {
  return new Promise((resolve) => {
    retryUntilDone(
      () =>
        probe(url).then((response) => {
          if (!response.ok) throw new Error(`${url} answered ${String(response.ok)}`);
          resolve();
        }),
      browser,
      waits,
    );
  });
}
