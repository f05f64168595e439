import { Timestamp } from 'firebase-admin/firestore';

/**
 * The time a write happens, from the gateway's clock. Used instead of
 * FieldValue.serverTimestamp() so every timestamp of one write is the same instant, and
 * because the local Node Firestore emulator applies only the first server-timestamp
 * transform of a write (createdAt would be stored without updatedAt).
 */
export function writeTime(): Timestamp {
  return Timestamp.now();
}
