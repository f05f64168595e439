import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BACKOFF, backoffDelayMs } from '../../../src/runtime/backoff';

describe('backoffDelayMs', () => {
  it('doubles from the first wait and stops at the most', () => {
    const waits = [1, 2, 3, 4, 5, 6, 7].map((tries) => backoffDelayMs(BACKOFF.outbox, tries));
    expect(waits).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000]);
    expect(backoffDelayMs(BACKOFF.connection, 10)).toBe(30_000);
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
