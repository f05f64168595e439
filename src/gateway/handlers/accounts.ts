import type { DecodedIdToken } from 'firebase-admin/auth';
import { failedPrecondition, invalidArgument, permissionDenied } from '../errors';
import { adminAuth, firestore } from '../firebaseAdmin';
import { logs } from '../logs';
import { claimRepository, type StoredClaim } from '../repositories/claimRepository';
import { anonymousUserState, moveAnonymousUserInto } from './anonymousMerge';
import { giveAddressTo, isAccountMadeByLink } from './linkAccountAdoption';
import { readView, requireFunnel, toClaimSummary } from './claimLookup';
import type { Handler } from './handler';

const TOKEN_FIELD = 'data.anonymousIdToken';

async function verifiedAnonymousToken(idToken: string, callerUid: string) {
  let decoded: DecodedIdToken;
  try {
    decoded = await adminAuth().verifyIdToken(idToken);
  } catch {
    throw invalidArgument('The anonymous session token is not valid', [
      { field: TOKEN_FIELD, message: 'is not a valid ID token of this project' },
    ]);
  }
  if (decoded.uid === callerUid) {
    throw invalidArgument('A session cannot be merged into itself', [
      { field: TOKEN_FIELD, message: 'belongs to the caller' },
    ]);
  }
  if (decoded.firebase.sign_in_provider !== 'anonymous') {
    throw permissionDenied('Only an anonymous session can be merged into an account');
  }
  return decoded;
}

/**
 * Moves an anonymous session's claims and profile into the caller's account after the
 * claimant signs in to an account that already existed, so nothing typed before signing in
 * is lost. An email sign-in link that made a brand-new account upgrades the anonymous
 * claimant instead (see AnonymousSessionMerge): the browser need not ask first whether the
 * address has an account, so no one can use that question to find out. Authorised by both tokens: the caller's (a registered user, from the callable
 * protocol) and the anonymous session's ID token in the payload, which only that browser
 * holds.
 */
export const mergeAnonymousUser: Handler<'mergeAnonymousUser'> = async (data, context) => {
  if (context.token.firebase.sign_in_provider === 'anonymous') {
    throw permissionDenied('Sign in to your account before moving an anonymous claim into it');
  }
  const anonymous = await verifiedAnonymousToken(data.anonymousIdToken, context.uid);
  const state = await anonymousUserState(anonymous.uid);
  if (state === 'registered') {
    throw permissionDenied('That session has become an account of its own and cannot be merged');
  }
  if (state === 'anonymous' && context.token.email && (await isAccountMadeByLink(context))) {
    const signInToken = await giveAddressTo(context, anonymous.uid, context.token.email);
    logs.anonymousUserUpgradedByLink(anonymous.uid);
    return { mergedUid: null, moved: [], choices: [], profileMerged: false, signInToken };
  }
  const { result } = await moveAnonymousUserInto(context.uid, anonymous.uid, state);
  return { ...result, signInToken: null };
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
    throw invalidArgument('No such claim', [
      { field: 'data.claimId', message: `is not one of your claims in ${funnelId}` },
    ]);
  }
  if (claim.data.status === 'submitted') {
    throw failedPrecondition('This claim has been submitted and can no longer be changed');
  }
  return claim;
}

/**
 * Makes one of the caller's drafts in a funnel the one they continue (after signing in left
 * them two). The referral data of every draft in the funnel is kept on the chosen one.
 */
export const chooseDraft: Handler<'chooseDraft'> = async (data, context) => {
  requireFunnel(data.funnelId);
  const claimId = await firestore().runTransaction(async (tx) => {
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
      others.map((other) => other.data.referral).filter(Boolean),
    );
    return chosen.claimId;
  });
  return { claim: await readView(context.uid, claimId) };
};

/** Deletes one of the caller's drafts (never a sent claim): its answers are gone for good. */
export const deleteDraft: Handler<'deleteDraft'> = async (data, context) => {
  requireFunnel(data.funnelId);
  await firestore().runTransaction(async (tx) => {
    const claims = await claimRepository.listIn(tx, context.uid);
    claimRepository.deleteIn(tx, requireOwnDraft(claims, data.funnelId, data.claimId));
  });
  logs.draftDeleted(data.claimId, data.funnelId);
  return { deleted: true as const };
};
