/**
 * The shared retry rules, exercised against a real local server: what is retried, how long
 * it waits, when it gives up, and that errors never carry the URL (which can hold a key).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  backoffDelayMs,
  isRetryableStatus,
  parseRetryAfterMs,
  retryingFetch,
  type RetryPolicy,
} from '../../../src/gateway/services/retryingFetch';
import { startContractServer, type ContractServer } from '../../support/contractServers';
import { recordingRetryPolicy } from './recordingRetryPolicy';
import { expectServiceFailure } from './serviceErrorAssertions';

const FAILURE_MESSAGE = 'Lookup is not available at the moment.';

let server: ContractServer;
beforeAll(async () => {
  server = await startContractServer(() => ({ status: 200, body: { ok: true } }));
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());

function get(policy: RetryPolicy, url = `${server.url}/thing?api_key=secret-key-789`) {
  return retryingFetch(
    url,
    { method: 'GET' },
    {
      ...policy,
      serviceName: 'Test API',
      failureMessage: FAILURE_MESSAGE,
    },
  );
}

describe('retryingFetch', () => {
  it('returns the first answer, body already read', async () => {
    const response = await get(recordingRetryPolicy());
    expect(response.status).toBe(200);
    expect(JSON.parse(response.bodyText)).toEqual({ ok: true });
    expect(server.requests).toHaveLength(1);
  });

  it.each([500, 502, 503, 504, 429])('retries %i', async (status) => {
    server.enqueue({ status });
    const policy = recordingRetryPolicy();
    await expect(get(policy)).resolves.toMatchObject({ status: 200 });
    expect(server.requests).toHaveLength(2);
    expect(policy.sleeps).toEqual([125]);
  });

  it.each([400, 401, 403, 404, 409, 422])(
    'returns %i at once, without retrying',
    async (status) => {
      server.enqueue({ status, body: { status } });
      const policy = recordingRetryPolicy();
      await expect(get(policy)).resolves.toMatchObject({ status });
      expect(server.requests).toHaveLength(1);
      expect(policy.sleeps).toEqual([]);
    },
  );

  it('waits as long as Retry-After says, in seconds', async () => {
    server.enqueue({ status: 503, headers: { 'Retry-After': '3' } });
    const policy = recordingRetryPolicy();
    await get(policy);
    expect(policy.sleeps).toEqual([3000]);
  });

  it('gives up at once when Retry-After is longer than it will wait', async () => {
    server.enqueue({ status: 429, headers: { 'Retry-After': '120' } });
    const policy = recordingRetryPolicy();
    const error = await expectServiceFailure(get(policy), 'rate-limited', FAILURE_MESSAGE);
    expect(error.status).toBe(429);
    expect(server.requests).toHaveLength(1);
    expect(policy.sleeps).toEqual([]);
  });

  it('makes maxAttempts attempts in all', async () => {
    server.enqueue(...Array.from({ length: 5 }, () => ({ status: 500 })));
    const policy = recordingRetryPolicy({ maxAttempts: 5 });
    const error = await expectServiceFailure(get(policy), 'unavailable', FAILURE_MESSAGE);
    expect(server.requests).toHaveLength(5);
    expect(policy.sleeps).toEqual([125, 250, 500, 1000]);
    expect(error.detail).toBe('Test API answered 500 (attempt 5 of 5)');
  });

  it('aborts an attempt after timeoutMs and retries it', async () => {
    server.enqueue({ status: 200, body: { slow: true }, delayMs: 2_000 });
    const started = Date.now();
    const response = await get(recordingRetryPolicy({ timeoutMs: 100 }));
    expect(JSON.parse(response.bodyText)).toEqual({ ok: true });
    expect(server.requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('reports unavailable when every attempt times out', async () => {
    server.enqueue(...Array.from({ length: 3 }, () => ({ status: 200, delayMs: 2_000 })));
    const error = await expectServiceFailure(
      get(recordingRetryPolicy({ timeoutMs: 50 })),
      'unavailable',
      FAILURE_MESSAGE,
    );
    expect(error.status).toBeUndefined();
    expect(error.detail).toBe('Test API timed out after 50ms (attempt 3 of 3)');
  });

  it('reports unavailable, without the URL or key, when the service cannot be reached', async () => {
    const closed = await startContractServer(() => ({ status: 200 }));
    await closed.close();
    const policy = recordingRetryPolicy();
    const error = await expectServiceFailure(
      get(policy, `${closed.url}/thing?api_key=secret-key-789`),
      'unavailable',
      FAILURE_MESSAGE,
    );
    expect(policy.sleeps).toHaveLength(2);
    const everything = `${error.message} ${error.detail} ${error.stack} ${JSON.stringify(error)}`;
    expect(everything).not.toContain('secret-key-789');
    expect(everything).not.toContain(closed.url);
  });
});

describe('retry rules', () => {
  it('retries only 429 and 5xx', () => {
    expect([429, 500, 503, 599].every(isRetryableStatus)).toBe(true);
    expect([200, 301, 400, 401, 403, 404, 428, 600].some(isRetryableStatus)).toBe(false);
  });

  it('reads Retry-After as whole seconds only', () => {
    expect(parseRetryAfterMs('2')).toBe(2000);
    expect(parseRetryAfterMs(' 0 ')).toBe(0);
    expect(parseRetryAfterMs(null)).toBeUndefined();
    expect(parseRetryAfterMs('1.5')).toBeUndefined();
    expect(parseRetryAfterMs('Wed, 21 Oct 2015 07:28:00 GMT')).toBeUndefined();
  });

  it('backs off exponentially with full jitter, capped', () => {
    const almostOne = { baseDelayMs: 100, maxDelayMs: 1000, random: () => 0.999 };
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffDelayMs(n, almostOne))).toEqual([
      99, 199, 399, 799, 999, 999,
    ]);
    expect(backoffDelayMs(3, { ...almostOne, random: () => 0 })).toBe(0);
  });
});
