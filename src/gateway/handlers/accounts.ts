import type { DecodedIdToken } from 'firebase-admin/auth';
import { Timestamp } from 'firebase-admin/firestore';
import { planMerge, profileFieldsToFill, type ClaimToMerge } from '../../runtime/claim';
import type { MergeAnonymousUserResult } from '../../runtime/contract';
import { failedPrecondition, invalidArgument, permissionDenied } from '../errors';
import { adminAuth, firestore } from '../firebaseAdmin';
import { logs } from '../logs';
import { claimRepository, type StoredClaim } from '../repositories/claimRepository';
import { readView, requireFunnel, toClaimSummary } from './claimLookup';
import { userRepository } from '../repositories/userRepository';
import type { Handler } from './handler';

const TOKEN_FIELD = 'data.anonymousIdToken';

function millisOf(value: unknown): number {
  return value instanceof Timestamp ? value.toMillis() : 0;
}

/** A stored claim as the pure merge plan sees it. */
function claimToMerge({ claimId, data }: StoredClaim): ClaimToMerge {
  return {
    claimId,
    funnelId: String(data.funnelId),
    status: data.status === 'submitted' ? 'submitted' : 'draft',
    createdAt: millisOf(data.createdAt),
  };
}

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

/** Whether the anonymous user still exists and still has no sign-in method of its own. */
async function anonymousUserState(uid: string): Promise<'anonymous' | 'gone' | 'registered'> {
  try {
    const record = await adminAuth().getUser(uid);
    return record.providerData.length === 0 ? 'anonymous' : 'registered';
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') return 'gone';
    throw error;
  }
}

/**
 * Moves an anonymous session's claims and profile into the caller's account after the
 * claimant signs in to an account that already existed, so nothing typed before signing in
 * is lost. Authorised by both tokens: the caller's (a registered user, from the callable
 * protocol) and the anonymous session's ID token in the payload, which only that browser
 * holds. Every Firestore change is one transaction; the anonymous Auth user is deleted
 * after it commits. A retry after success finds nothing left to move and changes nothing.
 */
export const mergeAnonymousUser: Handler<'mergeAnonymousUser'> = async (data, context) => {
  if (context.token.firebase.sign_in_provider === 'anonymous') {
    throw permissionDenied('Sign in to your account before moving an anonymous claim into it');
  }
  const anonymous = await verifiedAnonymousToken(data.anonymousIdToken, context.uid);
  const anonymousUid = anonymous.uid;
  const state = await anonymousUserState(anonymousUid);
  if (state === 'registered') {
    throw permissionDenied('That session has become an account of its own and cannot be merged');
  }

  const outcome = await firestore().runTransaction(async (tx) => {
    // Every read comes before any write, as Firestore transactions require.
    const anonymousClaims = await claimRepository.listIn(tx, anonymousUid);
    const accountClaims = await claimRepository.listIn(tx, context.uid);
    const anonymousProfile = await userRepository.getIn(tx, anonymousUid);
    const accountProfile = await userRepository.getIn(tx, context.uid);

    const plan = planMerge({
      accountUid: context.uid,
      anonymousUid,
      accountClaims: accountClaims.map(claimToMerge),
      anonymousClaims: anonymousClaims.map(claimToMerge),
    });
    const byId = new Map(anonymousClaims.map((claim) => [claim.claimId, claim]));
    for (const step of plan.steps) {
      claimRepository.moveIn(tx, byId.get(step.claimId)!, context.uid, step.toClaimId, {
        mergedFrom: anonymousUid,
      });
    }

    const result: MergeAnonymousUserResult = {
      mergedUid: anonymousUid,
      moved: plan.moved,
      choices: plan.choices,
      profileMerged: false,
    };
    if (anonymousProfile.exists) {
      const filled = profileFieldsToFill(
        anonymousProfile.data() ?? {},
        accountProfile.data() ?? {},
      );
      if (Object.keys(filled).length > 0) {
        userRepository.saveIn(tx, context.uid, accountProfile, filled);
        result.profileMerged = true;
      }
      userRepository.deleteIn(tx, anonymousUid);
    }
    return result;
  });

  let authUserDeleted = false;
  if (state === 'anonymous') {
    try {
      await adminAuth().deleteUser(anonymousUid);
      authUserDeleted = true;
    } catch (error) {
      // The data has moved; a leftover empty anonymous user does no harm.
      if ((error as { code?: string }).code !== 'auth/user-not-found')
        logs.callFailed('mergeAnonymousUser', error);
    }
  }
  logs.anonymousUserMerged(anonymousUid, context.uid, {
    moved: outcome.moved,
    choices: outcome.choices.map((choice) => choice.funnelId),
    authUserDeleted,
  });
  return state === 'gone' && outcome.moved.length === 0 ? { ...outcome, mergedUid: null } : outcome;
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
