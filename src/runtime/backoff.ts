/**
 * Every retry loop's waits, in one place: how long to wait after each failed try, growing
 * from `firstMs` by doubling, never over `mostMs`. With `jitter: 'full'` the wait is a random
 * share of that ("full jitter"); with `'equal'` it is at least half of it and a random share of
 * the other half. Either way many callers that failed together do not retry in lockstep (500
 * claimants whose saves timed out at once would otherwise all send again at the same moment).
 */
export interface BackoffPolicy {
  readonly firstMs: number;
  readonly mostMs: number;
  readonly jitter: 'none' | 'full' | 'equal';
}

export const BACKOFF = {
  /**
   * Something the browser needs from the network that a lost connection holds up: the
   * anonymous session, the session's code, a later page's validators.
   */
  connection: { firstMs: 2_000, mostMs: 30_000, jitter: 'equal' },
  /** The outbox of continued pages, sent again until the gateway acknowledges each. */
  outbox: { firstMs: 2_000, mostMs: 60_000, jitter: 'equal' },
  /** The gateway's calls to outside services (the DVLA, an address finder). */
  outsideService: { firstMs: 250, mostMs: 4_000, jitter: 'full' },
  /**
   * index.html's inline script, which fetches the app's first script again: it runs before
   * any module can, so it writes these numbers itself (a unit test checks they agree).
   */
  pageScript: { firstMs: 5_000, mostMs: 60_000, jitter: 'none' },
} as const satisfies Record<string, BackoffPolicy>;

/**
 * The wait after the `failedTries`-th failure in a row (1 for the first).
 * @param random for 'full' jitter; injected in tests
 */
export function backoffDelayMs(
  policy: BackoffPolicy,
  failedTries: number,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.mostMs, policy.firstMs * 2 ** Math.max(0, failedTries - 1));
  if (policy.jitter === 'full') return Math.floor(random() * ceiling);
  if (policy.jitter === 'equal') return Math.floor(ceiling / 2 + (random() * ceiling) / 2);
  return ceiling;
}
