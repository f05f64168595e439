import type { Transaction } from 'firebase-admin/firestore';
import { isAlreadyExists } from '../call/errors';
import { firestore } from '../infra/firebaseAdmin';

/** Tries of a unit of work whose first write can lose a create race (see retryCreateRace). */
const CREATE_RACE_TRIES = 5;

/**
 * Runs `work` as one Firestore transaction. Handlers decide what belongs together (a save
 * and its profile, a merge); the repositories' `...In(tx, ...)` methods do the reads and
 * writes inside it, so no handler touches Firestore itself.
 *
 * `retryCreateRace`: when the work creates a document another call created first (two tabs'
 * first saves, an outbox retry racing the first send), Firestore refuses the create with
 * ALREADY_EXISTS, which its own transaction retries do not cover; the work is run again,
 * and then finds the document and updates it. Only for work that is right to run again.
 */
export async function inTransaction<T>(
  work: (tx: Transaction) => Promise<T>,
  options: { retryCreateRace?: boolean } = {},
): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await firestore().runTransaction(work);
    } catch (error) {
      if (!options.retryCreateRace || !isAlreadyExists(error) || tries >= CREATE_RACE_TRIES) {
        throw error;
      }
    }
  }
}
