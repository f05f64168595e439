import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../runtime/constants';
import { firestore } from '../infra/firebaseAdmin';
import type { QuotaCounter } from '../call/quotas';

interface CounterState {
  windowStart: number;
  count: number;
}

function stateOf(data: Record<string, unknown> | undefined): CounterState {
  return {
    windowStart: typeof data?.windowStart === 'number' ? data.windowStart : 0,
    count: typeof data?.count === 'number' ? data.count : 0,
  };
}

/**
 * One more call against a counter whose document holds `data`: whether the window has room for
 * it, and the counter's state with it counted (a window that has ended starts again).
 */
function countedOne(
  data: Record<string, unknown> | undefined,
  rule: QuotaCounter['rule'],
  now: number,
): { allowed: boolean; next: CounterState } {
  const { windowStart, count } = stateOf(data);
  if (now - windowStart >= rule.windowMs)
    return { allowed: true, next: { windowStart: now, count: 1 } };
  return { allowed: count < rule.maxCalls, next: { windowStart, count: count + 1 } };
}

/** A counter's document: its state, when TTL may delete it, and the uid of a per-user one. */
function counterDocument(counter: QuotaCounter, state: CounterState, uid?: string) {
  return {
    scope: counter.scope,
    ...(counter.scope === 'user' && uid ? { uid } : {}),
    ...state,
    expiresAt: Timestamp.fromMillis(state.windowStart + counter.rule.windowMs),
  };
}

/**
 * Fixed-window counters in `rateLimits/{key}`, all checked and counted in one transaction:
 * when any of them is used up, the first such counter is returned and nothing is counted.
 * Each document carries `expiresAt`, the end of its window, for Firestore's TTL policy
 * (firestore.indexes.json) to delete it. Only a per-user counter carries the uid.
 */
export async function consumeQuotas(
  counters: readonly QuotaCounter[],
  uid: string,
  now = Date.now(),
): Promise<QuotaCounter | null> {
  if (counters.length === 0) return null;
  return firestore().runTransaction(async (tx) => {
    const quotas = await quotasIn(tx, counters, uid, now);
    if (!quotas.exhausted) quotas.count();
    return quotas.exhausted;
  });
}

/** The counters of a call, read in a transaction: the first used up, and how to count it. */
interface QuotasRead {
  /** The first counter with no room left; null when the call may go ahead. */
  exhausted: QuotaCounter | null;
  /** Counts the call on every counter, in the transaction they were read in. */
  count(): void;
}

/**
 * The counters of consumeQuotas read in a caller's transaction, so the counting commits or
 * fails with the work it counts (a save is then one transaction, not two). Read before any
 * of the transaction's writes, as Firestore requires; `count()` writes, so it comes after the
 * work's own reads.
 */
export async function quotasIn(
  tx: Transaction,
  counters: readonly QuotaCounter[],
  /** The caller, kept on a per-user counter (forgetRateLimits finds it by it). */
  uid: string | undefined,
  now = Date.now(),
  /** The transaction's own database (a job given its database). */
  db: Firestore = firestore(),
): Promise<QuotasRead> {
  if (counters.length === 0) return { exhausted: null, count: () => undefined };
  const collection = db.collection(COLLECTIONS.rateLimits);
  const refs = counters.map((counter) => collection.doc(counter.key));
  const snapshots = await tx.getAll(...refs);
  const next: CounterState[] = [];
  for (const [index, counter] of counters.entries()) {
    const counted = countedOne(snapshots[index]!.data(), counter.rule, now);
    if (!counted.allowed) return { exhausted: counter, count: () => undefined };
    next.push(counted.next);
  }
  return {
    exhausted: null,
    count: () => {
      for (const [index, counter] of counters.entries()) {
        tx.set(refs[index]!, counterDocument(counter, next[index]!, uid));
      }
    },
  };
}

/** Every counter of the caller (after their account is deleted, nothing keyed by their uid stays). */
export async function forgetRateLimits(uid: string): Promise<void> {
  const counters = await firestore()
    .collection(COLLECTIONS.rateLimits)
    .where('uid', '==', uid)
    .get();
  await Promise.all(counters.docs.map((doc) => doc.ref.delete()));
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
