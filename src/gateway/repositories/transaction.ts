import type { Transaction } from 'firebase-admin/firestore';
import { isAborted, isAlreadyExists } from '../call/errors';
import { firestore } from '../infra/firebaseAdmin';

/** Tries of a unit of work whose first write can lose a create race (see retryCreateRace). */
const CREATE_RACE_TRIES = 8;
/** The longest pause before another try, in ms: racing calls spread out rather than collide again. */
const CREATE_RACE_MAX_PAUSE_MS = 40;

/**
 * Runs `work` as one Firestore transaction. Handlers decide what belongs together (a save
 * and its profile, a merge); the repositories' `...In(tx, ...)` methods do the reads and
 * writes inside it, so no handler touches Firestore itself.
 *
 * `retryCreateRace`: when the work creates a document another call created first (two tabs'
 * first saves, an outbox retry racing the first send, a double-clicked "start another"),
 * Firestore refuses the create with ALREADY_EXISTS, which its own transaction retries do
 * not cover; the work is run again, and then finds the document and updates it. So is work
 * whose contention outlasted Firestore's own retries (ABORTED). The create-only write is
 * what makes this hold where transactions do not isolate (the local Node emulator): the
 * loser's commit fails rather than overwriting. Only for work that is right to run again.
 */
export async function inTransaction<T>(
  work: (tx: Transaction) => Promise<T>,
  options: { retryCreateRace?: boolean } = {},
): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await firestore().runTransaction(work);
    } catch (error) {
      const raced = isAlreadyExists(error) || isAborted(error);
      if (!options.retryCreateRace || !raced || tries >= CREATE_RACE_TRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * CREATE_RACE_MAX_PAUSE_MS));
    }
  }
}
