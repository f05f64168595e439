/**
 * The claims the retention job reads and the writes it makes (gateway/retention): every claim
 * as the plan needs it, and a batch of deletions and anonymisations. The job passes its
 * Firestore in (tests run it against the emulator at a fixed clock).
 */
import { Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import type { ClaimForRetention } from '../../runtime/claim';
import { COLLECTIONS } from '../../runtime/constants';

/** What becomes of one claim. */
export interface RetentionWrite {
  claimId: string;
  kind: 'delete' | 'anonymise';
}

/** Every claim as the retention plan reads it, and each one's document, to anonymise from. */
interface ClaimsForRetention {
  claims: ClaimForRetention[];
  stored: Map<string, DocumentData>;
}

const millisOf = (value: unknown): number => (value instanceof Timestamp ? value.toMillis() : 0);

export async function claimsForRetention(db: Firestore): Promise<ClaimsForRetention> {
  const snapshot = await db.collection(COLLECTIONS.claims).get();
  const stored = new Map(snapshot.docs.map((doc) => [doc.id, doc.data()]));
  const claims = [...stored].map(([claimId, data]): ClaimForRetention => ({
    claimId,
    userId: typeof data.userId === 'string' ? data.userId : null,
    status: data.status === 'submitted' ? 'submitted' : 'draft',
    updatedAt: millisOf(data.updatedAt),
    submittedAt: data.submittedAt instanceof Timestamp ? data.submittedAt.toMillis() : null,
    anonymised: data.anonymisedAt instanceof Timestamp,
  }));
  return { claims, stored };
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

/** One batch of deletions and anonymisations (at most 500 writes, Firestore's limit). */
export async function writeRetentionBatch(
  db: Firestore,
  writes: readonly RetentionWrite[],
  stored: ReadonlyMap<string, DocumentData>,
  now: number,
): Promise<void> {
  const batch = db.batch();
  for (const write of writes) {
    const ref = db.collection(COLLECTIONS.claims).doc(write.claimId);
    batch.delete(ref);
    // Delete, then write what is kept: the document holds nothing else afterwards, even
    // where a set() merges (the local Node Firestore emulator keeps unnamed fields).
    if (write.kind === 'anonymise')
      batch.set(ref, anonymised(stored.get(write.claimId) ?? {}, now));
  }
  await batch.commit();
}

/**
 * The `users` documents of sessions the retention run deletes: their profile and their own
 * rate-limit counts go with them (deleted before their Auth accounts, so a run that fails
 * between the two finds the sessions again next time).
 */
export async function deleteUserDocuments(db: Firestore, uids: readonly string[]): Promise<void> {
  const batch = db.batch();
  for (const uid of uids) batch.delete(db.collection(COLLECTIONS.users).doc(uid));
  await batch.commit();
}
