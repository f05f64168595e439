/**
 * What the claimant reads when an account step fails: Firebase Auth error codes and our own
 * account errors (thrown with fixed English messages, which tests match) said in plain words.
 */

function codeOf(error: unknown): string | undefined {
  return (error as { code?: string } | null)?.code;
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

/** Our account errors' fixed messages, said in plain words for the claimant. */
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

/** Gateway refusals whose message is written for the claimant (a link used up, a limit). */
const GATEWAY_WORDED_CODES = new Set([
  'failed-precondition',
  'resource-exhausted',
  'permission-denied',
]);

/** Turns a Firebase Auth error, or one of our fixed messages, into a sentence for the claimant. */
export function describeAuthError(error: unknown): string {
  const code = codeOf(error);
  if (code && AUTH_MESSAGES[code]) return AUTH_MESSAGES[code];
  const worded = (error as { message?: unknown } | null)?.message;
  if (code && GATEWAY_WORDED_CODES.has(code) && typeof worded === 'string') return worded;
  const message = error instanceof Error ? error.message : undefined;
  if (message && SPEC_MESSAGES[message]) return SPEC_MESSAGES[message];
  return 'Sorry, there is a problem signing you in. Try again later.';
}
