/**
 * The stored rate-limit counts (rateLimitRepository): a counter's window and count, kept in a
 * person's own `users/{uid}.limits` map or in a `rateLimits/{id}` document of its own.
 * A count never written reads as none yet: an empty window that started at the epoch.
 */
import { COLLECTIONS } from '../../../runtime/constants';
import { documentConverter, timestampSchema, type DocumentOf } from './documentConverter';

/** One counter: when its window started (ms since the epoch) and the calls counted in it. */
export const counterStateSchema = {
  type: 'object',
  properties: {
    windowStart: { type: 'number', default: 0 },
    count: { type: 'number', default: 0 },
  },
} as const;

/**
 * `rateLimits/{id}`: an inbox's counter (written whole, in the transaction that counts it) or
 * one shard of a shared counter (only `count`, incremented, no window: the id names it).
 * `expiresAt`, the end of the window, is the field Firestore's TTL policy deletes by.
 */
const rateLimitDocumentSchema = {
  type: 'object',
  properties: {
    scope: { enum: ['user', 'address', 'project', 'recipient'] },
    ...counterStateSchema.properties,
    expiresAt: timestampSchema,
  },
} as const;

export type RateLimitDocument = DocumentOf<typeof rateLimitDocumentSchema>;
export const rateLimitConverter = documentConverter<RateLimitDocument>(
  COLLECTIONS.rateLimits,
  rateLimitDocumentSchema,
);
