import {
  createUserWithEmailAndPassword,
  EmailAuthProvider,
  isSignInWithEmailLink,
  linkWithCredential,
  onAuthStateChanged,
  onIdTokenChanged,
  sendPasswordResetEmail,
  sendSignInLinkToEmail,
  signInAnonymously,
  signInWithCustomToken,
  signInWithEmailAndPassword,
  signInWithEmailLink,
  signOut as firebaseSignOut,
  updateEmail,
  updatePassword,
  verifyBeforeUpdateEmail,
  type Auth,
  type User,
} from 'firebase/auth';
import { EMAIL_FOR_SIGN_IN_STORAGE_KEY, LOGIN_PATH } from '../runtime/constants';
import type { GatewayResponse, MergeAnonymousUserResult, UserProfile } from '../runtime/contract';
import { firebaseServices } from './firebaseApp';
import { callGateway } from './gatewayClient';

/** The serialisable view of a Firebase user that the store keeps (spec section 3). */
export interface AuthUser {
  uid: string;
  email: string | null;
  phoneNumber: string | null;
  isAnonymous: boolean;
}

/** The claimant's profile as this browser holds it: what an upgrade needs (spec section 5). */
export interface LocalUser {
  email: string;
  phoneNumber: string;
}

/** Logs and rethrows, as the spec's error catalogue requires of every product error. */
export function failWith(message: string): never {
  const error = new Error(message);
  console.error(error);
  throw error;
}

/**
 * Thrown when an upgrade or an email-link sign-in finds that the email already belongs to
 * an account: the claimant is then offered to sign in to it, bringing the anonymous claim.
 */
export class AccountExistsError extends Error {
  readonly code = 'account-exists';
  constructor(readonly email: string) {
    super('An account with this email address already exists');
    this.name = 'AccountExistsError';
  }
}

/** What a sign-in did: who is signed in now, and what moved from the anonymous session. */
export interface SignInResult {
  user: AuthUser;
  /** The anonymous session's claims moved into the account, or null when there was none. */
  merged: MergeAnonymousUserResult | null;
  /** The merge call failed: the anonymous claim is still on its own (and can be retried). */
  mergeFailed: boolean;
}

const ALREADY_IN_USE = new Set(['auth/credential-already-in-use', 'auth/email-already-in-use']);

function codeOf(error: unknown): string | undefined {
  return (error as { code?: string } | null)?.code;
}

let initialised = false;
/** Sign-in paths in progress: while one runs, a signed-out moment must not start a new session. */
let sessionChanges = 0;
let anonymousSignIn: Promise<void> | null = null;

export function toAuthUser(user: User): AuthUser {
  return {
    uid: user.uid,
    email: user.email,
    phoneNumber: user.phoneNumber,
    isAnonymous: user.isAnonymous,
  };
}

/** The Auth instance, once the first auth-state callback has fired. */
function initialisedAuth(): Auth {
  if (!initialised) failWith('Auth is not initialized');
  return firebaseServices().auth;
}

function startAnonymousSession(auth: Auth): void {
  if (anonymousSignIn) return;
  anonymousSignIn = signInAnonymously(auth)
    .then(() => undefined)
    .catch((error: unknown) => {
      console.error(error);
    })
    .finally(() => {
      anonymousSignIn = null;
    });
}

/**
 * Runs a sign-in path that replaces the session. A pending anonymous sign-in finishes first
 * (else it could land after, and win); no anonymous session starts while it runs; and if
 * it leaves nobody signed in (it failed after signing out), a fresh anonymous session starts.
 */
async function replacingSession<T>(auth: Auth, work: () => Promise<T>): Promise<T> {
  sessionChanges += 1;
  try {
    if (anonymousSignIn) await anonymousSignIn;
    return await work();
  } finally {
    sessionChanges -= 1;
    if (sessionChanges === 0 && !auth.currentUser) startAnonymousSession(auth);
  }
}

