import {
  onAuthStateChanged,
  signInAnonymously,
  signOut as firebaseSignOut,
  type User,
} from 'firebase/auth';
import type { GatewayResponse } from '../runtime/gatewayContract';
import { firebaseServices } from './firebaseApp';
import { callGateway } from './gatewayClient';

/** The serialisable view of a Firebase user that the store keeps (spec section 3). */
export interface AuthUser {
  uid: string;
  email: string | null;
  phoneNumber: string | null;
  isAnonymous: boolean;
}

/** Logs and rethrows, as the spec's error catalogue requires of every product error. */
export function failWith(message: string): never {
  const error = new Error(message);
  console.error(error);
  throw error;
}

let initialised = false;

export function toAuthUser(user: User): AuthUser {
  return {
    uid: user.uid,
    email: user.email,
    phoneNumber: user.phoneNumber,
    isAnonymous: user.isAnonymous,
  };
}

/** The Auth instance, once the first auth-state callback has fired. */
function initialisedAuth() {
  if (!initialised) failWith('Auth is not initialized');
  return firebaseServices().auth;
}

/**
 * Subscribes to auth state. The first callback marks auth initialised (spec section 4); a
 * visitor with no session is then signed in anonymously, so every claimant has a uid from the
 * first page on.
 */
export function watchAuthState(onChange: (user: AuthUser | null) => void): () => void {
  const { auth } = firebaseServices();
  return onAuthStateChanged(auth, (user) => {
    initialised = true;
    onChange(user ? toAuthUser(user) : null);
    if (!user) {
      signInAnonymously(auth).catch((error: unknown) => {
        console.error(error);
      });
    }
  });
}

export function currentUser(): User {
  const user = initialisedAuth().currentUser;
  if (!user) failWith('No authenticated user');
  return user;
}

/** Signs out; the auth-state watcher then starts a fresh anonymous session. */
export async function signOut(): Promise<void> {
  await firebaseSignOut(initialisedAuth());
}

/** Whether the email or phone number belongs to another account (spec section 7). */
export async function confirmUserExists(
  email: string,
  phoneNumber: string,
): Promise<NonNullable<GatewayResponse<'confirmUserExists'>>> {
  initialisedAuth();
  const result = await callGateway('confirmUserExists', { email, phoneNumber });
  if (!result) failWith('Error checking user exists');
  return result;
}

/** Stores the caller's phone number; an `exception` in the result is thrown (spec section 7). */
export async function setUserContactDetails(phoneNumber: string): Promise<string> {
  initialisedAuth();
  const result = await callGateway('setUserContactDetails', { phoneNumber });
  if ('exception' in result) failWith(result.exception);
  return result.phoneNumber;
}

/** Plain-words messages for Firebase Auth error codes a claimant can meet when signing in. */
const SIGN_IN_MESSAGES: Record<string, string> = {
  'auth/invalid-credential':
    'The email address or password is not right. Check them and try again.',
  'auth/wrong-password': 'The email address or password is not right. Check them and try again.',
  'auth/user-not-found':
    'There is no account with that email address. Check it, or start a claim without an account.',
  'auth/invalid-email': 'Enter an email address in the correct format, like name@example.com',
  'auth/too-many-requests':
    'You have tried to sign in too many times. Wait a few minutes, then try again.',
  'auth/user-disabled': 'This account has been closed. Contact us if you think this is wrong.',
  'auth/network-request-failed':
    'We could not reach the sign-in service. Check your connection and try again.',
  'auth/invalid-custom-token':
    'This sign-in link is not valid or has expired. Ask us for a new one.',
};

/** Turns a Firebase Auth error into a sentence for the claimant. */
export function describeAuthError(error: unknown): string {
  const code = (error as { code?: string }).code;
  return (
    (code && SIGN_IN_MESSAGES[code]) ?? 'Sorry, there is a problem signing you in. Try again later.'
  );
}

export async function signInWithEmail(email: string, password: string): Promise<AuthUser> {
  const { signInWithEmailAndPassword } = await import('firebase/auth');
  const credential = await signInWithEmailAndPassword(initialisedAuth(), email, password);
  return toAuthUser(credential.user);
}
