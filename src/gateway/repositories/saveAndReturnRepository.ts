import { randomBytes } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { COLLECTIONS, SAVE_AND_RETURN_REQUEST_DAYS } from '../../runtime/constants';
import { firestore } from '../infra/firebaseAdmin';

/** A claimant's pending "save and come back later" link, as stored. */
export interface SaveAndReturnRequest {
  requestId: string;
  /** The anonymous claimant who asked: the uid the link continues as. */
  uid: string;
  /** Lower-cased, as Firebase Auth compares addresses. */
  email: string;
  funnelId: string;
  renewableUntil: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function requestRef(requestId: string) {
  return firestore().collection(COLLECTIONS.saveAndReturn).doc(requestId);
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
    const data = (await requestRef(requestId).get()).data();
    if (!data || !(data.expiresAt instanceof Timestamp)) return null;
    const renewableUntil = data.expiresAt.toDate();
    if (renewableUntil.getTime() <= now.getTime()) return null;
    return {
      requestId,
      uid: String(data.uid),
      email: String(data.email),
      funnelId: String(data.funnelId),
      renewableUntil,
    };
  },

  /** Every pending request of a claimant, as stored (for their data export). */
  async listOf(uid: string) {
    const snapshot = await firestore()
      .collection(COLLECTIONS.saveAndReturn)
      .where('uid', '==', uid)
      .get();
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
