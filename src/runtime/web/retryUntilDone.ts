import { BACKOFF, backoffDelayMs, type BackoffPolicy } from '../backoff';

/** What retrying needs of the browser: its online event and timers (injected, for tests). */
export interface RetryScheduler {
  addEventListener(type: 'online', listener: () => void): void;
  removeEventListener(type: 'online', listener: () => void): void;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * Runs `attempt` until it succeeds: again as soon as the browser says it is back online, or
 * after a wait that grows by `waits` (runtime/backoff), whichever comes first. The timer
 * matters as much as the event: a connection can fail while the browser still believes it is
 * online, and then no `online` event ever comes.
 * @returns a function that stops trying (an attempt already running is left to finish).
 */
export function retryUntilDone(
  attempt: () => Promise<unknown>,
  browser: RetryScheduler,
  waits: BackoffPolicy = BACKOFF.connection,
): () => void {
  let stopped = false;
  let failures = 0;
  let timer: unknown;
  const again = (): void => {
    browser.removeEventListener('online', again);
    browser.clearTimeout(timer);
    if (!stopped) run();
  };
  const run = (): void => {
    attempt().catch(() => {
      if (stopped) return;
      failures += 1;
      timer = browser.setTimeout(again, backoffDelayMs(waits, failures));
      browser.addEventListener('online', again);
    });
  };
  run();
  return () => {
    stopped = true;
    browser.removeEventListener('online', again);
    browser.clearTimeout(timer);
  };
}
