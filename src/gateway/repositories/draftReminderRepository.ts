/**
 * The drafts the reminder job reads and the writes it makes (gateway/reminders): which drafts
 * are due, and one draft's reminder queued and marked in one transaction. The job passes its
 * Firestore in (tests run it against the emulator at a fixed clock).
 */
import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../runtime/constants';
import { isAlreadyExists } from '../call/errors';
import type { QueuedMail } from './mailRepository';
import { MAIL_COLLECTION, mailConverter } from './documents/mailDocument';
import { claimConverter, type ClaimDocument } from './documents/claimDocument';

/**
 * A draft's `reminded`: false while its reminder is due, true once sent, and this when its
 * draft had no email address to send to (or its funnel is gone) when it was due.
 */
export const REMINDER_NOT_POSSIBLE = 'not-possible';

/** What the job decided for one due draft, inside its transaction. */
type ReminderDecision =
  | { kind: 'remind'; mail: QueuedMail }
  /** Nobody to write to: set aside until a save makes it due again. */
  | { kind: 'not-possible' }
  /** Not now (its address's email limit is spent): due again next run. */
  | { kind: 'held' };

/**
 * Drafts saved before `reminded` was kept get `reminded: false`, so the reminder query (which
 * only matches that value) finds them; `npm run reminders -- --backfill` runs it once.
 * Reads every draft with a field mask, writes only those without the field; returns how many.
 */
export async function markUnflaggedDrafts(db: Firestore): Promise<number> {
  const drafts = await db
    .collection(COLLECTIONS.claims)
    .where('status', '==', 'draft')
    .select('reminded')
    .get();
  const unflagged = drafts.docs.filter((doc) => doc.get('reminded') === undefined);
  // Batches of at most 500 writes, Firestore's limit per batch.
  for (let start = 0; start < unflagged.length; start += 500) {
    const batch = db.batch();
    for (const doc of unflagged.slice(start, start + 500)) {
      batch.update(doc.ref, { reminded: false });
    }
    await batch.commit();
  }
  return unflagged.length;
}

/** Ids of drafts not reminded yet and untouched since `cutoff`, oldest first, at most `limit`. */
export async function draftsDueForReminder(
  db: Firestore,
  cutoff: Timestamp,
  limit: number,
): Promise<string[]> {
  const snapshot = await db
    .collection(COLLECTIONS.claims)
    .where('status', '==', 'draft')
    .where('reminded', '==', false)
    .where('updatedAt', '<', cutoff)
    .orderBy('updatedAt')
    .limit(limit)
    .get();
  return snapshot.docs.map((doc) => doc.id);
}

/**
 * One draft's reminder, in a transaction: the draft is read again (one changed, sent or
 * reminded since the query is left), `decide` says what to do (it may read and write in the
 * same transaction, before any write here), and a reminder is queued create-only under the
 * draft's id, so two runs at once still send one. True when this run queued it.
 */
export async function remindDraft(
  db: Firestore,
  claimId: string,
  cutoff: Timestamp,
  now: number,
  decide: (tx: Transaction, data: ClaimDocument) => Promise<ReminderDecision>,
): Promise<boolean> {
  const ref = db.collection(COLLECTIONS.claims).withConverter(claimConverter).doc(claimId);
  const sending = db.runTransaction(async (tx) => {
    const data = (await tx.get(ref)).data();
    if (!data || data.status !== 'draft' || data.reminded !== false) return false;
    if (!data.updatedAt || data.updatedAt.toMillis() >= cutoff.toMillis()) return false;
    const decision = await decide(tx, data);
    if (decision.kind === 'not-possible') {
      // So it does not hold a place in every later run's batch ahead of drafts that can be
      // reminded. A save makes it due again (savePage).
      tx.update(ref, { reminded: REMINDER_NOT_POSSIBLE });
      return false;
    }
    if (decision.kind === 'held') return false;
    tx.create(
      db.collection(MAIL_COLLECTION).withConverter(mailConverter).doc(`${claimId}_reminder`),
      {
        ...decision.mail,
        createdAt: Timestamp.fromMillis(now),
      },
    );
    tx.update(ref, { reminded: true, remindedAt: Timestamp.fromMillis(now) });
    return true;
  });
  // Another run queued this reminder first (its create-only email exists): it went once.
  return sending.catch((error: unknown) => {
    if (isAlreadyExists(error)) return false;
    throw error;
  });
}
