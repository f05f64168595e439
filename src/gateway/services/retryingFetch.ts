/**
 * fetch with the retry rules every outside service shares: transient failures (429, 5xx,
 * timeouts, network errors) are retried with backoff; everything else is returned at once
 * for the calling client to interpret against its own API's contract.
 */
import { BACKOFF, backoffDelayMs as backoffDelay } from '../../runtime/backoff';
import { ServiceError } from './serviceError';

/** How hard to try. Every field has a default; tests override `sleep` and `random`. */
export interface RetryPolicy {
  /** Attempts in total, the first included. Default 3. */
  maxAttempts?: number;
  /** Each attempt (request and reading the body) is aborted after this long. Default 5000. */
  timeoutMs?: number;
  /** Backoff before the second attempt, doubled for each later one. Default 250. */
  baseDelayMs?: number;
  /** Backoff never exceeds this. Default 4000. */
  maxDelayMs?: number;
  /**
   * A `Retry-After` longer than this ends the retries at once: the gateway answers a
   * claimant who is waiting, so it reports the failure rather than sleep for minutes.
   * Default 10000.
   */
  maxRetryAfterMs?: number;
  /** Waits between attempts. Default: a real timer. */
  sleep?: (ms: number) => Promise<void>;
  /** Jitter source in [0, 1). Default `Math.random`. */
  random?: () => number;
  /** The fetch to call. Default the global fetch of Node 20. */
  fetchImpl?: typeof fetch;
}

/** A policy plus the words to use when the service cannot be reached. */
interface RetryingFetchOptions extends RetryPolicy {
  /** Names the service in operator details, e.g. "DVLA". */
  serviceName: string;
  /** Claimant-facing message of the `unavailable` or `rate-limited` error. */
  failureMessage: string;
}

/** A response whose body has already been read, inside the attempt's timeout. */
export interface FetchedResponse {
  status: number;
  headers: Headers;
  bodyText: string;
}

const DEFAULTS = {
  maxAttempts: 3,
  timeoutMs: 5_000,
  baseDelayMs: BACKOFF.outsideService.firstMs,
  maxDelayMs: BACKOFF.outsideService.mostMs,
  maxRetryAfterMs: 10_000,
} as const;

/** True for the statuses worth trying again: 429 and every 5xx. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || (status >= 500 && status <= 599);
}

/**
 * The wait a `Retry-After` header asks for, in milliseconds, or undefined when the header
 * is absent or not a whole number of seconds (the form the services here use).
 */
export function parseRetryAfterMs(header: string | null): number | undefined {
  if (header === null || !/^\s*\d+\s*$/.test(header)) return undefined;
  return Number(header.trim()) * 1000;
}

/**
 * "Full jitter" exponential backoff: a random wait between 0 and base * 2^(n-1), capped.
 * Random spread stops many gateway instances retrying in lockstep against a service that
 * is already struggling.
 */
export function backoffDelayMs(
  failedAttempt: number,
  policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs' | 'random'> = {},
): number {
  return backoffDelay(
    {
      firstMs: policy.baseDelayMs ?? DEFAULTS.baseDelayMs,
      mostMs: policy.maxDelayMs ?? DEFAULTS.maxDelayMs,
      jitter: BACKOFF.outsideService.jitter,
    },
    failedAttempt,
    policy.random,
  );
}

function realSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

type AttemptOutcome =
  { ok: true; response: FetchedResponse } | { ok: false; reason: 'timeout' | 'network' };

/** One request with its own AbortController, so a hung attempt cannot stall the others. */
async function attemptOnce(
  url: string,
  init: RequestInit,
  fetchImpl: typeof fetch,
  timeoutMs: number,
): Promise<AttemptOutcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetchImpl(url, { ...init, signal: controller.signal });
    // Read the body before clearing the timer: a server can send headers and then stall.
    const bodyText = await response.text();
    return { ok: true, response: { status: response.status, headers: response.headers, bodyText } };
  } catch {
    // The error itself is dropped on purpose: undici's messages can quote the URL and key.
    return { ok: false, reason: controller.signal.aborted ? 'timeout' : 'network' };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Calls `url` up to `maxAttempts` times. Returns the first answer that is not 429 or 5xx
 * (including 4xx, which retrying cannot fix). Throws a {@link ServiceError}: `rate-limited`
 * when the last answer was 429, otherwise `unavailable`.
 */
export async function retryingFetch(
  url: string,
  init: RequestInit,
  options: RetryingFetchOptions,
): Promise<FetchedResponse> {
  const maxAttempts = Math.max(1, Math.floor(options.maxAttempts ?? DEFAULTS.maxAttempts));
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? DEFAULTS.maxRetryAfterMs;
  const sleep = options.sleep ?? realSleep;
  const fetchImpl = options.fetchImpl ?? globalThis.fetch;

  let lastStatus: number | undefined;
  let lastProblem = '';
  let attempt = 0;
  while (attempt < maxAttempts) {
    attempt += 1;
    const outcome = await attemptOnce(url, init, fetchImpl, timeoutMs);
    if (outcome.ok && !isRetryableStatus(outcome.response.status)) return outcome.response;

    let delayMs = backoffDelayMs(attempt, options);
    if (outcome.ok) {
      lastStatus = outcome.response.status;
      lastProblem = `answered ${lastStatus}`;
      const retryAfterMs = parseRetryAfterMs(outcome.response.headers.get('retry-after'));
      if (retryAfterMs !== undefined) {
        if (retryAfterMs > maxRetryAfterMs) {
          lastProblem += ` with Retry-After ${retryAfterMs / 1000}s, longer than we wait`;
          break;
        }
        delayMs = retryAfterMs;
      }
    } else {
      lastStatus = undefined;
      lastProblem =
        outcome.reason === 'timeout' ? `timed out after ${timeoutMs}ms` : 'was unreachable';
    }
    if (attempt < maxAttempts) await sleep(delayMs);
  }

  const detail = `${options.serviceName} ${lastProblem} (attempt ${attempt} of ${maxAttempts})`;
  const kind = lastStatus === 429 ? 'rate-limited' : 'unavailable';
  throw new ServiceError(kind, options.failureMessage, {
    ...(lastStatus === undefined ? {} : { status: lastStatus }),
    detail,
  });
}
