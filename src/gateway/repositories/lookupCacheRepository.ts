import { Timestamp } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../runtime/constants';
import { firestore } from '../infra/firebaseAdmin';
import type { LookupCache } from '../services/lookupCache';
import { documentConverter, timestampSchema, type DocumentOf } from './documents/documentConverter';

/**
 * `lookupCache/{key}`: one outside service's answer (any JSON: the lookup's own client says
 * what) and when it was stored.
 */
const lookupCacheDocumentSchema = {
  type: 'object',
  required: ['value', 'storedAt'],
  properties: { value: {}, storedAt: timestampSchema },
} as const;

type LookupCacheDocument = DocumentOf<typeof lookupCacheDocumentSchema>;
const lookupCacheConverter = documentConverter<LookupCacheDocument>(
  COLLECTIONS.lookupCache,
  lookupCacheDocumentSchema,
);

/** `lookupCache/{key}`: outside-service answers kept for a day to save cost. */
export function firestoreLookupCache<T>(): LookupCache<T> {
  const collection = () =>
    firestore().collection(COLLECTIONS.lookupCache).withConverter(lookupCacheConverter);
  // Keys such as "dvla:AB12CDE" are safe document ids (no slashes).
  return {
    async get(key) {
      const cached = (await collection().doc(key).get()).data();
      if (!cached) return undefined;
      // The key names its lookup ("dvla:", "address:"), and only that lookup's cache, a
      // LookupCache<T> of its answer's type, set this document: the schema cannot say which T.
      return { value: cached.value as T, storedAt: cached.storedAt.toMillis() };
    },
    async set(key, value) {
      await collection().doc(key).set({ value, storedAt: Timestamp.now() });
    },
  };
}
