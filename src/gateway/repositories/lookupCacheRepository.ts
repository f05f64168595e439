import { Timestamp } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../runtime/constants';
import { firestore } from '../infra/firebaseAdmin';
import type { LookupCache } from '../services/lookupCache';

/** `lookupCache/{key}`: outside-service answers kept for a day to save cost. */
export function firestoreLookupCache<T>(): LookupCache<T> {
  const collection = () => firestore().collection(COLLECTIONS.lookupCache);
  // Keys such as "dvla:AB12CDE" are safe document ids (no slashes).
  return {
    async get(key) {
      const snapshot = await collection().doc(key).get();
      const data = snapshot.data();
      if (!data || !(data.storedAt instanceof Timestamp)) return undefined;
      return { value: data.value as T, storedAt: data.storedAt.toMillis() };
    },
    async set(key, value) {
      await collection().doc(key).set({ value, storedAt: Timestamp.now() });
    },
  };
}
