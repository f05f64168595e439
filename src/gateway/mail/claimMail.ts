/**
 * The emails a claim's events send: claim received, stage changed, withdrawn. Each is queued
 * in the transaction that records its event, under an id made from that event, so exactly one
 * email goes per event however often it is retried, with the single-use link it carries,
 * in the language the claim was made in.
 */
import type { Transaction } from 'firebase-admin/firestore';
import type { ClaimDocument } from '../repositories/documents/claimDocument';
import { storedContactOf } from '../../runtime/claim';
import { lifecycleIn, lifecycleOf, promisedNext, stageById } from '../../runtime/lifecycle';
import { localizeFunnel, signedDocumentOf, type Funnel } from '../../runtime/funnel';
import { claimLinkIn, claimLinkValidFor } from './claimLink';
import { renderMail, type MailMessage, type MailTemplateName } from './mailTemplates';
import { claimLocaleOf, funnelMailWords } from './mailWords';
import { gatewayText } from '../gatewayText';
import type { GatewayConfig } from '../infra/config';
import { funnelRegistry } from '../infra/funnelRegistry';
import { mailRepository } from '../repositories/mailRepository';
import type { QuotaAllowance } from '../repositories/rateLimitRepository';
import { logs } from '../infra/logs';
import { recipientAllowanceIn } from './recipientLimit';

/** What a claim's emails read of it: its funnel, language, reference and contact details. */
type ClaimMailFields = Pick<ClaimDocument, 'funnelId' | 'locale' | 'reference' | 'contact'>;

/** The claimant's contact details as the claim keeps them since it was sent. */
function contactOf(data: Pick<ClaimDocument, 'contact'>) {
  return storedContactOf(data.contact);
}

/**
 * The message of a claim event's email, in the claim's recorded locale: that locale's template
 * (mailTemplates.ts), the funnel's words as the funnel translates them (title, word for a
 * claim, its subject's label) and the gateway's, names, reference and link. `data` is the
 * claim as stored; `funnel` its funnel, if the registry still has it. Pure, so a unit test
 * builds it with a real funnel.
 * @public tests/unit/gateway/mailLocale.test.ts loads it after mocking (knip cannot see that use).
 */
export function claimMailMessage(
  name: MailTemplateName,
  claim: { data: ClaimMailFields; funnel: Funnel | undefined; claimUrl: string; stage?: string },
): MailMessage {
  const { data, claimUrl } = claim;
  const locale = claimLocaleOf(data);
  const funnel = claim.funnel && localizeFunnel(claim.funnel, locale);
  const contact = contactOf(data);
  const subjectLabel = funnel?.roles?.subject?.label;
  // The stage in the claimant's words of the claim's funnel's lifecycle (its own, or the shared
  // file's), in the claim's language.
  const stages = lifecycleIn(lifecycleOf(claim.funnel), locale);
  const stage = claim.stage ? stageById(claim.stage, stages) : undefined;
  const words = funnelMailWords(claim.funnel, data.funnelId, locale);
  // What the funnel promised on sending (its first stage): its words, never the platform's
  // where it wrote its own (runtime/lifecycle/promisedNext).
  const whatHappensNext =
    promisedNext(
      {
        written: funnel?.wording?.whatHappensNext,
        stages,
        ownStages: Boolean(claim.funnel?.lifecycle),
        fallback: () => gatewayText('mail.whatHappensNext', { claimNoun: words.claimNoun }, locale),
      },
      stages.initial,
    ) ?? '';
  return renderMail(
    name,
    {
      // The name as the funnel's name role gave it (one field or several), whatever it asked.
      name: contact.name ?? gatewayText('mail.claimantName', {}, locale),
      // "(Registration AB12CDE)" after the reference in a subject line, when the claim has one.
      aboutSubject:
        subjectLabel && contact.subject
          ? gatewayText(
              'mail.aboutSubject',
              { label: subjectLabel, subject: contact.subject },
              locale,
            )
          : '',
      // A withdrawal withdraws a letter of authority too, where the claimant signed one (a
      // declaration authorises nobody, so there is nothing more to withdraw).
      andLetter: funnel?.pages.some(
        (page) => signedDocumentOf(page.letterOfAuthority)?.kind === 'authority',
      )
        ? gatewayText('mail.andLetter', {}, locale)
        : '',
      reference: data.reference ?? '',
      ...words,
      whatHappensNext,
      claimUrl,
      validFor: claimLinkValidFor(locale),
      stageLabel: stage?.claimantLabel ?? '',
      stageText: stage?.claimantText ?? '',
    },
    locale,
  );
}

/**
 * Whether the email of an event the claimant set off (sent, withdrawn) may go to the address
 * `data` holds: read in the event's transaction before its writes (recipientLimit.ts). Null
 * when the claim has no address.
 */
export async function claimMailAllowanceIn(
  tx: Transaction,
  data: Pick<ClaimDocument, 'contact'>,
  config: GatewayConfig,
): Promise<QuotaAllowance | null> {
  const to = contactOf(data).email;
  return to ? recipientAllowanceIn(tx, to, config.addressSecret) : null;
}

/**
 * Queues the email of a claim event to the claimant's address, if the claim has one.
 * `data` is the claim as it will be once the event is written (its reference, its contact).
 * `allowance` counts an event the claimant set off against the address's limit (from
 * claimMailAllowanceIn); staff's events pass null and are not counted.
 * @returns whether an email was queued.
 */
export function queueClaimMail(
  tx: Transaction,
  event: { name: MailTemplateName; mailId: string; stage?: string },
  claimId: string,
  data: ClaimDocument,
  config: GatewayConfig,
  allowance: QuotaAllowance | null,
): boolean {
  const to = contactOf(data).email;
  if (!to) return false;
  if (allowance) {
    // The event stands; only its email is not sent to an address that has had too many.
    if (!allowance.allowed) {
      logs.mailHeldByRecipientLimit(event.name, claimId);
      return false;
    }
    allowance.count();
  }
  // The link opens this claim on any device, signed in as its owner (mail/claimLink.ts).
  const claimUrl = claimLinkIn(tx, { claimId, data }, to, config.siteUrl);
  const message = claimMailMessage(event.name, {
    data,
    funnel: funnelRegistry().getFunnel(data.funnelId),
    claimUrl,
    stage: event.stage,
  });
  mailRepository.queueIn(tx, event.mailId, { to, message, event: event.name, claimId });
  return true;
}
