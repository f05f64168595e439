import { type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../runtime/constants';
import type { UserProfile } from '../../runtime/contract';
import { writeTime } from '../infra/clock';
import { firestore } from '../infra/firebaseAdmin';

export type ProfileFields = Pick<
  UserProfile,
  'firstName' | 'lastName' | 'name' | 'email' | 'phoneNumber'
>;

function usersCollection() {
  return firestore().collection(COLLECTIONS.users);
}

function userRef(uid: string) {
  return usersCollection().doc(uid);
}

export function toProfile(uid: string, data: FirebaseFirestore.DocumentData): UserProfile {
  return {
    id: uid,
    userId: uid,
    firstName: String(data.firstName ?? ''),
    lastName: String(data.lastName ?? ''),
    name: String(data.name ?? ''),
    email: String(data.email ?? ''),
    phoneNumber: String(data.phoneNumber ?? ''),
  };
}

/**
 * Whether a `users` document holds a profile: it may hold only the person's rate-limit
 * counters (`limits`, written by rateLimitRepository), which are no profile.
 */
function holdsProfile(snapshot: DocumentSnapshot): boolean {
  return snapshot.exists && snapshot.get('createdAt') !== undefined;
}

/**
 * `users/{uid}`: the claimant's profile, written only here, and their own rate-limit
 * counters (`limits`), written only by rateLimitRepository.
 */
export const userRepository = {
  async find(uid: string): Promise<UserProfile | null> {
    const snapshot = await usersCollection().doc(uid).get();
    return holdsProfile(snapshot) ? toProfile(uid, snapshot.data() ?? {}) : null;
  },

  /** The profile document as stored (every field, for the claimant's own data export). */
  async raw(uid: string): Promise<FirebaseFirestore.DocumentData | null> {
    const snapshot = await userRef(uid).get();
    return snapshot.exists ? (snapshot.data() ?? {}) : null;
  },

  async remove(uid: string): Promise<void> {
    await userRef(uid).delete();
  },

  /** Reads the profile document inside a transaction, for saveIn or a merge. */
  getIn(tx: Transaction, uid: string): Promise<DocumentSnapshot> {
    return tx.get(userRef(uid));
  },

  /** Deletes the profile document inside a transaction. */
  deleteIn(tx: Transaction, uid: string): void {
    tx.delete(userRef(uid));
  },

  /**
   * Inside a transaction that already read `snapshot` (users/{uid}): merges `fields` into
   * the profile, creating it on first write. One write.
   */
  saveIn(
    tx: Transaction,
    uid: string,
    snapshot: DocumentSnapshot,
    fields: Partial<ProfileFields>,
  ): void {
    const now = writeTime();
    tx.set(
      userRef(uid),
      {
        id: uid,
        userId: uid,
        ...fields,
        updatedAt: now,
        ...(holdsProfile(snapshot) ? {} : { createdAt: now }),
      },
      { merge: true },
    );
  },

  /** Merges the given fields into the profile, creating it on first write. One write. */
  async save(uid: string, fields: Partial<ProfileFields>): Promise<UserProfile> {
    return firestore().runTransaction(async (tx) => {
      const snapshot = await tx.get(userRef(uid));
      this.saveIn(tx, uid, snapshot, fields);
      return toProfile(uid, { ...(snapshot.data() ?? {}), ...fields });
    });
  },
};
