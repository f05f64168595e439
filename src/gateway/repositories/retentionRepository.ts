/**
 * The claims the retention job reads and the writes it makes (gateway/retention): every claim
 * as the plan needs it, and a batch of deletions and anonymisations. The job passes its
 * Firestore in (tests run it against the emulator at a fixed clock).
 */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { ClaimForRetention } from '../../runtime/claim';
import { COLLECTIONS } from '../../runtime/constants';
import { claimConverter, type ClaimDocument } from './documents/claimDocument';
import { MalformedDocumentError } from './documents/documentConverter';

/** What becomes of one claim. */
export interface RetentionWrite {
  claimId: string;
  kind: 'delete' | 'anonymise';
}

/** A stored claim that does not fit its schema: left as it is, and its owner with it. */
export interface MalformedClaim {
  claimId: string;
  /** Its `userId` as stored, when that is a string. */
  userId: string | null;
  /** Which field is wrong, in the converter's words. */
  problem: string;
}

/** Every claim as the retention plan reads it, and each one's document, to anonymise from. */
interface ClaimsForRetention {
  claims: ClaimForRetention[];
  stored: Map<string, ClaimDocument>;
  malformed: MalformedClaim[];
}

function claims(db: Firestore) {
  return db.collection(COLLECTIONS.claims).withConverter(claimConverter);
}

/**
 * Every claim, read through the claims converter. One that does not fit its schema is not
 * planned (nothing is known of it to decide by) and does not stop the run: every other
 * claimant's deletions are due too. The run reports it, to be put right by hand.
 */
export async function claimsForRetention(db: Firestore): Promise<ClaimsForRetention> {
  const snapshot = await claims(db).get();
  const stored = new Map<string, ClaimDocument>();
  const malformed: MalformedClaim[] = [];
  for (const doc of snapshot.docs) {
    try {
      stored.set(doc.id, doc.data());
    } catch (error) {
      if (!(error instanceof MalformedDocumentError)) throw error;
      // The raw field: `get` reads the stored value, not the converter's.
      const userId: unknown = doc.get('userId');
      malformed.push({
        claimId: doc.id,
        userId: typeof userId === 'string' ? userId : null,
        problem: error.message,
      });
    }
  }
  const planned = [...stored].map(([claimId, claim]): ClaimForRetention => ({
    claimId,
    userId: claim.userId ?? null,
    status: claim.status,
    updatedAt: claim.updatedAt?.toMillis() ?? 0,
    submittedAt: claim.submittedAt?.toMillis() ?? null,
    anonymised: claim.anonymisedAt !== undefined,
  }));
  return { claims: planned, stored, malformed };
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

function anonymised(claim: ClaimDocument, now: number): ClaimDocument {
  const kept = Object.fromEntries(
    KEPT_WHEN_ANONYMISED.filter((field) => field in claim).map((field) => [field, claim[field]]),
  );
  return {
    ...kept,
    funnelId: claim.funnelId,
    status: claim.status,
    userId: null,
    answers: {},
    anonymisedAt: Timestamp.fromMillis(now),
  };
}

/** One batch of deletions and anonymisations (at most 500 writes, Firestore's limit). */
export async function writeRetentionBatch(
  db: Firestore,
  writes: readonly RetentionWrite[],
  stored: ReadonlyMap<string, ClaimDocument>,
  now: number,
): Promise<void> {
  const batch = db.batch();
  for (const write of writes) {
    const ref = claims(db).doc(write.claimId);
    batch.delete(ref);
    // Delete, then write what is kept: the document holds nothing else afterwards, even
    // where a set() merges (the local Node Firestore emulator keeps unnamed fields).
    if (write.kind === 'anonymise') {
      const claim = stored.get(write.claimId);
      if (!claim) throw new Error(`claim ${write.claimId} is to be anonymised but was not read`);
      batch.set(ref, anonymised(claim, now));
    }
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
