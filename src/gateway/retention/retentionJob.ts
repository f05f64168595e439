import type { Auth, UserRecord } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { planRetention, type RetentionPlan, type RetentionPolicy } from '../../runtime/claim';
import {
  claimsForRetention,
  deleteUserDocuments,
  writeRetentionBatch,
  type MalformedClaim,
  type RetentionWrite,
} from '../repositories/retentionRepository';
import { deleteFilesOfClaim, sweepUnsavedUploads } from '../handlers/evidence/evidenceCleanup';

interface RetentionDependencies {
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

interface RetentionOutcome extends RetentionPlan {
  /** How many batches were written before the run ended. */
  batches: number;
  /** Evidence files deleted: those of claims deleted or anonymised, and unsaved uploads. */
  evidenceFilesDeleted: number;
  /** Claims that do not fit their schema: left, with their owners' sessions, until put right. */
  malformedClaims: MalformedClaim[];
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
  const [{ claims, stored, malformed }, users] = await Promise.all([
    claimsForRetention(db),
    everyUser(auth),
  ]);
  // A malformed claim may be a sent one: its session, the claimant's way to it, stays.
  const holdsMalformed = new Set(malformed.map((claim) => claim.userId));
  const planned = planRetention({
    claims,
    users: users.map((record) => ({
      uid: record.uid,
      anonymous: record.providerData.length === 0 && !record.email && !record.phoneNumber,
      lastActiveAt: lastActiveOf(record),
    })),
    now,
    policy,
  });
  const plan = {
    ...planned,
    deleteUsers: planned.deleteUsers.filter((uid) => !holdsMalformed.has(uid)),
  };

  const writes: RetentionWrite[] = [
    ...plan.deleteDrafts.map((claimId) => ({ claimId, kind: 'delete' as const })),
    ...plan.anonymiseClaims.map((claimId) => ({ claimId, kind: 'anonymise' as const })),
  ];
  let batches = 0;
  const done: RetentionPlan = { deleteDrafts: [], anonymiseClaims: [], deleteUsers: [] };
  let evidenceFilesDeleted = 0;
  for (const group of chunks(writes, batchSize)) {
    deps.beforeBatch?.(batches);
    // A claim's files go with it, deleted or anonymised (they are the claimant's own data),
    // and before it: a run that fails here leaves the claim for the next run to finish.
    for (const write of group) evidenceFilesDeleted += await deleteFilesOfClaim(write.claimId);
    await writeRetentionBatch(db, group, stored, now);
    batches += 1;
    for (const write of group) {
      (write.kind === 'delete' ? done.deleteDrafts : done.anonymiseClaims).push(write.claimId);
    }
  }
  evidenceFilesDeleted += await sweepUnsavedUploads(now);
  for (const group of chunks(plan.deleteUsers, 500)) {
    deps.beforeBatch?.(batches);
    await deleteUserDocuments(db, group);
    await auth.deleteUsers(group);
    batches += 1;
    done.deleteUsers.push(...group);
  }
  return { ...done, batches, evidenceFilesDeleted, malformedClaims: malformed };
}
