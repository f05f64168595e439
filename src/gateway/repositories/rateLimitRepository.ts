import { COLLECTIONS } from '../../runtime/constants';
import { firestore } from '../firebaseAdmin';

/**
 * A fixed-window counter per caller and function in `rateLimits/{functionName}_{uid}`.
 * Returns false, and counts nothing, once the caller has used up the window.
 */
export async function consumeRateLimit(
  functionName: string,
  uid: string,
  limit: { maxCalls: number; windowMs: number },
  now = Date.now(),
): Promise<boolean> {
  const ref = firestore().collection(COLLECTIONS.rateLimits).doc(`${functionName}_${uid}`);
  return firestore().runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    const data = snapshot.data();
    const windowStart = typeof data?.windowStart === 'number' ? data.windowStart : 0;
    const count = typeof data?.count === 'number' ? data.count : 0;
    if (now - windowStart >= limit.windowMs) {
      tx.set(ref, { uid, windowStart: now, count: 1 });
      return true;
    }
    if (count >= limit.maxCalls) return false;
    tx.set(ref, { uid, windowStart, count: count + 1 });
    return true;
  });
}

/** Every counter of the caller (after their account is deleted, nothing keyed by their uid stays). */
export async function forgetRateLimits(uid: string): Promise<void> {
  const counters = await firestore()
    .collection(COLLECTIONS.rateLimits)
    .where('uid', '==', uid)
    .get();
  await Promise.all(counters.docs.map((doc) => doc.ref.delete()));
}
