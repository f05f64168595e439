/**
 * "Your claim is not finished yet": one email for a draft left untouched for a while, to a
 * claimant who gave an email address. Run daily by the scheduled function (./index.ts) and, on
 * this machine, by `npm run reminders` (the emulators have no scheduler); tests call it with a
 * fixed clock.
 */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { claimContactOf } from '../../runtime/claim';
import type { Funnel } from '../../runtime/funnel';
import { gatewayText } from '../gatewayText';
import { claimLinkIn, claimLinkValidFor } from '../mail/claimLink';
import { renderMail } from '../mail/mailTemplates';
import { recipientAllowanceIn } from '../mail/recipientLimit';
import { claimLocaleOf, funnelMailWords } from '../mail/mailWords';
import { draftsDueForReminder, remindDraft } from '../repositories/draftReminderRepository';

interface DraftReminderDependencies {
  db: Firestore;
  now: number;
  /** The site's address, for the link back (GatewayConfig.siteUrl). */
  siteUrl: string;
  getFunnel: (funnelId: string) => Funnel | undefined;
  /**
   * The key of the per-address email limit's digests: the gateway's own
   * (GatewayConfig.addressSecret), or these emails would count on a counter of their own.
   */
  addressSecret: string;
  /** How long a draft is left untouched before its one reminder. */
  afterDays?: number;
  /** Drafts looked at per run, oldest first; the next run goes on from there. */
  batchSize?: number;
}

interface DraftReminderOutcome {
  /** Claim ids whose reminder this run queued. */
  reminded: string[];
  /** Claim ids looked at and left: no email address, a funnel no longer built, or reminded since. */
  skipped: string[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

export async function sendDraftReminders({
  db,
  now,
  siteUrl,
  getFunnel,
  addressSecret,
  afterDays = 3,
  batchSize = 200,
}: DraftReminderDependencies): Promise<DraftReminderOutcome> {
  const cutoff = Timestamp.fromMillis(now - afterDays * DAY_MS);
  const outcome: DraftReminderOutcome = { reminded: [], skipped: [] };
  for (const claimId of await draftsDueForReminder(db, cutoff, batchSize)) {
    const sent = await remindDraft(db, claimId, cutoff, now, async (tx, data) => {
      const funnel = getFunnel(data.funnelId);
      const answers = data.answers;
      const contact = claimContactOf(funnel?.roles, answers);
      if (!funnel || !contact.email) return { kind: 'not-possible' };
      // A draft may name anyone's address: its reminder counts against that address's limit
      // (read here, before this transaction's writes). One held back is due again next run.
      const allowance = await recipientAllowanceIn(tx, contact.email, addressSecret, now, db);
      if (!allowance.allowed) return { kind: 'held' };
      allowance.count();
      // In the language the draft is being made in: its template, the funnel's words.
      const locale = claimLocaleOf(data);
      const message = renderMail(
        'draft-reminder',
        {
          name: contact.name ?? gatewayText('mail.claimantName', {}, locale),
          ...funnelMailWords(funnel, funnel.funnelId, locale),
          // A single-use link that signs in as the draft's owner on any device and opens the
          // page where they stopped (mail/claimLink.ts); the plain page address would open an
          // empty claim anywhere but the browser it was started in.
          continueUrl: claimLinkIn(
            tx,
            { claimId, data },
            contact.email,
            siteUrl,
            new Date(now),
            db,
          ),
          validFor: claimLinkValidFor(locale),
        },
        locale,
      );
      return {
        kind: 'remind',
        mail: { to: contact.email, message, event: 'draft-reminder', claimId },
      };
    });
    (sent ? outcome.reminded : outcome.skipped).push(claimId);
  }
  return outcome;
}
