import type { MergeAnonymousUserResult, SaveAndReturnResult } from '../../runtime/contract';
import { failedPrecondition, invalidArgument, permissionDenied } from '../errors';
import { logs } from '../logs';
import { claimRepository } from '../repositories/claimRepository';
import {
  canonicalEmail,
  saveAndReturnRepository,
  type SaveAndReturnRequest,
} from '../repositories/saveAndReturnRepository';
import { anonymousUserState, moveAnonymousUserInto } from './anonymousMerge';
import { giveAddressTo, isAccountMadeByLink } from './linkAccountAdoption';
import { pinnedVersionOf, requireFunnel } from './claimLookup';
import type { Handler, HandlerContext } from './handler';

const NO_LONGER_VALID =
  'This link can no longer be used. Start again, or sign in if you have an account.';

/**
 * "Save and come back later" for an anonymous claimant: records which claimant and email a
 * sign-in link is for. The browser then asks Firebase Auth to email the link, whose
 * continue URL names the request; completeSaveAndReturn finishes it on any device.
 */
export const requestSaveAndReturn: Handler<'requestSaveAndReturn'> = async (data, context) => {
  requireFunnel(data.funnelId);
  if (context.token.firebase.sign_in_provider !== 'anonymous') {
    throw failedPrecondition(
      'Your answers are already saved in your account: sign in to it on any device to continue',
    );
  }
  const { claim } = await claimRepository.current(context.uid, data.funnelId);
  const answered = claim && Object.keys(claim.data.answers ?? {}).length > 0;
  if (!answered) {
    throw failedPrecondition(
      'There is nothing to save yet: answer a question and continue, then try again',
    );
  }
  const { requestId, renewableUntil } = await saveAndReturnRepository.create({
    uid: context.uid,
    email: data.email,
    funnelId: data.funnelId,
  });
  logs.saveAndReturnRequested(context.uid, data.funnelId);
  return { requestId, renewableUntil: renewableUntil.toISOString() };
};

/**
 * A claimant whose emailed link has run out asks for another from the link itself: only
 * the address the first link went to may have one (they type it; it is not revealed).
 */
export const renewSaveAndReturn: Handler<'renewSaveAndReturn'> = async (data, _context) => {
  const request = await saveAndReturnRepository.findLive(data.requestId);
  if (!request) throw failedPrecondition(NO_LONGER_VALID);
  if (request.email !== canonicalEmail(data.email)) {
    throw invalidArgument('That is not the email address the link was sent to', [
      { field: 'data.email', message: 'is not the email address the link was sent to' },
    ]);
  }
  return { requestId: request.requestId, renewableUntil: request.renewableUntil.toISOString() };
};

/** The page the claimant stopped at in the funnel, or null when the claim was sent. */
async function continueAtOf(uid: string, funnelId: string) {
  const { claim } = await claimRepository.current(uid, funnelId);
  if (!claim || claim.data.status === 'submitted') return null;
  // The claim's own version: its pages are the ones to resume at.
  const navigator = pinnedVersionOf(claim, funnelId).registry.navigator(funnelId);
  if (!navigator) return null;
  const page = navigator.resume(
    (claim.data.answers ?? {}) as Parameters<typeof navigator.resume>[0],
  );
  return { funnelId, pageId: page.pageId };
}

/** The caller opened the link: their ID token shows they hold the address it went to. */
function requireLinkHolder(request: SaveAndReturnRequest | null, context: HandlerContext) {
  if (!request) throw failedPrecondition(NO_LONGER_VALID);
  const { email, email_verified: verified } = context.token;
  if (!email || verified !== true || canonicalEmail(email) !== request.email) {
    throw permissionDenied('Open the link from the email we sent you to continue your claim');
  }
  return request;
}

/**
 * Finishes a "save and come back later" link after the browser signed in with it:
 * - the caller is the claimant who asked (same browser, upgraded in place): nothing moves;
 * - the link made a new account for the address: that empty account is removed, the address
 *   goes onto the claimant's own anonymous user (verified), and a custom token lets this
 *   browser sign in as them: same uid, every answer;
 * - the address was an account already: the claimant's claims move into it (both drafts are
 *   kept and offered when it had one in the same funnel).
 */
export const completeSaveAndReturn: Handler<'completeSaveAndReturn'> = async (data, context) => {
  const request = requireLinkHolder(
    await saveAndReturnRepository.findLive(data.requestId),
    context,
  );
  if (context.uid === request.uid) return finished(request, context.uid, null, null);

  const state = await anonymousUserState(request.uid);
  if (state === 'gone') throw failedPrecondition(NO_LONGER_VALID);
  if (state === 'registered') {
    throw failedPrecondition(
      'The claim this link was for is now in an account. Sign in to that account to continue.',
    );
  }
  if (await isAccountMadeByLink(context)) {
    const signInToken = await giveAddressTo(context, request.uid, request.email);
    return finished(request, request.uid, signInToken, null);
  }
  const { result } = await moveAnonymousUserInto(context.uid, request.uid, state);
  return finished(request, context.uid, null, result);
};

/** Uses the request up and says where the claimant goes on. */
async function finished(
  request: SaveAndReturnRequest,
  uid: string,
  signInToken: string | null,
  merged: MergeAnonymousUserResult | null,
): Promise<SaveAndReturnResult> {
  await saveAndReturnRepository.remove(request.requestId);
  logs.saveAndReturnCompleted(request.uid, uid, merged ? 'merged' : 'same-uid');
  return { uid, signInToken, merged, continueAt: await continueAtOf(uid, request.funnelId) };
}
