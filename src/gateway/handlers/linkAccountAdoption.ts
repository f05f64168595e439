import { adminAuth } from '../firebaseAdmin';
import { claimRepository } from '../repositories/claimRepository';
import { userRepository } from '../repositories/userRepository';
import type { HandlerContext } from './handler';

/**
 * An account made by the sign-in the caller's token is from: Auth stamps both times itself,
 * in the same request, but the token's sign-in time is in whole seconds.
 */
const SAME_SIGN_IN_MS = 1500;
/** ...and that sign-in was just now: the link is being completed, not replayed later. */
const FRESH_SIGN_IN_MS = 15 * 60 * 1000;

/**
 * Whether the caller's account was made by the email sign-in link they just used: signed in
 * by link with a verified address, created at that sign-in, moments ago, with nothing of its
 * own. Any other account with the address (a password, claims, a profile, an older sign-up)
 * is the claimant's to keep.
 */
export async function isAccountMadeByLink(
  context: HandlerContext,
  now = Date.now(),
): Promise<boolean> {
  const { token } = context;
  // A sign-in link signs in as 'password' too; it is the link that verifies the address.
  if (token.firebase.sign_in_provider !== 'password' || token.email_verified !== true) {
    return false;
  }
  const record = await adminAuth().getUser(context.uid);
  const created = Date.parse(record.metadata.creationTime);
  const signedIn = token.auth_time * 1000;
  const madeAtThisSignIn = Math.abs(signedIn - created) < SAME_SIGN_IN_MS;
  const fresh = now - signedIn <= FRESH_SIGN_IN_MS;
  // A password (when Auth says so) or a phone number is the owner's, never to be dropped.
  if (!madeAtThisSignIn || !fresh || record.phoneNumber || record.passwordHash) return false;
  const [claims, profile] = await Promise.all([
    claimRepository.listOf(context.uid),
    userRepository.find(context.uid),
  ]);
  return claims.length === 0 && profile === null;
}

/**
 * Removes the empty account a sign-in link just made and puts its (verified) address on the
 * claimant's own anonymous user instead, so they carry on with the same uid and every answer.
 * Returns a custom token for the browser to sign in as that user.
 */
export async function giveAddressTo(
  context: HandlerContext,
  anonymousUid: string,
  email: string,
): Promise<string> {
  const auth = adminAuth();
  // An address can be on one account only: free it, then give it to the claimant.
  await auth.deleteUser(context.uid);
  await auth.updateUser(anonymousUid, { email, emailVerified: true });
  return auth.createCustomToken(anonymousUid);
}
