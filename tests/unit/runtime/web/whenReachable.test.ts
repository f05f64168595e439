import { describe, expect, it } from 'vitest';
import { whenReachable, type ReachabilityProbe } from '../../../../src/runtime/web';
import { fakeBrowser } from './fakeBrowser';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const waits = { firstMs: 2_000, mostMs: 8_000, jitter: 'none' } as const;

/** A server that answers as `answers` says, one answer a probe (then the last one). */
function server(...answers: Array<boolean | 'down'>) {
  const asked: string[] = [];
  const probe: ReachabilityProbe = async (url) => {
    asked.push(url);
    const answer = answers[Math.min(asked.length - 1, answers.length - 1)];
    if (answer === 'down') throw new TypeError('Failed to fetch');
    return { ok: answer! };
  };
  return { probe, asked };
}

describe('whenReachable', () => {
  it('resolves at once when the address answers', async () => {
    const { browser } = fakeBrowser();
    const { probe, asked } = server(true);
    await whenReachable('/assets/index-a.js', probe, browser, waits);
    expect(asked).toEqual(['/assets/index-a.js']);
  });

  it('waits while the connection is down or the server refuses, and resolves once it answers', async () => {
    const fake = fakeBrowser();
    const { probe, asked } = server('down', false, true);
    let reachable = false;
    void whenReachable('/assets/index-a.js', probe, fake.browser, waits).then(
      () => (reachable = true),
    );
    await settle();
    expect(reachable).toBe(false);
    expect(fake.waits()).toEqual([2_000]);
    fake.backOnline();
    await settle();
    expect(reachable).toBe(false);
    expect(asked).toHaveLength(2);
    fake.elapse();
    await settle();
    expect(reachable).toBe(true);
    expect(asked).toHaveLength(3);
    expect(fake.listening()).toBe(0);
  });
});
