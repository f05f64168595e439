import type { DecodedIdToken } from 'firebase-admin/auth';
import { deleteFilesOfClaim } from '../evidence/evidenceCleanup';
import { failedPrecondition, invalidArgument, permissionDenied } from '../../call/errors';
import { adminAuth } from '../../infra/firebaseAdmin';
import { logs } from '../../infra/logs';
import { claimRepository, type StoredClaim } from '../../repositories/claimRepository';
import { anonymousUserState, moveAnonymousUserInto } from './anonymousMerge';
import { emailProofRepository } from '../../repositories/emailProofRepository';
import { readView, requireFunnel, toClaimSummary } from '../claims/claimLookup';
import type { Handler } from '../handler';
import { inTransaction } from '../../repositories/transaction';
import { gatewayText } from '../../gatewayText';

const TOKEN_FIELD = 'data.anonymousIdToken';

async function verifiedAnonymousToken(idToken: string, callerUid: string) {
  let decoded: DecodedIdToken;
  try {
    // Revoked sessions too: the maker of a claim whose link another person opened keeps an
    // unexpired token for up to an hour, and must not pull that claim into an account with
    // it. (The Auth emulator always checks this; a real project only when asked.)
    decoded = await adminAuth().verifyIdToken(idToken, true);
  } catch {
    throw invalidArgument(gatewayText('merge.tokenInvalid'), [
      { field: TOKEN_FIELD, message: 'is not a valid ID token of this project' },
    ]);
  }
  if (decoded.uid === callerUid) {
    throw invalidArgument(gatewayText('merge.intoItself'), [
      { field: TOKEN_FIELD, message: 'belongs to the caller' },
    ]);
  }
  // An anonymous sign-in, or the session a claim's link opened for an anonymous claimant's
  // uid (a custom token): which of them still has no account is asked of Auth after this.
  const provider = decoded.firebase.sign_in_provider;
  if (provider !== 'anonymous' && provider !== 'custom') {
    throw permissionDenied(gatewayText('merge.anonymousOnly'));
  }
  return decoded;
}

const CONFIRM_ADDRESS_FIRST = gatewayText('merge.confirmAddressFirst');

/**
 * Moves an anonymous session's claims and profile into the caller's account after the
 * claimant signs in to it with a password, so nothing typed before signing in is lost. A
 * session a claim's link opened counts as anonymous while its uid has no way in of its own.
 * Authorised by both tokens: the caller's (a registered user, from the callable protocol)
 * and the anonymous session's ID token in the payload, which only that browser holds. The
 * account's address must have been proved by a link the gateway emailed: a password on an
 * address nobody proved may be an attacker's, waiting for a victim to bring a claim.
 * (Email links move claims themselves, when they are redeemed: see emailLinks.)
 */
export const mergeAnonymousUser: Handler<'mergeAnonymousUser'> = async (data, context) => {
  const anonymous = await verifiedAnonymousToken(data.anonymousIdToken, context.uid);
  const state = await anonymousUserState(anonymous.uid);
  if (state === 'registered') {
    throw permissionDenied(gatewayText('merge.becameAccount'));
  }
  if (!(await emailProofRepository.isProved(context.uid, context.token.email))) {
    throw failedPrecondition(CONFIRM_ADDRESS_FIRST);
  }
  const { result } = await moveAnonymousUserInto(context.uid, anonymous.uid, state);
  return result;
};

/** The caller's claims for the "your claims" page, most recently changed first. */
export const listClaims: Handler<'listClaims'> = async (_data, context) => {
  const stored = await claimRepository.listOf(context.uid);
  const claims = stored.map((claim) => toClaimSummary(claim, stored));
  claims.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  return { claims };
};

/** One of the caller's drafts in a funnel, or an error naming `data.claimId`. */
function requireOwnDraft(claims: readonly StoredClaim[], funnelId: string, claimId: string) {
  const claim = claims.find(
    (stored) => stored.claimId === claimId && stored.data.funnelId === funnelId,
  );
  if (!claim) {
    throw invalidArgument(gatewayText('claim.notFound'), [
      { field: 'data.claimId', message: `is not one of your claims in ${funnelId}` },
    ]);
  }
  if (claim.data.status === 'submitted') {
    throw failedPrecondition(gatewayText('claim.submittedUnchangeable'));
  }
  return claim;
}

/**
 * Makes one of the caller's drafts in a funnel the one they continue (after signing in left
 * them two). The referral data of every draft in the funnel is kept on the chosen one.
 */
export const chooseDraft: Handler<'chooseDraft'> = async (data, context) => {
  requireFunnel(data.funnelId);
  const claimId = await inTransaction(async (tx) => {
    const claims = await claimRepository.listIn(tx, context.uid);
    const chosen = requireOwnDraft(claims, data.funnelId, data.claimId);
    const others = claims.filter(
      (claim) =>
        claim.claimId !== chosen.claimId &&
        claim.data.funnelId === data.funnelId &&
        claim.data.status !== 'submitted',
    );
    claimRepository.chooseIn(
      tx,
      chosen,
      others.flatMap((other) => (other.data.referral ? [other.data.referral] : [])),
    );
    return chosen.claimId;
  });
  return { claim: await readView(context.uid, claimId) };
};

/** Deletes one of the caller's drafts (never a sent claim): its answers are gone for good. */
export const deleteDraft: Handler<'deleteDraft'> = async (data, context) => {
  requireFunnel(data.funnelId);
  await inTransaction(async (tx) => {
    const claims = await claimRepository.listIn(tx, context.uid);
    claimRepository.deleteIn(tx, requireOwnDraft(claims, data.funnelId, data.claimId));
  });
  logs.draftDeleted(data.claimId, data.funnelId);
  await deleteFilesOfClaim(data.claimId);
  return { deleted: true as const };
};
