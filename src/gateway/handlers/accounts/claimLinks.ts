/**
 * Claim links: the single-use link in every email about one claim (mail/claimLink.ts).
 * Redeeming one signs in as the claim's owner and nothing else. The address it went to was
 * typed by the claimant, so it is given to no account, is not recorded in `emailProofs`, and
 * moves no claim: this browser's own claims stay where they are (the page asks before
 * switching claimant). But whoever opens it reads that mailbox: an anonymous claim opened in
 * any other session is theirs from then on, and its maker's sessions end (endMakerSessions),
 * so a claim someone made naming another person's address cannot watch what they type.
 */
import type { ClaimDocument } from '../../repositories/documents/claimDocument';
import { claimContactOf, storedContactOf } from '../../../runtime/claim';
import { failedPrecondition, invalidArgument } from '../../call/errors';
import { findAuthUser } from '../../infra/authUsers';
import { funnelRegistry } from '../../infra/funnelRegistry';
import { claimLinkUrl } from '../../mail/claimLink';
import { sendLinkMail } from '../../mail/linkMail';
import { claimLocaleOf, funnelMailWords } from '../../mail/mailWords';
import { claimRepository } from '../../repositories/claimRepository';
import { requesterDigestOf, type EmailLink } from '../../repositories/emailLinkRepository';
import { emailProofRepository } from '../../repositories/emailProofRepository';
import { canonicalEmail } from '../../repositories/saveAndReturnRepository';
import type { Handler, HandlerContext } from '../handler';
import { endMakerSessions } from './provedAddress';
import { continueAtOf, NO_LONGER_VALID } from './saveAndReturn';
import { gatewayText } from '../../gatewayText';

/**
 * The address a claim holds, lower-cased: the contact it was sent with, or for a draft the
 * email its answers give; null when it has none.
 */
function claimAddressOf(data: ClaimDocument): string | null {
  const sent = storedContactOf(data.contact).email;
  if (sent) return canonicalEmail(sent);
  const funnel = funnelRegistry().getFunnel(data.funnelId);
  const typed = claimContactOf(funnel?.roles, data.answers).email;
  return typed ? canonicalEmail(typed) : null;
}

const CLAIM_IN_ACCOUNT = gatewayText('link.claimInAccount');
const CLAIM_ADDRESS_CHANGED = gatewayText('link.claimAddressChanged');

/**
 * Whom a claim link signs in as: the claim's owner, while the claim is still theirs and
 * still holds the address the link went to. An owner with no way in but their browser
 * (anonymous) is signed in; an owner who has an address of their own only when the link
 * went to that same address, proved before, since the link is then no more than a sign-in
 * link to it would be. Anyone else signs in as usual.
 */
export async function redeemClaimLink(link: EmailLink, context: HandlerContext) {
  const claim = link.claimId ? await claimRepository.byId(link.claimId) : null;
  const owner = link.uid ? await findAuthUser(link.uid) : null;
  if (!claim || !owner) throw failedPrecondition(NO_LONGER_VALID);
  if (claim.data.userId !== owner.uid) throw failedPrecondition(CLAIM_IN_ACCOUNT);
  if (claimAddressOf(claim.data) !== link.email) throw failedPrecondition(CLAIM_ADDRESS_CHANGED);
  const hasOwnWayIn = owner.providerData.length > 0 || Boolean(owner.email);
  if (hasOwnWayIn) {
    const sameProvedAddress =
      canonicalEmail(owner.email ?? '') === link.email &&
      (await emailProofRepository.isProved(owner.uid, owner.email!));
    if (!sameProvedAddress) throw failedPrecondition(CLAIM_IN_ACCOUNT);
  } else if (owner.uid !== context.uid) {
    await endMakerSessions(owner.uid);
  }
  const funnelId = claim.data.funnelId;
  return {
    uid: owner.uid,
    merged: null,
    passwordRemoved: false,
    continueAt: claim.data.status === 'draft' ? await continueAtOf(owner.uid, funnelId) : null,
    claim: { funnelId, claimId: claim.claimId },
  };
}

/**
 * A claim link that ran out or was used is renewed from the link itself: a new one is
 * emailed to the address the claim holds, if that is the address typed (which is not
 * revealed). Counted like every link email, per caller and per address.
 */
export const renewClaimLink: Handler<'renewClaimLink'> = async (data, context) => {
  const claim = await claimRepository.byId(data.claimId);
  const address = claim ? claimAddressOf(claim.data) : null;
  if (!claim || !address) throw failedPrecondition(NO_LONGER_VALID);
  if (address !== canonicalEmail(data.email)) {
    throw invalidArgument(gatewayText('link.notThatAddress'), [
      { field: 'data.email', message: 'is not the email address the link was sent to' },
    ]);
  }
  const funnelId = claim.data.funnelId;
  const funnel = funnelRegistry().getFunnel(funnelId);
  // In the language the claim was made in, as every email about it.
  const locale = claimLocaleOf(claim.data);
  const { expiresAt } = await sendLinkMail(
    {
      purpose: 'claim',
      email: address,
      uid: String(claim.data.userId),
      funnelId,
      requestId: null,
      claimId: claim.claimId,
      requesterDigest: requesterDigestOf(data.requester),
    },
    (token) => claimLinkUrl(context.config.siteUrl, claim.claimId, token),
    funnelMailWords(funnel, funnelId, locale),
    context,
    locale,
  );
  return { sent: true as const, expiresAt: expiresAt.toISOString() };
};