/**
 * Subscribes to auth state. The first callback marks auth initialised (spec section 4); a
 * visitor with no session is then signed in anonymously, so every claimant has a uid from the
 * first page on. ID-token changes are passed on too: linking a credential keeps the uid (no
 * auth-state callback) but turns the user from anonymous to registered.
 */
export function watchAuthState(onChange: (user: AuthUser | null) => void): () => void {
  const { auth } = firebaseServices();
  const stopTokens = onIdTokenChanged(auth, (user) => {
    if (initialised) onChange(user ? toAuthUser(user) : null);
  });
  const stopState = onAuthStateChanged(auth, (user) => {
    initialised = true;
    onChange(user ? toAuthUser(user) : null);
    if (!user && sessionChanges === 0) startAnonymousSession(auth);
  });
  return () => {
    stopTokens();
    stopState();
  };
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

/** Plain-words messages for Firebase Auth error codes a claimant can meet. */
const AUTH_MESSAGES: Record<string, string> = {
  'auth/invalid-credential':
    'The email address or password is not right. Check them and try again.',
  'auth/wrong-password': 'The email address or password is not right. Check them and try again.',
  'auth/user-not-found':
    'There is no account with that email address. Check it, or start a claim without an account.',
  'auth/invalid-email': 'Enter an email address in the correct format, like name@example.com',
  'auth/missing-email': 'Enter your email address',
  'auth/missing-password': 'Enter your password',
  'auth/too-many-requests':
    'You have tried to sign in too many times. Wait a few minutes, then try again.',
  'auth/user-disabled': 'This account has been closed. Contact us if you think this is wrong.',
  'auth/network-request-failed':
    'We could not reach the sign-in service. Check your connection and try again.',
  'auth/invalid-custom-token':
    'This sign-in link is not valid or has expired. Ask us for a new one.',
  'auth/custom-token-mismatch':
    'This sign-in link is not valid or has expired. Ask us for a new one.',
  'auth/email-already-in-use':
    'There is already an account with this email address. Sign in to it instead.',
  'auth/credential-already-in-use':
    'There is already an account with this email address. Sign in to it instead.',
  'account-exists': 'There is already an account with this email address. Sign in to it instead.',
  'auth/weak-password': 'Your password must be at least 8 characters long.',
  'auth/requires-recent-login':
    'For your security, sign out and sign in again, then make this change.',
  'auth/invalid-action-code': 'This link has already been used or is not valid. Ask for a new one.',
  'auth/expired-action-code': 'This link has expired. Ask for a new one.',
  'auth/provider-already-linked': 'Your account already has a password.',
  'auth/operation-not-allowed':
    'This way of signing in is not available. Use your email address and password.',
};

/** The spec's error messages (section 8), said in plain words for the claimant. */
const SPEC_MESSAGES: Record<string, string> = {
  'Auth is not initialized': 'We are still getting your session ready. Try again in a moment.',
  'No authenticated user': 'You are not signed in. Sign in and try again.',
  'No current user': 'You are not signed in. Sign in and try again.',
  'No authenticated user to upgrade':
    'Your session has ended. Reload the page to start a new one, then try again.',
  'User is not anonymous': 'You already have an account and are signed in to it.',
  'No current local user': 'Enter your email address and mobile number.',
  'No phone number': 'Enter your mobile phone number',
  'No email': 'Enter your email address',
  'Error checking user exists':
    'We could not check your details just now. Wait a moment, then try again.',
};

/** Turns a Firebase Auth error, or one of the spec's messages, into a sentence for the claimant. */
export function describeAuthError(error: unknown): string {
  const code = codeOf(error);
  if (code && AUTH_MESSAGES[code]) return AUTH_MESSAGES[code];
  const message = error instanceof Error ? error.message : undefined;
  if (message && SPEC_MESSAGES[message]) return SPEC_MESSAGES[message];
  return 'Sorry, there is a problem signing you in. Try again later.';
}

/** The page password-reset and sign-in-link emails return to (spec: the login page). */
export function loginPageUrl(origin?: string): string {
  const base = (import.meta.env?.BASE_URL ?? '/').replace(/\/$/, '');
  return `${origin ?? window.location.origin}${base}${LOGIN_PATH}`;
}

function signInStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The current user's anonymous session and its ID token, to merge after signing in elsewhere. */
async function anonymousSession(auth: Auth): Promise<{ uid: string; idToken: string } | null> {
  const user = auth.currentUser;
  if (!user?.isAnonymous) return null;
  return { uid: user.uid, idToken: await user.getIdToken() };
}

/**
 * After signing in to an existing account from an anonymous session, moves that session's
 * claims and profile into the account through the gateway (authorised by both tokens).
 */
async function mergeAfterSignIn(
  anonymous: { uid: string; idToken: string } | null,
  user: User,
): Promise<SignInResult> {
  if (!anonymous || anonymous.uid === user.uid) {
    return { user: toAuthUser(user), merged: null, mergeFailed: false };
  }
  try {
    const merged = await callGateway('mergeAnonymousUser', {
      anonymousIdToken: anonymous.idToken,
    });
    return { user: toAuthUser(user), merged, mergeFailed: false };
  } catch (error) {
    console.error(error);
    return { user: toAuthUser(user), merged: null, mergeFailed: true };
  }
}

/**
 * Email and password sign-in that loses nothing: when the claimant was anonymous, their
 * draft claims and profile move into the account they sign in to.
 */
export async function signInAndMergeAnonymous(
  email: string,
  password: string,
): Promise<SignInResult> {
  const auth = initialisedAuth();
  return replacingSession(auth, async () => {
    const anonymous = await anonymousSession(auth);
    const credential = await signInWithEmailAndPassword(auth, email, password);
    return mergeAfterSignIn(anonymous, credential.user);
  });
}

/**
 * Upgrades the anonymous user to a registered one by linking email and password
 * credentials: the uid stays the same, so every draft answer stays theirs (spec section 4).
 * When the email belongs to an account already, throws AccountExistsError.
 */
export async function upgradeAnonymousUser(
  localUser: LocalUser | null | undefined,
  password: string,
): Promise<AuthUser> {
  const auth = initialisedAuth();
  const user = auth.currentUser;
  if (!user) failWith('No authenticated user to upgrade');
  if (!user.isAnonymous) failWith('User is not anonymous');
  if (!localUser) failWith('No current local user');
  if (!localUser.phoneNumber) failWith('No phone number');
  if (!localUser.email) failWith('No email');
  try {
    const credential = await linkWithCredential(
      user,
      EmailAuthProvider.credential(localUser.email, password),
    );
    return toAuthUser(credential.user);
  } catch (error) {
    if (ALREADY_IN_USE.has(codeOf(error) ?? '')) throw new AccountExistsError(localUser.email);
    throw error;
  }
}

/**
 * The other upgrade (spec section 4): a claimant whose email already signs in by email link
 * (an anonymous session that opened a sign-in link is linked to it, keeping its uid) sets a
 * password, so they can sign in with it from now on.
 */
export async function setPassword(password: string): Promise<AuthUser> {
  const user = initialisedAuth().currentUser;
  if (!user) failWith('No current user');
  if (!user.email) failWith('No email');
  await updatePassword(user, password);
  return toAuthUser(user);
}

/** Creates a registered user, followed by a profile write (spec section 7). */
export async function createAccount(
  profile: LocalUser & { firstName?: string; lastName?: string },
  password: string,
): Promise<{ user: AuthUser; profile: UserProfile }> {
  const auth = initialisedAuth();
  return replacingSession(auth, async () => {
    const credential = await createUserWithEmailAndPassword(auth, profile.email, password);
    const saved = await callGateway('saveProfile', {
      firstName: profile.firstName ?? '',
      lastName: profile.lastName ?? '',
      email: profile.email,
      phoneNumber: profile.phoneNumber,
    });
    return { user: toAuthUser(credential.user), profile: saved.profile };
  });
}

/**
 * Sends a password-reset email whose continue URL is the login page (spec section 7). An
 * unknown address is answered like a known one, so the form cannot tell who has an account.
 */
export async function sendPasswordReset(email: string, origin?: string): Promise<void> {
  const auth = initialisedAuth();
  try {
    await sendPasswordResetEmail(auth, email, { url: loginPageUrl(origin) });
  } catch (error) {
    if (codeOf(error) === 'auth/user-not-found') return;
    throw error;
  }
}

/**
 * Emails a sign-in link that returns to the login page. The address is kept in this
 * browser, never in the link, and asked for again when the link is opened elsewhere.
 */
export async function sendSignInLink(email: string, origin?: string): Promise<void> {
  const auth = initialisedAuth();
  await sendSignInLinkToEmail(auth, email, { url: loginPageUrl(origin), handleCodeInApp: true });
  signInStorage()?.setItem(EMAIL_FOR_SIGN_IN_STORAGE_KEY, email);
}

export function isEmailSignInLink(url: string): boolean {
  return isSignInWithEmailLink(firebaseServices().auth, url);
}

/** The email this browser sent a sign-in link to, or null when the link was opened elsewhere. */
export function emailForSignInLink(): string | null {
  return signInStorage()?.getItem(EMAIL_FOR_SIGN_IN_STORAGE_KEY) ?? null;
}

/**
 * Whether the email belongs to an account other than the caller's. A sign-in link can be used
 * once only, and linking it to an anonymous session whose email has an account already uses
 * it up (the Auth emulator does so); so this is asked first. The placeholder is no UK mobile
 * number, so only the email is checked. When the check fails, the answer is "yes": signing in
 * and merging loses nothing either.
 */
async function emailHasAccount(email: string): Promise<boolean> {
  try {
    return (await confirmUserExists(email, '-')).accountExists;
  } catch (error) {
    console.error(error);
    return true;
  }
}

/**
 * Completes an email-link sign-in. An anonymous claimant is upgraded in place (same uid);
 * when the email belongs to an account already, the claimant is signed in to it and the
 * anonymous session's claims move there.
 */
export async function completeEmailLinkSignIn(email: string, url: string): Promise<SignInResult> {
  const auth = initialisedAuth();
  const current = auth.currentUser;
  let result: SignInResult | null = null;
  if (current?.isAnonymous && !(await emailHasAccount(email))) {
    try {
      const linked = await linkWithCredential(
        current,
        EmailAuthProvider.credentialWithLink(email, url),
      );
      result = { user: toAuthUser(linked.user), merged: null, mergeFailed: false };
    } catch (error) {
      if (!ALREADY_IN_USE.has(codeOf(error) ?? '')) throw error;
    }
  }
  result ??= await replacingSession(auth, async () => {
    const anonymous = await anonymousSession(auth);
    const credential = await signInWithEmailLink(auth, email, url);
    return mergeAfterSignIn(anonymous, credential.user);
  });
  signInStorage()?.removeItem(EMAIL_FOR_SIGN_IN_STORAGE_KEY);
  return result;
}

/**
 * Changes the signed-in user's email address. Projects with email-enumeration protection
 * refuse a direct change: then a verification email is sent, and the address changes when
 * the claimant follows it.
 */
export async function updateEmailAddress(
  email: string,
  origin?: string,
): Promise<'updated' | 'verification-sent'> {
  const user = initialisedAuth().currentUser;
  if (!user) failWith('No current user');
  try {
    await updateEmail(user, email);
    return 'updated';
  } catch (error) {
    if (codeOf(error) !== 'auth/operation-not-allowed') throw error;
    await verifyBeforeUpdateEmail(user, email, { url: loginPageUrl(origin) });
    return 'verification-sent';
  }
}

/**
 * Custom-token sign-in (`/login?token=...`, minted by support with `npm run resume-link`):
 * replaces the current session, signing it out first (spec section 4).
 */
export async function signInWithToken(token: string): Promise<AuthUser> {
  const auth = initialisedAuth();
  return replacingSession(auth, async () => {
    await firebaseSignOut(auth);
    const credential = await signInWithCustomToken(auth, token);
    return toAuthUser(credential.user);
  });
}
