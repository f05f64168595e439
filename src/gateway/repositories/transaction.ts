import type { Transaction } from 'firebase-admin/firestore';
import { firestore } from '../infra/firebaseAdmin';

/**
 * Runs `work` as one Firestore transaction. Handlers decide what belongs together (a save
 * and its profile, a merge); the repositories' `...In(tx, ...)` methods do the reads and
 * writes inside it, so no handler touches Firestore itself.
 */
export function inTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
  return firestore().runTransaction(work);
}
