import type { Auth, UserRecord } from 'firebase-admin/auth';
import { Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { planRetention, type RetentionPlan, type RetentionPolicy } from '../../runtime/claim';
import { COLLECTIONS } from '../../runtime/constants';

export interface RetentionDependencies {
  db: Firestore;
  auth: Auth;
  /** The job's clock (ms): the scheduled run passes Date.now(), tests a fixed moment. */
  now: number;
  policy: RetentionPolicy;
  /** Writes per Firestore batch (500 at most). */
  batchSize?: number;
  /** Called before each batch is written: tests inject a failure part-way through here. */
  beforeBatch?: (batchIndex: number) => void;
}

export interface RetentionOutcome extends RetentionPlan {
  /** How many batches were written before the run ended. */
  batches: number;
}

function millisOf(value: unknown): number {
  return value instanceof Timestamp ? value.toMillis() : 0;
}

function lastActiveOf(record: UserRecord): number {
  const times = [
    record.metadata.creationTime,
    record.metadata.lastSignInTime,
    record.metadata.lastRefreshTime,
  ]
    .filter((time): time is string => typeof time === 'string' && time.length > 0)
    .map((time) => Date.parse(time))
    .filter(Number.isFinite);
  return times.length > 0 ? Math.max(...times) : 0;
}

async function everyUser(auth: Auth): Promise<UserRecord[]> {
  const users: UserRecord[] = [];
  let pageToken: string | undefined;
  do {
    const page = await auth.listUsers(1000, pageToken);
    users.push(...page.users);
    pageToken = page.pageToken;
  } while (pageToken);
  return users;
}

/**
 * What anonymising keeps of a sent claim: its reference, funnel, status and dates (and its
 * history subcollection). An allowlist, so a personal field added later is dropped too.
 */
const KEPT_WHEN_ANONYMISED = [
  'funnelId',
  'funnelVersion',
  'status',
  'reference',
  'createdAt',
  'updatedAt',
  'submittedAt',
  'withdrawnAt',
  'accountDeletedAt',
] as const;

function anonymised(data: DocumentData, now: number): DocumentData {
  const kept = Object.fromEntries(
    KEPT_WHEN_ANONYMISED.filter((field) => field in data).map((field) => [field, data[field]]),
  );
  return { ...kept, userId: null, answers: {}, anonymisedAt: Timestamp.fromMillis(now) };
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size)
    out.push(items.slice(start, start + size));
  return out;
}

/**
 * Deletes stale drafts and anonymous sessions and anonymises sent claims past their years
 * (see planRetention). It reads what is there now, so a run that failed part-way is resumed
 * by the next: what was deleted is gone and what was anonymised is marked, so nothing is
 * done twice. Auth users go last, after their drafts.
 */
export async function runRetention(deps: RetentionDependencies): Promise<RetentionOutcome> {
  const { db, auth, now, policy } = deps;
  const batchSize = Math.min(deps.batchSize ?? 400, 500);
  const [claimDocs, users] = await Promise.all([
    db.collection(COLLECTIONS.claims).get(),
    everyUser(auth),
  ]);
  const stored = new Map(claimDocs.docs.map((doc) => [doc.id, doc.data()]));
  const plan = planRetention({
    claims: claimDocs.docs.map((doc) => {
      const data = doc.data();
      return {
        claimId: doc.id,
        userId: typeof data.userId === 'string' ? data.userId : null,
        status: data.status === 'submitted' ? 'submitted' : 'draft',
        updatedAt: millisOf(data.updatedAt),
        submittedAt: data.submittedAt instanceof Timestamp ? data.submittedAt.toMillis() : null,
        anonymised: data.anonymisedAt instanceof Timestamp,
      };
    }),
    users: users.map((record) => ({
      uid: record.uid,
      anonymous: record.providerData.length === 0 && !record.email && !record.phoneNumber,
      lastActiveAt: lastActiveOf(record),
    })),
    now,
    policy,
  });

  const writes = [
    ...plan.deleteDrafts.map((claimId) => ({ claimId, kind: 'delete' as const })),
    ...plan.anonymiseClaims.map((claimId) => ({ claimId, kind: 'anonymise' as const })),
  ];
  let batches = 0;
  const done: RetentionPlan = { deleteDrafts: [], anonymiseClaims: [], deleteUsers: [] };
  for (const group of chunks(writes, batchSize)) {
    deps.beforeBatch?.(batches);
    const batch = db.batch();
    for (const write of group) {
      const ref = db.collection(COLLECTIONS.claims).doc(write.claimId);
      if (write.kind === 'delete') batch.delete(ref);
      else {
        // Delete, then write what is kept: the document holds nothing else afterwards, even
        // where a set() merges (the local Node Firestore emulator keeps unnamed fields).
        batch.delete(ref);
        batch.set(ref, anonymised(stored.get(write.claimId) ?? {}, now));
      }
    }
    await batch.commit();
    batches += 1;
    for (const write of group) {
      (write.kind === 'delete' ? done.deleteDrafts : done.anonymiseClaims).push(write.claimId);
    }
  }
  for (const group of chunks(plan.deleteUsers, 1000)) {
    deps.beforeBatch?.(batches);
    await auth.deleteUsers(group);
    batches += 1;
    done.deleteUsers.push(...group);
  }
  return { ...done, batches };
}
