/**
 * The link in every email about one claim (the draft reminder, claim received, stage changed,
 * withdrawn): a single-use link that signs whoever opens it in as the claim's owner, on any
 * device, and opens that claim where it stands (the page where a draft stopped, or the sent
 * claim). It is only ever emailed to the address the claim itself holds, and it proves
 * nothing about that address: the claimant typed it, so it is given to no account and moves
 * nothing (see redeemClaimLink).
 */
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import type { ClaimDocument } from '../repositories/documents/claimDocument';
import { EMAIL_LINK_MINUTES } from '../../runtime/constants';
import { emailLinkRepository } from '../repositories/emailLinkRepository';
import { canonicalEmail } from '../repositories/saveAndReturnRepository';
import { validForText } from './mailWords';

/** The app address of a claim link: the token, and the claim (so a used link can be renewed). */
export function claimLinkUrl(siteUrl: string, claimId: string, token: string): string {
  return `${siteUrl}/login?${new URLSearchParams({ link: token, claim: claimId }).toString()}`;
}

/** "7 days": how long a claim link works, as its email says it in the reader's `locale`. */
export function claimLinkValidFor(locale?: string): string {
  return validForText(EMAIL_LINK_MINUTES.claim, locale);
}

/**
 * Makes a claim's link in the transaction that queues its email, for the claim's owner and
 * the address the email goes to. Returns the link's address.
 */
export function claimLinkIn(
  tx: Transaction,
  claim: { claimId: string; data: Pick<ClaimDocument, 'userId' | 'funnelId'> },
  to: string,
  siteUrl: string,
  now = new Date(),
  db?: Firestore,
): string {
  const { token } = emailLinkRepository.createIn(
    tx,
    {
      purpose: 'claim',
      email: canonicalEmail(to),
      // Only a claim with an owner is mailed: a detached one has no address to mail.
      uid: String(claim.data.userId),
      funnelId: claim.data.funnelId,
      requestId: null,
      claimId: claim.claimId,
    },
    now,
    db,
  );
  return claimLinkUrl(siteUrl, claim.claimId, token);
}
