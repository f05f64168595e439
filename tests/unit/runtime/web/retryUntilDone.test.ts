import { describe, expect, it } from 'vitest';
import { retryUntilDone } from '../../../../src/runtime/web';
import { fakeBrowser } from './fakeBrowser';

/** An attempt that fails `failures` times, then succeeds. */
function flaky(failures: number) {
  const attempt = async () => {
    attempt.calls += 1;
    if (attempt.calls <= failures) throw new Error('offline');
  };
  attempt.calls = 0;
  return attempt;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const waits = { firstMs: 2_000, mostMs: 8_000, jitter: 'none' } as const;

describe('retryUntilDone', () => {
  it('tries once, and no more when that succeeds', async () => {
    const fake = fakeBrowser();
    const attempt = flaky(0);
    retryUntilDone(attempt, fake.browser, waits);
    await settle();
    expect(attempt.calls).toBe(1);
    expect(fake.waits()).toEqual([]);
    expect(fake.listening()).toBe(0);
  });

  it('tries again after waits that double up to the most, while no online event comes', async () => {
    const fake = fakeBrowser();
    const attempt = flaky(4);
    retryUntilDone(attempt, fake.browser, waits);
    const seen: number[][] = [];
    for (let i = 0; i < 4; i++) {
      await settle();
      seen.push(fake.waits());
      fake.elapse();
    }
    await settle();
    expect(seen).toEqual([[2_000], [4_000], [8_000], [8_000]]);
    expect(attempt.calls).toBe(5);
    expect(fake.waits()).toEqual([]);
    expect(fake.listening()).toBe(0);
  });

  it('tries again at once when the browser is back online, and drops the pending wait', async () => {
    const fake = fakeBrowser();
    const attempt = flaky(1);
    retryUntilDone(attempt, fake.browser, waits);
    await settle();
    expect(fake.listening()).toBe(1);
    fake.backOnline();
    await settle();
    expect(attempt.calls).toBe(2);
    expect(fake.waits()).toEqual([]);
    fake.elapse();
    await settle();
    expect(attempt.calls).toBe(2);
  });

  it('stops when told to: no wait or listener is left behind', async () => {
    const fake = fakeBrowser();
    const attempt = flaky(10);
    const stop = retryUntilDone(attempt, fake.browser, waits);
    await settle();
    stop();
    expect(fake.waits()).toEqual([]);
    expect(fake.listening()).toBe(0);
    fake.elapse();
    fake.backOnline();
    await settle();
    expect(attempt.calls).toBe(1);
  });
});
