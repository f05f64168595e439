/**
 * Limits many callers count on together (the whole service's budget of paid lookups or
 * account questions, an address when an operator sets one) are sharded: each call adds one to
 * a shard picked at random, outside any transaction, and the window's count is their sum. So
 * no one document takes every caller's write, and the limit still holds across sessions.
 * Each test counts on a counter of its own, so the gateway's real budgets are not touched.
 */
import { randomUUID } from 'node:crypto';
import type { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import type { QuotaCounter } from '../../../src/gateway/call/quotas';
import {
  consumeQuotas,
  SHARDS,
  sharedCount,
} from '../../../src/gateway/repositories/rateLimitRepository';
import { DEMO_PROJECT_ID } from '../../../src/runtime/constants';
import { db, signUpAnonymous } from '../support/emulators';

// The repository's own default app, as the Functions emulator gives it its project.
process.env.GCLOUD_PROJECT ??= DEMO_PROJECT_ID;

const HOUR = 60 * 60 * 1000;

function projectCounter(maxCalls: number): QuotaCounter {
  return {
    scope: 'project',
    key: `test_${randomUUID()}_project`,
    rule: { maxCalls, windowMs: HOUR },
  };
}

async function shardsOf(counter: QuotaCounter, now: number) {
  const window = Math.floor(now / HOUR);
  const snapshots = await db().getAll(
    ...Array.from({ length: SHARDS }, (_, shard) =>
      db().collection('rateLimits').doc(`${counter.key}_w${window}_s${shard}`),
    ),
  );
  return snapshots.filter((snapshot) => snapshot.exists).map((snapshot) => snapshot.data()!);
}

describe('a limit shared by every caller', () => {
  it('counts each call once across many sessions, spread over shards that expire with the window', async () => {
    const counter = projectCounter(1000);
    const now = Date.now();
    const sessions = await Promise.all(Array.from({ length: 8 }, () => signUpAnonymous()));
    const refused = await Promise.all(
      Array.from({ length: 60 }, (_, call) =>
        consumeQuotas([counter], sessions[call % sessions.length]!.uid, now),
      ),
    );
    expect(refused.every((exhausted) => exhausted === null)).toBe(true);
    expect(await sharedCount(counter, now)).toBe(60);
    const shards = await shardsOf(counter, now);
    // 60 calls on 20 shards: never all on one document.
    expect(shards.length).toBeGreaterThan(1);
    expect(Math.max(...shards.map((shard) => shard.count as number))).toBeLessThan(60);
    const windowEnd = (Math.floor(now / HOUR) + 1) * HOUR;
    for (const shard of shards) {
      expect(shard.scope).toBe('project');
      expect((shard.expiresAt as Timestamp).toMillis()).toBe(windowEnd);
    }
  });

  it('refuses every session once the window is used up, counting no refused call', async () => {
    const counter = projectCounter(5);
    const now = Date.now();
    const answers: (QuotaCounter | null)[] = [];
    for (let call = 0; call < 8; call += 1) {
      // A script rotating anonymous sessions: each call from a fresh one.
      const fresh = await signUpAnonymous();
      answers.push(await consumeQuotas([counter], fresh.uid, now));
    }
    expect(answers.map((exhausted) => exhausted?.key ?? 'allowed')).toEqual([
      ...Array(5).fill('allowed'),
      ...Array(3).fill(counter.key),
    ]);
    expect(await sharedCount(counter, now)).toBe(5);
    // The next window starts again.
    expect(await consumeQuotas([counter], (await signUpAnonymous()).uid, now + HOUR)).toBeNull();
  });

  it('costs the shared budget nothing when the caller’s own limit refuses the call', async () => {
    const shared = projectCounter(100);
    const own: QuotaCounter = {
      scope: 'user',
      key: `test_${randomUUID()}`,
      rule: { maxCalls: 2, windowMs: HOUR },
    };
    const caller = await signUpAnonymous();
    const now = Date.now();
    const answers = [];
    for (let call = 0; call < 4; call += 1)
      answers.push(await consumeQuotas([own, shared], caller.uid, now));
    expect(answers.map((exhausted) => exhausted?.scope ?? 'allowed')).toEqual([
      'allowed',
      'allowed',
      'user',
      'user',
    ]);
    expect(await sharedCount(shared, now)).toBe(2);
    const person = (await db().collection('users').doc(caller.uid).get()).data();
    expect(person?.limits?.[own.key]).toMatchObject({ count: 2 });
  });
});
