import type { RetryScheduler } from '../../../../src/runtime/web';

/** A browser whose clock and connection the test moves by hand. */
export function fakeBrowser() {
  let online = new Set<() => void>();
  let timers: Array<{ run: () => void; ms: number }> = [];
  const browser: RetryScheduler = {
    addEventListener: (_type, listener) => void online.add(listener),
    removeEventListener: (_type, listener) => void online.delete(listener),
    setTimeout: (run, ms) => {
      const timer = { run, ms };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (handle) => void (timers = timers.filter((timer) => timer !== handle)),
  };
  return {
    browser,
    waits: () => timers.map((timer) => timer.ms),
    listening: () => online.size,
    /** Fires the pending timer, as if its wait had passed. */
    elapse: () => {
      const due = timers;
      timers = [];
      due.forEach((timer) => timer.run());
    },
    backOnline: () => {
      const listeners = online;
      online = new Set();
      listeners.forEach((listener) => listener());
    },
  };
}
