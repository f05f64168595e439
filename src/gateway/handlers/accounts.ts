import type { DecodedIdToken } from 'firebase-admin/auth';
import { Timestamp } from 'firebase-admin/firestore';
import { planMerge, profileFieldsToFill, type ClaimToMerge } from '../../runtime/claim';
import type { MergeAnonymousUserResult } from '../../runtime/contract';
import { invalidArgument, permissionDenied } from '../errors';
import { adminAuth, firestore } from '../firebaseAdmin';
import { logs } from '../logs';
import { claimRepository, type StoredClaim } from '../repositories/claimRepository';
import { toClaimSummary } from './claimLookup';
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
    answeredPages: Object.keys((data.answers ?? {}) as object).length,
    updatedAt: millisOf(data.updatedAt),
    createdAt: millisOf(data.createdAt),
    referral: data.referral ?? null,
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
    const byId = new Map(
      [...anonymousClaims, ...accountClaims].map((claim) => [claim.claimId, claim]),
    );
    const stored = (claimId: string) => byId.get(claimId)!;
    for (const step of plan.steps) {
      if (step.kind === 'move') {
        claimRepository.moveIn(tx, stored(step.claimId), context.uid, step.toClaimId, {
          mergedFrom: anonymousUid,
          ...('referral' in step ? { referral: step.referral } : {}),
        });
      } else if (step.kind === 'supersede') {
        claimRepository.supersedeIn(
          tx,
          stored(step.claimId),
          step.archiveId,
          step.supersededBy,
          step.keepOriginal,
        );
      } else {
        claimRepository.setReferralIn(tx, step.claimId, step.referral);
      }
    }

    const result: MergeAnonymousUserResult = {
      mergedUid: anonymousUid,
      moved: plan.moved,
      kept: plan.kept,
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
    kept: outcome.kept,
    authUserDeleted,
  });
  return state === 'gone' && outcome.moved.length === 0 && outcome.kept.length === 0
    ? { ...outcome, mergedUid: null }
    : outcome;
};

/** The caller's claims for the "your claims" page, most recently changed first. */
export const listClaims: Handler<'listClaims'> = async (_data, context) => {
  const claims = (await claimRepository.listOf(context.uid)).map(toClaimSummary);
  claims.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  return { claims };
};
