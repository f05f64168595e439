import type { DecodedIdToken } from 'firebase-admin/auth';
import { Timestamp, type DocumentData } from 'firebase-admin/firestore';
import { chooseMergedClaim, type MergeCandidate } from '../../runtime/claim';
import type { MergeAnonymousUserResult } from '../../runtime/contract';
import { PROFILE_FIELD_NAMES, type ProfileFields } from '../../runtime/claim';
import { invalidArgument, permissionDenied } from '../errors';
import { adminAuth, firestore } from '../firebaseAdmin';
import { logs } from '../logs';
import { claimRepository, currentAmong, nextClaimIdAmong } from '../repositories/claimRepository';
import { toClaimSummary } from './claimLookup';
import { userRepository } from '../repositories/userRepository';
import type { Handler } from './handler';

const TOKEN_FIELD = 'data.anonymousIdToken';

function millisOf(value: unknown): number {
  return value instanceof Timestamp ? value.toMillis() : 0;
}

function candidateOf(data: DocumentData): MergeCandidate {
  return {
    status: data.status === 'submitted' ? 'submitted' : 'draft',
    answeredPages: Object.keys((data.answers ?? {}) as object).length,
    updatedAt: millisOf(data.updatedAt),
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
    const result: MergeAnonymousUserResult = {
      mergedUid: anonymousUid,
      moved: [],
      kept: [],
      profileMerged: false,
    };
    // Every read comes before any write, as Firestore transactions require.
    const anonymousClaims = await claimRepository.listIn(tx, anonymousUid);
    const accountClaims = await claimRepository.listIn(tx, context.uid);
    const anonymousProfile = await userRepository.getIn(tx, anonymousUid);
    const accountProfile = await userRepository.getIn(tx, context.uid);

    // Submitted claims never clash: each one moves in as another claim of the account's.
    // Drafts can (one draft per claimant per funnel): see chooseMergedClaim for which stays.
    const takenIds = [...accountClaims];
    const moveToNewId = (claim: (typeof anonymousClaims)[number], funnelId: string) => {
      const toClaimId = nextClaimIdAmong(context.uid, funnelId, takenIds);
      takenIds.push({ claimId: toClaimId, data: {} });
      claimRepository.moveIn(tx, claim, context.uid, toClaimId, { mergedFrom: anonymousUid });
      result.moved.push(funnelId);
    };
    for (const claim of anonymousClaims) {
      const funnelId = String(claim.data.funnelId);
      const current = currentAmong(accountClaims, funnelId);
      const accountDraft =
        claim.data.status !== 'submitted' && current?.data.status === 'draft' ? current : null;
      if (!accountDraft) {
        moveToNewId(claim, funnelId);
        continue;
      }
      const referral = claim.data.referral ?? null;
      const winner = chooseMergedClaim(candidateOf(accountDraft.data), candidateOf(claim.data));
      if (winner === 'account') {
        claimRepository.supersedeIn(tx, claim, claim.claimId, accountDraft.claimId);
        if (!accountDraft.data.referral && referral) {
          claimRepository.setReferralIn(tx, accountDraft.claimId, referral);
        }
        result.kept.push(funnelId);
      } else {
        // The anonymous draft takes the account draft's place (and id).
        claimRepository.supersedeIn(
          tx,
          accountDraft,
          `${accountDraft.claimId}_${anonymousUid}`,
          accountDraft.claimId,
          true,
        );
        claimRepository.moveIn(tx, claim, context.uid, accountDraft.claimId, {
          mergedFrom: anonymousUid,
          referral: referral ?? accountDraft.data.referral ?? null,
        });
        result.moved.push(funnelId);
      }
    }
    result.moved = [...new Set(result.moved)];
    result.kept = [...new Set(result.kept)];

    if (anonymousProfile.exists) {
      // Blank fields of the account's profile are filled from the anonymous one; what the
      // account already holds is never overwritten.
      const from = anonymousProfile.data() ?? {};
      const to = accountProfile.data() ?? {};
      const filled: Partial<ProfileFields> = {};
      for (const name of PROFILE_FIELD_NAMES) {
        const value = from[name];
        if (typeof value === 'string' && value && !to[name]) filled[name] = value;
      }
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
