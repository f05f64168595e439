import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../runtime/constants';
import type { UserProfile } from '../../runtime/contract';
import { writeTime } from '../infra/clock';
import { firestore } from '../infra/firebaseAdmin';
import { documentConverter, timestampSchema, type DocumentOf } from './documents/documentConverter';
import { counterStateSchema } from './documents/rateLimitDocument';

/**
 * `users/{uid}` as stored: the claimant's profile, every field optional (it fills as they go),
 * and their own rate-limit counts (`limits`, written only by rateLimitRepository).
 */
const userDocumentSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    userId: { type: 'string' },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    name: { type: 'string' },
    email: { type: 'string' },
    phoneNumber: { type: 'string' },
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
    limits: { type: 'object', additionalProperties: counterStateSchema },
  },
} as const;

type UserDocument = DocumentOf<typeof userDocumentSchema>;
const userConverter = documentConverter<UserDocument>(COLLECTIONS.users, userDocumentSchema);

type ProfileFields = Pick<UserProfile, 'firstName' | 'lastName' | 'name' | 'email' | 'phoneNumber'>;

/** `users/{uid}` through its converter; `db` is a job's own database, when it is given one. */
export function userRef(uid: string, db: Firestore = firestore()) {
  return db.collection(COLLECTIONS.users).withConverter(userConverter).doc(uid);
}

function toProfile(uid: string, data: UserDocument): UserProfile {
  return {
    id: uid,
    userId: uid,
    firstName: data.firstName ?? '',
    lastName: data.lastName ?? '',
    name: data.name ?? '',
    email: data.email ?? '',
    phoneNumber: data.phoneNumber ?? '',
  };
}

/**
 * Whether a `users` document holds a profile: it may hold only the person's rate-limit
 * counts, which are no profile.
 */
function holdsProfile(stored: UserDocument | null | undefined): stored is UserDocument {
  return stored?.createdAt !== undefined;
}

/**
 * `users/{uid}`: the claimant's profile, written only here, and their own rate-limit counts
 * (`limits`), written only by rateLimitRepository.
 */
export const userRepository = {
  async find(uid: string): Promise<UserProfile | null> {
    const data = (await userRef(uid).get()).data();
    return holdsProfile(data) ? toProfile(uid, data) : null;
  },

  /** The profile document as stored (every field, for the claimant's own data export). */
  async raw(uid: string): Promise<UserDocument | null> {
    return (await userRef(uid).get()).data() ?? null;
  },

  async remove(uid: string): Promise<void> {
    await userRef(uid).delete();
  },

  /** Reads the profile document inside a transaction (null when none), for saveIn or a merge. */
  async getIn(tx: Transaction, uid: string): Promise<UserDocument | null> {
    return (await tx.get(userRef(uid))).data() ?? null;
  },

  /** Deletes the profile document inside a transaction. */
  deleteIn(tx: Transaction, uid: string): void {
    tx.delete(userRef(uid));
  },

  /**
   * Inside a transaction that already read the profile (`stored`, from getIn): merges
   * `fields` into it, creating it on first write. One write.
   */
  saveIn(
    tx: Transaction,
    uid: string,
    stored: UserDocument | null,
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
        ...(holdsProfile(stored) ? {} : { createdAt: now }),
      },
      { merge: true },
    );
  },

  /** Merges the given fields into the profile, creating it on first write. One write. */
  async save(uid: string, fields: Partial<ProfileFields>): Promise<UserProfile> {
    return firestore().runTransaction(async (tx) => {
      const stored = await this.getIn(tx, uid);
      this.saveIn(tx, uid, stored, fields);
      return toProfile(uid, { ...stored, ...fields });
    });
  },
};
