import { OFFLINE_RETRY_MS } from '../constants';

/** What retrying needs of the browser: its online event and timers (injected, for tests). */
export interface RetryScheduler {
  addEventListener(type: 'online', listener: () => void): void;
  removeEventListener(type: 'online', listener: () => void): void;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * Runs `attempt` until it succeeds: again as soon as the browser says it is back online, or
 * after a wait doubling from `waits.first` to `waits.most`, whichever comes first. The timer
 * matters as much as the event: a connection can fail while the browser still believes it is
 * online, and then no `online` event ever comes.
 * @returns a function that stops trying (an attempt already running is left to finish).
 */
export function retryUntilDone(
  attempt: () => Promise<unknown>,
  browser: RetryScheduler,
  waits: { first: number; most: number } = OFFLINE_RETRY_MS,
): () => void {
  let stopped = false;
  let wait = waits.first;
  let timer: unknown;
  const again = (): void => {
    browser.removeEventListener('online', again);
    browser.clearTimeout(timer);
    if (!stopped) run();
  };
  const run = (): void => {
    attempt().catch(() => {
      if (stopped) return;
      timer = browser.setTimeout(again, wait);
      wait = Math.min(wait * 2, waits.most);
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
