import { randomBytes } from 'node:crypto';
import { adminAuth } from '../../infra/firebaseAdmin';
import { logs } from '../../infra/logs';
import { emailLinkRepository } from '../../repositories/emailLinkRepository';
import { emailProofRepository } from '../../repositories/emailProofRepository';
import { saveAndReturnRepository } from '../../repositories/saveAndReturnRepository';

/**
 * Readies an existing account for whoever just proved, by a link the gateway emailed, that
 * they hold its address, before anything is moved into it or they are signed in to it.
 *
 * An address nobody had proved for this account may have been typed by someone else: the
 * account pre-hijacking attack signs up with a victim's address and a password, and waits
 * for the victim to bring their claim to it. So the first proof of an address ends every
 * way in that came before it: the password (replaced by a random one nobody knows, which
 * removes it as a way to sign in) and every session (revoked). The address holder is then
 * told to set a password of their own. An address proved before (by a link, or by the
 * confirm-your-address email after registering) keeps its password: it was set by the same
 * person, or after the proof by the holder.
 */
export async function takeOverByProvedAddress(
  uid: string,
  email: string,
): Promise<{ passwordRemoved: boolean }> {
  if (await emailProofRepository.isProved(uid, email)) return { passwordRemoved: false };
  const hadPassword = await endWaysIn(uid);
  await adminAuth().updateUser(uid, { emailVerified: true });
  await emailProofRepository.record(uid, email);
  logs.accountSecuredByProof(uid, hadPassword);
  return { passwordRemoved: hadPassword };
}

/**
 * Ends every way into an account but a link to its address: its password (replaced by a
 * random one nobody knows) and every session, of whatever sign-in method (the gateway refuses
 * any token issued before, liveSession.ts). Returns whether it had a password.
 */
export async function endWaysIn(uid: string): Promise<boolean> {
  const auth = adminAuth();
  const record = await auth.getUser(uid);
  const hadPassword = record.providerData.some((info) => info.providerId === 'password');
  await auth.updateUser(uid, { password: randomBytes(32).toString('base64url') });
  await auth.revokeRefreshTokens(uid);
  return hadPassword;
}

/** An address proved on an account that had no other way in (a claimant's own anonymous user). */
export async function giveProvedAddress(uid: string, email: string): Promise<void> {
  await adminAuth().updateUser(uid, { email, emailVerified: true });
  await emailProofRepository.record(uid, email);
}

/**
 * A claim made anonymously whose address someone else proved (its link opened in another
 * session) is theirs from then on: every session of its maker ends (the gateway refuses any
 * token issued before, liveSession.ts), and so do the maker's other pending links and "come
 * back later" requests, which could otherwise sign the maker in again.
 */
export async function endMakerSessions(uid: string): Promise<void> {
  await adminAuth().revokeRefreshTokens(uid);
  await emailLinkRepository.removeAllOf(uid);
  await saveAndReturnRepository.removeAllOf(uid);
  logs.accountWaysInEnded(uid, 'claim-address-proved-elsewhere');
}
