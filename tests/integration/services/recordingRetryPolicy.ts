/**
 * A retry policy for tests: sleeps are recorded instead of waited, and jitter is fixed,
 * so retry tests are fast and their delays exact.
 */
import type { RetryPolicy } from '../../../src/gateway/services/retryingFetch';

/** A policy plus the delays it was asked to sleep. */
export interface RecordingRetryPolicy extends RetryPolicy {
  sleeps: number[];
}

/** Records sleeps; `random` is fixed at 0.5 so backoff is half its ceiling. */
export function recordingRetryPolicy(overrides: RetryPolicy = {}): RecordingRetryPolicy {
  const sleeps: number[] = [];
  return {
    timeoutMs: 2_000,
    random: () => 0.5,
    ...overrides,
    sleeps,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  };
}
