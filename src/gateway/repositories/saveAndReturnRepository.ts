import { randomBytes } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { COLLECTIONS, SAVE_AND_RETURN_REQUEST_DAYS } from '../../runtime/constants';
import { firestore } from '../infra/firebaseAdmin';
import {
  documentConverter,
  timestampSchema,
  type DocumentOf,
  type NamedFieldsOf,
} from './documents/documentConverter';

/** `saveAndReturn/{requestId}`: a claimant's pending "save and come back later" link. */
const saveAndReturnDocumentSchema = {
  type: 'object',
  required: ['uid', 'email', 'funnelId', 'expiresAt'],
  properties: {
    // The anonymous claimant who asked: the uid the link continues as.
    uid: { type: 'string' },
    // Lower-cased, as Firebase Auth compares addresses.
    email: { type: 'string' },
    funnelId: { type: 'string' },
    createdAt: timestampSchema,
    // Until when its renewal link may be asked for.
    expiresAt: timestampSchema,
  },
} as const;

type SaveAndReturnDocument = DocumentOf<typeof saveAndReturnDocumentSchema>;
const saveAndReturnConverter = documentConverter<SaveAndReturnDocument>(
  COLLECTIONS.saveAndReturn,
  saveAndReturnDocumentSchema,
);

/** A claimant's pending "save and come back later" link, as stored, under its id. */
export type SaveAndReturnRequest = Pick<
  NamedFieldsOf<SaveAndReturnDocument>,
  'uid' | 'email' | 'funnelId'
> & { requestId: string; renewableUntil: Date };

const DAY_MS = 24 * 60 * 60 * 1000;

function requests() {
  return firestore().collection(COLLECTIONS.saveAndReturn).withConverter(saveAndReturnConverter);
}

function requestRef(requestId: string) {
  return requests().doc(requestId);
}

export function canonicalEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * `saveAndReturn/{requestId}`: written only by the gateway. The id is random (it is in the
 * emailed link), and `expiresAt` doubles as the field a Firestore TTL policy deletes by.
 */
export const saveAndReturnRepository = {
  async create(
    input: { uid: string; email: string; funnelId: string },
    now = new Date(),
  ): Promise<SaveAndReturnRequest> {
    const requestId = randomBytes(18).toString('base64url');
    const renewableUntil = new Date(now.getTime() + SAVE_AND_RETURN_REQUEST_DAYS * DAY_MS);
    await requestRef(requestId).create({
      uid: input.uid,
      email: canonicalEmail(input.email),
      funnelId: input.funnelId,
      createdAt: Timestamp.fromDate(now),
      expiresAt: Timestamp.fromDate(renewableUntil),
    });
    return {
      requestId,
      uid: input.uid,
      email: canonicalEmail(input.email),
      funnelId: input.funnelId,
      renewableUntil,
    };
  },

  /** The request, or null when there is none or it has run out. */
  async findLive(requestId: string, now = new Date()): Promise<SaveAndReturnRequest | null> {
    const stored = (await requestRef(requestId).get()).data();
    if (!stored) return null;
    const renewableUntil = stored.expiresAt.toDate();
    if (renewableUntil.getTime() <= now.getTime()) return null;
    const { uid, email, funnelId } = stored;
    return { requestId, uid, email, funnelId, renewableUntil };
  },

  /** Every pending request of a claimant, as stored (for their data export). */
  async listOf(uid: string) {
    const snapshot = await requests().where('uid', '==', uid).get();
    return snapshot.docs.map((doc) => ({ requestId: doc.id, ...doc.data() }));
  },

  async removeAllOf(uid: string): Promise<void> {
    for (const request of await this.listOf(uid)) await this.remove(request.requestId);
  },

  /** A request whose link was followed is done: its renewal link cannot be asked for again. */
  async remove(requestId: string): Promise<void> {
    await requestRef(requestId).delete();
  },
};
