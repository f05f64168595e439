import type { Timestamp } from 'firebase-admin/firestore';
import { planMerge, profileFieldsToFill, type ClaimToMerge } from '../../../runtime/claim';
import type { MergeAnonymousUserResult } from '../../../runtime/contract';
import { deleteAuthUser, findAuthUser } from '../../infra/authUsers';
import { logs } from '../../infra/logs';
import { claimRepository, type StoredClaim } from '../../repositories/claimRepository';
import { evidenceRepository } from '../../repositories/evidenceRepository';
import { userRepository } from '../../repositories/userRepository';
import { inTransaction } from '../../repositories/transaction';

function millisOf(value: Timestamp | undefined): number {
  return value ? value.toMillis() : 0;
}

/** A stored claim as the pure merge plan sees it. */
function claimToMerge({ claimId, data }: StoredClaim): ClaimToMerge {
  return {
    claimId,
    funnelId: data.funnelId,
    status: data.status,
    createdAt: millisOf(data.createdAt),
  };
}

type AnonymousUserState = 'anonymous' | 'gone' | 'registered';

/** Whether the anonymous user still exists and still has no sign-in method of its own. */
export async function anonymousUserState(uid: string): Promise<AnonymousUserState> {
  const record = await findAuthUser(uid);
  if (!record) return 'gone';
  return record.providerData.length === 0 && !record.email ? 'anonymous' : 'registered';
}

/**
 * Whether the caller's session has no account: an anonymous sign-in, or the session a claim's
 * (or support's) link opened for a uid that still has no way in of its own (a custom token).
 */
export async function callerHasNoAccount(context: {
  uid: string;
  token: { firebase: { sign_in_provider: string } };
}): Promise<boolean> {
  const provider = context.token.firebase.sign_in_provider;
  if (provider === 'anonymous') return true;
  return provider === 'custom' && (await anonymousUserState(context.uid)) === 'anonymous';
}

/** What a merge did, with where each moved claim went (old id to new id). */
interface AnonymousMerge {
  result: MergeAnonymousUserResult;
  movedClaimIds: Map<string, string>;
}

/**
 * Moves an anonymous user's claims and profile into an account, in one transaction, then
 * deletes the anonymous Auth user (unless `keepSession`: a browser redeeming a link still
 * holds only that session until the answer reaches it, and must be able to ask again; the
 * emptied user is then left to the retention run). The caller has checked that both are who
 * they say; a retry after success finds nothing left to move and changes nothing.
 */
export async function moveAnonymousUserInto(
  accountUid: string,
  anonymousUid: string,
  state: AnonymousUserState,
  { keepSession = false } = {},
): Promise<AnonymousMerge> {
  const outcome = await inTransaction(async (tx) => {
    // Every read comes before any write, as Firestore transactions require.
    const anonymousClaims = await claimRepository.listIn(tx, anonymousUid);
    const accountClaims = await claimRepository.listIn(tx, accountUid);
    const anonymousProfile = await userRepository.getIn(tx, anonymousUid);
    const accountProfile = await userRepository.getIn(tx, accountUid);
    const anonymousFiles = await evidenceRepository.listOfUserIn(tx, anonymousUid);

    const plan = planMerge({
      accountUid,
      anonymousUid,
      accountClaims: accountClaims.map(claimToMerge),
      anonymousClaims: anonymousClaims.map(claimToMerge),
    });
    const byId = new Map(anonymousClaims.map((claim) => [claim.claimId, claim]));
    for (const step of plan.steps) {
      claimRepository.moveIn(tx, byId.get(step.claimId)!, accountUid, step.toClaimId, {
        mergedFrom: anonymousUid,
      });
    }
    // Their files go with them: a saved file to the claim's new id, one not yet saved on an
    // answer to the account, for the answer it is waiting for.
    const movedTo = new Map(plan.steps.map((step) => [step.claimId, step.toClaimId]));
    for (const record of anonymousFiles) {
      const toClaimId = record.claimId === null ? null : movedTo.get(record.claimId);
      if (toClaimId === undefined) continue;
      evidenceRepository.moveIn(tx, [record], { uid: accountUid, claimId: toClaimId });
    }

    const result: MergeAnonymousUserResult = {
      mergedUid: anonymousUid,
      moved: plan.moved,
      choices: plan.choices,
      profileMerged: false,
    };
    if (anonymousProfile) {
      const filled = profileFieldsToFill(anonymousProfile, accountProfile ?? {});
      if (Object.keys(filled).length > 0) {
        userRepository.saveIn(tx, accountUid, accountProfile, filled);
        result.profileMerged = true;
      }
      userRepository.deleteIn(tx, anonymousUid);
    }
    return {
      result,
      movedClaimIds: new Map(plan.steps.map((step) => [step.claimId, step.toClaimId])),
    };
  });

  let authUserDeleted = false;
  if (state === 'anonymous' && !keepSession) {
    try {
      await deleteAuthUser(anonymousUid);
      authUserDeleted = true;
    } catch (error) {
      // The data has moved; a leftover empty anonymous user does no harm.
      logs.callFailed('mergeAnonymousUser', error);
    }
  }
  logs.anonymousUserMerged(anonymousUid, accountUid, {
    moved: outcome.result.moved,
    choices: outcome.result.choices.map((choice) => choice.funnelId),
    authUserDeleted,
  });
  const result =
    state === 'gone' && outcome.result.moved.length === 0
      ? { ...outcome.result, mergedUid: null }
      : outcome.result;
  return { result, movedClaimIds: outcome.movedClaimIds };
}
