import type { UserRecord } from 'firebase-admin/auth';
import { adminAuth } from './firebaseAdmin';
import { errorCodeOf } from '../../runtime/contract';

function isUserNotFound(error: unknown): boolean {
  return errorCodeOf(error) === 'auth/user-not-found';
}

/** The Auth user, or null when there is none (deleted, merged away). */
export async function findAuthUser(uid: string): Promise<UserRecord | null> {
  try {
    return await adminAuth().getUser(uid);
  } catch (error) {
    if (isUserNotFound(error)) return null;
    throw error;
  }
}

/** The Auth user holding `email`, or null when no account has it. */
export async function findAuthUserByEmail(email: string): Promise<UserRecord | null> {
  try {
    return await adminAuth().getUserByEmail(email);
  } catch (error) {
    if (isUserNotFound(error)) return null;
    throw error;
  }
}

/** Deletes the Auth user; one that is gone already is what was wanted. */
export async function deleteAuthUser(uid: string): Promise<void> {
  try {
    await adminAuth().deleteUser(uid);
  } catch (error) {
    if (!isUserNotFound(error)) throw error;
  }
}
