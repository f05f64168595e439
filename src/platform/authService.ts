import {
  EmailAuthProvider,
  linkWithCredential,
  onAuthStateChanged,
  onIdTokenChanged,
  sendPasswordResetEmail,
  signInAnonymously,
  signInWithCustomToken,
  signInWithEmailAndPassword,
  signOut as firebaseSignOut,
  updateEmail,
  updatePassword,
  verifyBeforeUpdateEmail,
  type Auth,
  type User,
} from 'firebase/auth';
import { BACKOFF, backoffDelayMs } from '../runtime/backoff';
import { LOGIN_PATH } from '../runtime/constants';
import { firebaseServices } from './firebaseApp/firebaseApp';
import { browserEnv } from '../browserEnv';
import { errorCodeOf } from '../runtime/contract';

/** The serialisable view of a Firebase user that the store keeps (Redux state is plain data). */
export interface AuthUser {
  uid: string;
  email: string | null;
  phoneNumber: string | null;
  /**
   * No account: the session has no way in of its own (hasNoAccount), so every page treats
   * it as not signed in to an account, whether Firebase calls it anonymous or not.
   */
  isAnonymous: boolean;
  /**
   * A session without an account that a link (a claim's, support's) signed in: its claims
   * are the server's, and this browser may hold none of them.
   */
  fromLink?: true;
}

/**
 * Whether a Firebase user is a session without an account: an anonymous sign-in, or the
 * session a claim or support link signs in to an anonymous claimant's uid. Firebase says a
 * custom-token session is not anonymous, but it has no email address, mobile number or
 * sign-in method: nothing but this browser, or another link, brings the claimant back to it.
 * The gateway decides the same way (anonymousUserState).
 */
export function hasNoAccount(
  user: Pick<User, 'isAnonymous' | 'email' | 'phoneNumber' | 'providerData'>,
): boolean {
  return user.isAnonymous || (!user.email && !user.phoneNumber && user.providerData.length === 0);
}

/** The claimant's profile as this browser holds it: what an upgrade needs. */
export interface LocalUser {
  email: string;
  phoneNumber: string;
}

/** Logs and throws one of our fixed account errors (app/ui/account/authErrorMessages words them). */
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

/** The anonymous session a sign-in replaced, with the ID token that authorises merging it. */
export interface ReplacedAnonymousSession {
  uid: string;
  idToken: string;
}

/**
 * What a sign-in did to the session: who is signed in now, and the anonymous session it
 * replaced (null when there was none, or when the uid stayed the same), so the store can
 * merge that session's claims into the account through the gateway.
 */
export interface SessionSwitch {
  user: AuthUser;
  replacedAnonymous: ReplacedAnonymousSession | null;
}

const ALREADY_IN_USE = new Set(['auth/credential-already-in-use', 'auth/email-already-in-use']);

function codeOf(error: unknown): string | undefined {
  return errorCodeOf(error);
}

/** True when Firebase refused a credential because its email belongs to another account. */
function isAlreadyInUse(error: unknown): boolean {
  return ALREADY_IN_USE.has(codeOf(error) ?? '');
}

let initialised = false;
let markInitialised: () => void = () => {};
const firstAuthState = new Promise<void>((resolve) => {
  markInitialised = resolve;
});

/**
 * How long a sign-in, registration or other account step asked for before the session is
 * known (the page has only just loaded, on a slow device) waits for it, before it fails with
 * 'Auth is not initialized' ("We are still getting your session ready…").
 */
export const AUTH_READY_WAIT_MS = 15_000;
/** Sign-in paths in progress: while one runs, a signed-out moment must not start a new session. */
let sessionChanges = 0;
let anonymousSignIn: Promise<void> | null = null;

export function toAuthUser(user: User): AuthUser {
  return {
    uid: user.uid,
    email: user.email,
    phoneNumber: user.phoneNumber,
    isAnonymous: hasNoAccount(user),
    ...(!user.isAnonymous && hasNoAccount(user) ? { fromLink: true as const } : {}),
  };
}

/** The Auth instance, once the first auth-state callback has fired. */
function initialisedAuth(): Auth {
  if (!initialised) failWith('Auth is not initialized');
  return firebaseServices().auth;
}

/**
 * Resolves once the first auth-state callback has fired, or after AUTH_READY_WAIT_MS: a
 * claimant who presses Sign in the moment the page shows waits the second it takes, rather
 * than being told to try again.
 */
export async function authInitialised(): Promise<void> {
  if (initialised) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    firstAuthState,
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, AUTH_READY_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
}

/** initialisedAuth, for a step the claimant asked for: it waits for the session first. */
async function initialisedAuthSoon(): Promise<Auth> {
  await authInitialised();
  return initialisedAuth();
}

/** The wait before the next try of an anonymous sign-in that failed (offline, Auth unreachable). */
let anonymousFailures = 0;

function startAnonymousSession(auth: Auth): void {
  if (anonymousSignIn) return;
  anonymousSignIn = signInAnonymously(auth)
    .then(() => {
      anonymousFailures = 0;
    })
    .catch((error: unknown) => {
      console.error(error);
      // The first page is answered without a session; it must not wait for a reload to get one.
      retryAnonymousSession(auth);
    })
    .finally(() => {
      anonymousSignIn = null;
    });
}

