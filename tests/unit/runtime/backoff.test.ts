import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BACKOFF, backoffDelayMs } from '../../../src/runtime/backoff';

describe('backoffDelayMs', () => {
  it('doubles from the first wait and stops at the most', () => {
    const top = () => 0.9999999;
    const waits = [1, 2, 3, 4, 5, 6, 7].map((tries) => backoffDelayMs(BACKOFF.outbox, tries, top));
    expect(waits).toEqual([1_999, 3_999, 7_999, 15_999, 31_999, 59_999, 59_999]);
    expect(backoffDelayMs(BACKOFF.connection, 10, top)).toBe(29_999);
  });

  it('spreads the outbox’s waits over the upper half, so claimants do not retry in step', () => {
    expect(backoffDelayMs(BACKOFF.outbox, 1, () => 0)).toBe(1_000);
    expect(backoffDelayMs(BACKOFF.outbox, 3, () => 0.5)).toBe(6_000);
    const waits = new Set(Array.from({ length: 50 }, () => backoffDelayMs(BACKOFF.outbox, 4)));
    expect(waits.size).toBeGreaterThan(10);
    for (const wait of waits) expect(wait).toBeGreaterThanOrEqual(8_000);
  });

  it('spreads a jittered wait over 0 to the ceiling', () => {
    expect(backoffDelayMs(BACKOFF.outsideService, 3, () => 0)).toBe(0);
    expect(backoffDelayMs(BACKOFF.outsideService, 3, () => 0.5)).toBe(500);
    expect(backoffDelayMs(BACKOFF.outsideService, 30, () => 0.999)).toBe(3_996);
  });

  it('agrees with the numbers index.html’s inline script writes itself', () => {
    const html = readFileSync(new URL('../../../index.html', import.meta.url), 'utf8');
    expect(html).toContain(`var retryDelay = ${BACKOFF.pageScript.firstMs};`);
    expect(html).toContain(`Math.min(retryDelay * 2, ${BACKOFF.pageScript.mostMs})`);
  });
});
