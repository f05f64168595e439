/**
 * The emails a claim's events send: claim received, stage changed, withdrawn. Each is queued
 * in the transaction that records its event, under an id made from that event, so exactly one
 * email goes per event however often it is retried, with the single-use link it carries.
 */
import type { DocumentData, Transaction } from 'firebase-admin/firestore';
import { stageById, storedContactOf } from '../../runtime/claim';
import { claimLinkIn, CLAIM_LINK_VALID_FOR } from './claimLink';
import { renderMail, type MailTemplateName } from './mailTemplates';
import { funnelWording } from '../../runtime/funnel/funnelWording';
import type { GatewayConfig } from '../infra/config';
import { funnelRegistry } from '../infra/funnelRegistry';
import { mailRepository } from '../repositories/mailRepository';

/** The claimant's contact details as the claim keeps them since it was sent. */
function contactOf(data: DocumentData) {
  return storedContactOf(data.contact);
}

/** What every claim email says about the claim: names, wording, reference and its link. */
function claimData(claimUrl: string, data: DocumentData) {
  const funnelId = String(data.funnelId);
  const funnel = funnelRegistry().getFunnel(funnelId);
  const wording = funnel ? funnelWording(funnel) : undefined;
  const contact = contactOf(data);
  const subjectLabel = funnel?.roles?.subject?.label;
  return {
    // The name as the funnel's name role gave it (one field or several), whatever it asked.
    name: contact.name ?? 'claimant',
    // "(Registration AB12CDE)" after the reference in a subject line, when the claim has one.
    aboutSubject: subjectLabel && contact.subject ? ` (${subjectLabel} ${contact.subject})` : '',
    // A withdrawal withdraws the letter of authority too, where the funnel has one.
    andLetter: funnel?.pages.some((page) => page.letterOfAuthority)
      ? ' and its letter of authority'
      : '',
    reference: String(data.reference ?? ''),
    title: funnel?.title ?? funnelId,
    claimNoun: wording?.claimNoun ?? 'claim',
    claimUrl,
    validFor: CLAIM_LINK_VALID_FOR,
  };
}

/**
 * Queues the email of a claim event to the claimant's address, if the claim has one.
 * `data` is the claim as it will be once the event is written (its reference, its contact).
 * @returns whether an email was queued.
 */
export function queueClaimMail(
  tx: Transaction,
  event: { name: MailTemplateName; mailId: string; stage?: string },
  claimId: string,
  data: DocumentData,
  config: GatewayConfig,
): boolean {
  const to = contactOf(data).email;
  if (!to) return false;
  const stage = event.stage ? stageById(event.stage) : undefined;
  // The link opens this claim on any device, signed in as its owner (mail/claimLink.ts).
  const claimUrl = claimLinkIn(tx, { claimId, data }, to, config.siteUrl);
  const message = renderMail(event.name, {
    ...claimData(claimUrl, data),
    stageLabel: stage?.claimantLabel ?? '',
    stageText: stage?.claimantText ?? '',
  });
  mailRepository.queueIn(tx, event.mailId, { to, message, event: event.name, claimId });
  return true;
}