function retryAnonymousSession(auth: Auth): void {
  let done = false;
  const retry = (): void => {
    if (done) return;
    done = true;
    window.removeEventListener('online', retry);
    if (!auth.currentUser && sessionChanges === 0) startAnonymousSession(auth);
  };
  anonymousFailures += 1;
  setTimeout(retry, backoffDelayMs(BACKOFF.connection, anonymousFailures));
  window.addEventListener('online', retry);
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
 * Subscribes to auth state. The first callback marks auth initialised (session known); a
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
    markInitialised();
    if (!user && sessionChanges === 0) startAnonymousSession(auth);
  });
  return () => {
    stopTokens();
    stopState();
  };
}

/**
 * Resolves once this browser has a session (a signed-in user, anonymous or not). A gateway
 * call waits for it: on a page opened in a browser that has never been here (a link opened
 * on a phone), the first auth callback says "nobody" and the anonymous sign-in is still on
 * its way, and a call made then would be refused as unauthenticated. No ceiling: the
 * anonymous sign-in is retried until it succeeds (retryAnonymousSession).
 */
export function sessionReady(): Promise<void> {
  const { auth } = firebaseServices();
  if (auth.currentUser) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = onAuthStateChanged(auth, (user) => {
      if (!user) return;
      stop();
      resolve();
    });
  });
}

export function currentUser(): User {
  const user = initialisedAuth().currentUser;
  if (!user) failWith('No authenticated user');
  return user;
}

/** Signs out; the auth-state watcher then starts a fresh anonymous session. */
export async function signOut(): Promise<void> {
  await firebaseSignOut(await initialisedAuthSoon());
}

/** The page password-reset and sign-in-link emails return to: the login page. */
export function loginPageUrl(origin?: string): string {
  const base = browserEnv.baseUrl.replace(/\/$/, '');
  return `${origin ?? window.location.origin}${base}${LOGIN_PATH}`;
}

/** The current user's anonymous session and its ID token, to merge after signing in elsewhere. */
async function anonymousSession(auth: Auth): Promise<{ uid: string; idToken: string } | null> {
  const user = auth.currentUser;
  // A session a claim's link opened too: signing in brings its claims into the account.
  if (!user || !hasNoAccount(user)) return null;
  return { uid: user.uid, idToken: await user.getIdToken() };
}

/** The session `user` replaced, if it was another, anonymous one. */
function switchedFrom(anonymous: ReplacedAnonymousSession | null, user: User): SessionSwitch {
  return {
    user: toAuthUser(user),
    replacedAnonymous: anonymous && anonymous.uid !== user.uid ? anonymous : null,
  };
}

/**
 * Email and password sign-in. The anonymous session it replaces (its uid and ID token, taken
 * before signing in) is returned, so its claims can be merged into the account.
 */
export async function signInWithPassword(email: string, password: string): Promise<SessionSwitch> {
  const auth = await initialisedAuthSoon();
  return replacingSession(auth, async () => {
    const anonymous = await anonymousSession(auth);
    const credential = await signInWithEmailAndPassword(auth, email, password);
    return switchedFrom(anonymous, credential.user);
  });
}

/**
 * Upgrades the anonymous user to a registered one by linking email and password
 * credentials: the uid stays the same, so every draft answer stays theirs.
 * When the email belongs to an account already, throws AccountExistsError.
 */
export async function upgradeAnonymousUser(
  localUser: LocalUser | null | undefined,
  password: string,
): Promise<AuthUser> {
  const auth = await initialisedAuthSoon();
  const user = auth.currentUser;
  if (!user) failWith('No authenticated user to upgrade');
  // A session a claim link opened has no account either: linking keeps its uid and claims.
  if (!hasNoAccount(user)) failWith('User is not anonymous');
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
    if (isAlreadyInUse(error)) throw new AccountExistsError(localUser.email);
    throw error;
  }
}

/**
 * The other upgrade: a claimant whose email already signs in by email link
 * (an anonymous session that opened a sign-in link is linked to it, keeping its uid) sets a
 * password, so they can sign in with it from now on.
 */
export async function setPassword(password: string): Promise<AuthUser> {
  const user = (await initialisedAuthSoon()).currentUser;
  if (!user) failWith('No current user');
  if (!user.email) failWith('No email');
  await updatePassword(user, password);
  return toAuthUser(user);
}

/**
 * Sends a password-reset email whose continue URL is the login page. An
 * unknown address is answered like a known one, so the form cannot tell who has an account.
 */
export async function sendPasswordReset(email: string, origin?: string): Promise<void> {
  const auth = await initialisedAuthSoon();
  try {
    await sendPasswordResetEmail(auth, email, { url: loginPageUrl(origin) });
  } catch (error) {
    if (codeOf(error) === 'auth/user-not-found') return;
    throw error;
  }
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
  const user = (await initialisedAuthSoon()).currentUser;
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
 * Custom-token sign-in: the gateway answers a redeemed single-use link (emailed, or minted by
 * support with `npm run resume-link`) with one. Replaces the current session, signing it out
 * first.
 */
export async function signInWithToken(token: string): Promise<AuthUser> {
  const auth = await initialisedAuthSoon();
  return replacingSession(auth, async () => {
    await firebaseSignOut(auth);
    const credential = await signInWithCustomToken(auth, token);
    return toAuthUser(credential.user);
  });
}
