import { randomInt } from 'node:crypto';
import {
  FieldValue,
  Timestamp,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../runtime/constants';
import { firestore } from '../infra/firebaseAdmin';
import { isSharedCounter, type QuotaCounter } from '../call/quotas';
import type { DocumentOf } from './documents/documentConverter';
import {
  counterStateSchema,
  rateLimitConverter,
  type RateLimitDocument,
} from './documents/rateLimitDocument';
import { userRef } from './userRepository';

/**
 * Where each kind of counter lives, so that no document on a claimant's path is written more
 * than about once a second however many claimants there are:
 *
 * - a person's own counters (`user`): a map `limits` on their `users/{uid}` document, written
 *   in the transaction of the work it counts, so a page saved writes the claim and that one
 *   document, and a person's counters go when their data goes;
 * - an inbox's counter (`recipient`): one `rateLimits` document, counted in the transaction
 *   that queues the email;
 * - counters many callers share (`project`, `address`): SHARDS documents per window, each
 *   call adding one to a shard picked at random with an increment (no transaction), the
 *   window's count being their sum. Checking and counting are two steps, so callers at the
 *   same instant may pass a limit by a few: the limit is a budget, not an exact count.
 *
 * Every `rateLimits` document carries `expiresAt`, the end of its window, for Firestore's TTL
 * policy (firestore.indexes.json) to delete it.
 */

/**
 * Shards per shared counter and window: each takes 1/SHARDS of the calls, so a counter
 * stays under one write a second per document up to SHARDS calls a second.
 */
export const SHARDS = 20;

type CounterState = DocumentOf<typeof counterStateSchema>;

/** A counter as stored (its converter filled what was never written), or none yet. */
function stateOf(stored: CounterState | undefined): CounterState {
  return { windowStart: stored?.windowStart ?? 0, count: stored?.count ?? 0 };
}

/**
 * One more call against a counter in `state`: whether the window has room for it, and the
 * counter's state with it counted (a window that has ended starts again).
 */
function countedOne(
  state: CounterState,
  rule: QuotaCounter['rule'],
  now: number,
): { allowed: boolean; next: CounterState } {
  const { windowStart, count } = state;
  if (now - windowStart >= rule.windowMs)
    return { allowed: true, next: { windowStart: now, count: 1 } };
  return { allowed: count < rule.maxCalls, next: { windowStart, count: count + 1 } };
}

function rateLimits(db: Firestore) {
  return db.collection(COLLECTIONS.rateLimits).withConverter(rateLimitConverter);
}

/** The counters of a call, read in a transaction: the first used up, and how to count it. */
interface QuotasRead {
  /** The first counter with no room left; null when the call may go ahead. */
  exhausted: QuotaCounter | null;
  /** Counts the call on every counter, in the transaction they were read in. */
  count(): void;
}

/**
 * A person's own counters and inboxes' counters, read in a caller's transaction so the
 * counting commits or fails with the work it counts (a page saved is one transaction).
 * Read before any of the transaction's writes, as Firestore requires; `count()` writes, so it
 * comes after the work's own reads. Shared counters are refused here: they are counted
 * outside any transaction (consumeSharedQuotas).
 */
export async function quotasIn(
  tx: Transaction,
  counters: readonly QuotaCounter[],
  /** The caller, whose `users` document holds their own counters. */
  uid: string | undefined,
  now = Date.now(),
  /** The transaction's own database (a job given its database). */
  db: Firestore = firestore(),
): Promise<QuotasRead> {
  if (counters.length === 0) return { exhausted: null, count: () => undefined };
  const shared = counters.find(isSharedCounter);
  if (shared) throw new Error(`quotasIn: ${shared.key} is shared; count it with consumeQuotas`);
  const own = counters.filter((counter) => counter.scope === 'user');
  if (own.length > 0 && !uid) throw new Error('quotasIn: a user counter needs the caller’s uid');
  const person = own.length > 0 && uid ? userRef(uid, db) : null;
  const inboxes = counters.filter((counter) => counter.scope !== 'user');
  // One read each: a call counts its person's counters or an inbox's, so the hot path (a page
  // saved) reads one document, as it did before.
  const limits = person ? (await tx.get(person)).data()?.limits : undefined;
  const inboxSnapshots =
    inboxes.length > 0
      ? await tx.getAll(...inboxes.map((counter) => rateLimits(db).doc(counter.key)))
      : [];
  const stored = new Map(
    inboxes.map((counter, index) => [counter, inboxSnapshots[index]?.data()] as const),
  );
  const next: Array<[QuotaCounter, CounterState]> = [];
  for (const counter of counters) {
    const state =
      counter.scope === 'user' ? stateOf(limits?.[counter.key]) : stateOf(stored.get(counter));
    const counted = countedOne(state, counter.rule, now);
    if (!counted.allowed) return { exhausted: counter, count: () => undefined };
    next.push([counter, counted.next]);
  }
  return {
    exhausted: null,
    count: () => {
      if (person) {
        // Merged field by field: the person's profile and other counters stay as they are.
        const written = Object.fromEntries(
          next.filter(([counter]) => counter.scope === 'user').map(([c, s]) => [c.key, s]),
        );
        tx.set(person, { limits: written }, { merge: true });
      }
      for (const [counter, state] of next) {
        if (counter.scope === 'user') continue;
        tx.set(rateLimits(db).doc(counter.key), {
          scope: counter.scope,
          ...state,
          expiresAt: Timestamp.fromMillis(state.windowStart + counter.rule.windowMs),
        });
      }
    },
  };
}

/** A shared counter's window: the same for every caller, so all count on the same shards. */
function windowOf(counter: QuotaCounter, now: number): { index: number; end: number } {
  const index = Math.floor(now / counter.rule.windowMs);
  return { index, end: (index + 1) * counter.rule.windowMs };
}

function shardRef(db: Firestore, counter: QuotaCounter, window: number, shard: number) {
  return rateLimits(db).doc(`${counter.key}_w${window}_s${shard}`);
}

/** The calls counted so far in a shared counter's current window (the sum of its shards). */
export async function sharedCount(
  counter: QuotaCounter,
  now = Date.now(),
  db: Firestore = firestore(),
): Promise<number> {
  const { index } = windowOf(counter, now);
  const refs = Array.from({ length: SHARDS }, (_, shard) => shardRef(db, counter, index, shard));
  // Firestore.getAll reads each document through its reference's converter (the shards' own),
  // but is declared without the references' type, unlike Transaction.getAll.
  const snapshots = (await db.getAll(...refs)) as DocumentSnapshot<RateLimitDocument>[];
  return snapshots.reduce((sum, snapshot) => sum + stateOf(snapshot.data()).count, 0);
}

/** Counts one call on each shared counter: one increment, on a shard picked at random. */
async function countShared(
  counters: readonly QuotaCounter[],
  now: number,
  db: Firestore,
): Promise<void> {
  await Promise.all(
    counters.map((counter) => {
      const { index, end } = windowOf(counter, now);
      return shardRef(db, counter, index, randomInt(SHARDS)).set(
        {
          scope: counter.scope,
          count: FieldValue.increment(1),
          expiresAt: Timestamp.fromMillis(end),
        },
        { merge: true },
      );
    }),
  );
}

/**
 * Checks and counts one call against `counters`: when any is used up, the first such counter
 * is returned and nothing is counted. Shared counters are checked first and counted last, so
 * a call the caller's own limit refuses costs the shared budget nothing.
 */
export async function consumeQuotas(
  counters: readonly QuotaCounter[],
  uid: string,
  now = Date.now(),
): Promise<QuotaCounter | null> {
  const db = firestore();
  const shared = counters.filter(isSharedCounter);
  const kept = counters.filter((counter) => !isSharedCounter(counter));
  for (const counter of shared) {
    if ((await sharedCount(counter, now, db)) >= counter.rule.maxCalls) return counter;
  }
  if (kept.length > 0) {
    const exhausted = await db.runTransaction(async (tx) => {
      const quotas = await quotasIn(tx, kept, uid, now, db);
      if (!quotas.exhausted) quotas.count();
      return quotas.exhausted;
    });
    if (exhausted) return exhausted;
  }
  await countShared(shared, now, db);
  return null;
}

/** Whether a counter has room for one more, and how to count it (see quotaAllowanceIn). */
export interface QuotaAllowance {
  allowed: boolean;
  /** Counts the one more, in the transaction the allowance was read in. */
  count(): void;
}

/**
 * One counter, read in a caller's transaction (before any of its writes, as Firestore
 * requires), for a count that must commit or fail with what it counts (an email queued in the
 * transaction that records its event). `db` is the transaction's own (a job given its database).
 */
export async function quotaAllowanceIn(
  tx: Transaction,
  counter: QuotaCounter,
  now = Date.now(),
  db: Firestore = firestore(),
): Promise<QuotaAllowance> {
  const read = await quotasIn(tx, [counter], undefined, now, db);
  return { allowed: read.exhausted === null, count: read.count };
}
