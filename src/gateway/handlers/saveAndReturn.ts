import type { MergeAnonymousUserResult, SaveAndReturnResult } from '../../runtime/contract';
import {
  failedPrecondition,
  invalidArgument,
  permissionDenied,
  resourceExhausted,
} from '../errors';
import { adminAuth } from '../firebaseAdmin';
import { funnelRegistry } from '../funnelRegistry';
import { logs } from '../logs';
import { claimRepository } from '../repositories/claimRepository';
import { consumeRateLimit } from '../repositories/rateLimitRepository';
import {
  canonicalEmail,
  saveAndReturnRepository,
  type SaveAndReturnRequest,
} from '../repositories/saveAndReturnRepository';
import { userRepository } from '../repositories/userRepository';
import { anonymousUserState, moveAnonymousUserInto } from './anonymousMerge';
import { requireFunnel } from './claimLookup';
import type { Handler, HandlerContext } from './handler';

/** Links one caller may ask for in an hour: enough to retry a typo, too few to spam anyone. */
const LINKS_PER_HOUR = { maxCalls: 5, windowMs: 60 * 60 * 1000 };
/** An account made by the sign-in the caller's token is from (clocks may differ a little). */
const SAME_SIGN_IN_MS = 2 * 60 * 1000;
/** ...and that sign-in was just now: the link is being completed, not replayed later. */
const FRESH_SIGN_IN_MS = 15 * 60 * 1000;

const NO_LONGER_VALID =
  'This link can no longer be used. Start again, or sign in if you have an account.';

async function limitLinks(functionName: string, context: HandlerContext) {
  if (!(await consumeRateLimit(functionName, context.uid, LINKS_PER_HOUR))) {
    logs.rateLimited(functionName, context.uid);
    throw resourceExhausted('You have asked for several links. Please wait an hour and try again.');
  }
}

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
  await limitLinks('requestSaveAndReturn', context);
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
export const renewSaveAndReturn: Handler<'renewSaveAndReturn'> = async (data, context) => {
  await limitLinks('renewSaveAndReturn', context);
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
  const navigator = funnelRegistry().navigator(funnelId);
  if (!navigator) return null;
  const page = navigator.resume(
    (claim.data.answers ?? {}) as Parameters<typeof navigator.resume>[0],
  );
  return { funnelId, pageId: page.pageId };
}

/**
 * Whether the caller's account was made by this very link: created at the sign-in their
 * token is from, moments ago, with nothing of its own. Any other account with the address
 * (a password, claims, a profile, an older sign-up) is the claimant's to keep.
 */
async function isAccountMadeByLink(context: HandlerContext, now = Date.now()): Promise<boolean> {
  const record = await adminAuth().getUser(context.uid);
  const created = Date.parse(record.metadata.creationTime);
  const signedIn = context.token.auth_time * 1000;
  const madeAtThisSignIn = Math.abs(signedIn - created) < SAME_SIGN_IN_MS;
  if (!madeAtThisSignIn || now - signedIn > FRESH_SIGN_IN_MS || record.phoneNumber) return false;
  const [claims, profile] = await Promise.all([
    claimRepository.listOf(context.uid),
    userRepository.find(context.uid),
  ]);
  return claims.length === 0 && profile === null;
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
    const auth = adminAuth();
    // An address can be on one account only: free it, then give it to the claimant.
    await auth.deleteUser(context.uid);
    await auth.updateUser(request.uid, { email: request.email, emailVerified: true });
    const signInToken = await auth.createCustomToken(request.uid);
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
