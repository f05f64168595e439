import { failedPrecondition, invalidArgument } from '../../call/errors';
import { funnelRegistry } from '../../infra/funnelRegistry';
import { logs } from '../../infra/logs';
import { sendLinkMail } from '../../mail/linkMail';
import { claimLocaleOf, funnelMailWords } from '../../mail/mailWords';
import { claimRepository } from '../../repositories/claimRepository';
import { requesterDigestOf, type EmailLink } from '../../repositories/emailLinkRepository';
import {
  canonicalEmail,
  saveAndReturnRepository,
  type SaveAndReturnRequest,
} from '../../repositories/saveAndReturnRepository';
import { pinnedVersionOf, requireFunnel } from '../claims/claimLookup';
import type { Handler, HandlerContext } from '../handler';
import { gatewayText } from '../../gatewayText';
import { callerHasNoAccount } from './anonymousMerge';

export const NO_LONGER_VALID = gatewayText('link.noLongerValid');

/** The app address a "come back later" link opens: its request (for renewal) and its token. */
function returnUrl(config: HandlerContext['config'], requestId: string, token: string): string {
  const query = new URLSearchParams({ request: requestId, link: token });
  return `${config.siteUrl}/return?${query.toString()}`;
}

/**
 * Emails the claimant a single-use link to a request's claim, in the language the claim is
 * made in (`locale`, or the claim's as now stored when not given).
 */
async function emailReturnLink(
  request: SaveAndReturnRequest,
  context: HandlerContext,
  requester: string | undefined,
  locale?: string,
) {
  const funnel = funnelRegistry().getFunnel(request.funnelId);
  const readIn =
    locale ??
    claimLocaleOf((await claimRepository.current(request.uid, request.funnelId)).claim?.data);
  await sendLinkMail(
    {
      purpose: 'save-and-return',
      email: request.email,
      uid: request.uid,
      funnelId: request.funnelId,
      requestId: request.requestId,
      requesterDigest: requesterDigestOf(requester),
    },
    (token) => returnUrl(context.config, request.requestId, token),
    funnelMailWords(funnel, request.funnelId, readIn),
    context,
    readIn,
  );
}

/**
 * "Save and come back later" for a claimant without an account (anonymous, or in the session
 * a claim's link opened): records which claimant and email the request is for and emails a
 * single-use link to it, which works on any device.
 */
export const requestSaveAndReturn: Handler<'requestSaveAndReturn'> = async (data, context) => {
  requireFunnel(data.funnelId);
  if (!(await callerHasNoAccount(context))) {
    throw failedPrecondition(gatewayText('saveAndReturn.alreadyInAccount'));
  }
  const { claim } = await claimRepository.current(context.uid, data.funnelId);
  const answered = claim && Object.keys(claim.data.answers ?? {}).length > 0;
  if (!answered) {
    throw failedPrecondition(gatewayText('saveAndReturn.nothingToSave'));
  }
  const request = await saveAndReturnRepository.create({
    uid: context.uid,
    email: data.email,
    funnelId: data.funnelId,
  });
  await emailReturnLink(request, context, data.requester, claimLocaleOf(claim.data));
  logs.saveAndReturnRequested(context.uid, data.funnelId);
  return { requestId: request.requestId, renewableUntil: request.renewableUntil.toISOString() };
};

/**
 * A claimant whose emailed link has run out (or was used) asks for another from the link
 * itself: only the address the first link went to may have one (they type it; it is not
 * revealed).
 */
export const renewSaveAndReturn: Handler<'renewSaveAndReturn'> = async (data, context) => {
  const request = await saveAndReturnRepository.findLive(data.requestId);
  if (!request) throw failedPrecondition(NO_LONGER_VALID);
  if (request.email !== canonicalEmail(data.email)) {
    throw invalidArgument(gatewayText('link.notThatAddress'), [
      { field: 'data.email', message: 'is not the email address the link was sent to' },
    ]);
  }
  await emailReturnLink(request, context, data.requester);
  return { requestId: request.requestId, renewableUntil: request.renewableUntil.toISOString() };
};

/** The page the claimant stopped at in the funnel, or null when the claim was sent. */
export async function continueAtOf(uid: string, funnelId: string) {
  const { claim } = await claimRepository.current(uid, funnelId);
  if (!claim || claim.data.status === 'submitted') return null;
  // The claim's own version: its pages are the ones to resume at.
  const navigator = pinnedVersionOf(claim, funnelId).registry.navigator(funnelId);
  if (!navigator) return null;
  const page = navigator.resume(claim.data.answers);
  return { funnelId, pageId: page.pageId };
}

/** A redeemed "come back later" link's request is used up with it. */
export async function finishSaveAndReturn(link: EmailLink): Promise<void> {
  if (link.requestId) await saveAndReturnRepository.remove(link.requestId);
}
