/**
 * What the claimant reads when an account step fails: Firebase Auth error codes and our own
 * account errors (thrown with fixed English messages, which tests match) said in plain words,
 * the words being src/content/messages/forms.en-GB.json's.
 */
import { PASSWORD_MIN_LENGTH } from './formErrors';
import { formsText, type FormsTextKey } from '../formsText';
import { errorCodeOf, errorMessageOf } from '../../../runtime/contract';

function codeOf(error: unknown): string | undefined {
  return errorCodeOf(error);
}

/** The sentence (a key of forms.en-GB.json) said for each Firebase Auth error code a claimant meets. */
const AUTH_MESSAGES: Record<string, FormsTextKey> = {
  'auth/invalid-credential': 'authError.notRight',
  'auth/wrong-password': 'authError.notRight',
  'auth/user-not-found': 'authError.noAccount',
  'auth/invalid-email': 'check.emailFormat',
  'auth/missing-email': 'check.emailMissing',
  'auth/missing-password': 'authError.passwordMissing',
  'auth/too-many-requests': 'authError.tooManyTries',
  'auth/user-disabled': 'authError.closed',
  'auth/network-request-failed': 'authError.unreachable',
  'auth/invalid-custom-token': 'authError.signInLinkInvalid',
  'auth/custom-token-mismatch': 'authError.signInLinkInvalid',
  'auth/email-already-in-use': 'authError.accountExists',
  'auth/credential-already-in-use': 'authError.accountExists',
  'account-exists': 'authError.accountExists',
  'auth/weak-password': 'authError.weakPassword',
  'auth/requires-recent-login': 'authError.signInAgain',
  'auth/invalid-action-code': 'authError.linkUsed',
  'auth/expired-action-code': 'authError.linkExpired',
  'auth/provider-already-linked': 'authError.hasPassword',
  'auth/operation-not-allowed': 'authError.notAllowed',
};

/** The sentence said for each of our account errors' fixed messages. */
const SPEC_MESSAGES: Record<string, FormsTextKey> = {
  'Auth is not initialized': 'authError.notReady',
  'No authenticated user': 'authError.notSignedIn',
  'No current user': 'authError.notSignedIn',
  'No authenticated user to upgrade': 'authError.sessionEnded',
  'User is not anonymous': 'authError.alreadyRegistered',
  'No current local user': 'authError.noLocalUser',
  'No phone number': 'check.phoneMissing',
  'No email': 'check.emailMissing',
  'Error checking user exists': 'authError.checkFailed',
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
  const said = code ? AUTH_MESSAGES[code] : undefined;
  // A weak password is said against our floor, which the form asked for, not Firebase's (6).
  if (said) return formsText(said, { minLength: PASSWORD_MIN_LENGTH });
  const worded = errorMessageOf(error);
  if (code && GATEWAY_WORDED_CODES.has(code) && typeof worded === 'string') return worded;
  const message = error instanceof Error ? error.message : undefined;
  const spec = message ? SPEC_MESSAGES[message] : undefined;
  return formsText(spec ?? 'authError.other');
}
