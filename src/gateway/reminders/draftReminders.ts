/**
 * "Your claim is not finished yet": one email for a draft left untouched for a while, to a
 * claimant who gave an email address. Run daily by the scheduled function (./index.ts) and, on
 * this machine, by `npm run reminders` (the emulators have no scheduler); tests call it with a
 * fixed clock.
 */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { claimContactOf } from '../../runtime/claim';
import { COLLECTIONS } from '../../runtime/constants';
import type { Funnel } from '../../runtime/funnel';
import { isAlreadyExists } from '../call/errors';
import { gatewayText } from '../gatewayText';
import { claimLinkIn, claimLinkValidFor } from '../mail/claimLink';
import { renderMail } from '../mail/mailTemplates';
import { recipientAllowanceIn } from '../mail/recipientLimit';
import { readGatewayConfig } from '../infra/config';
import { claimLocaleOf, funnelMailWords } from '../mail/mailWords';
import { MAIL_COLLECTION } from '../repositories/mailRepository';

export interface DraftReminderDependencies {
  db: Firestore;
  now: number;
  /** The site's address, for the link back (GatewayConfig.siteUrl). */
  siteUrl: string;
  getFunnel: (funnelId: string) => Funnel | undefined;
  /** The key of the per-address email limit's digests (GatewayConfig.addressSecret). */
  addressSecret?: string;
  /** How long a draft is left untouched before its one reminder. */
  afterDays?: number;
  /** Drafts looked at per run, oldest first; the next run goes on from there. */
  batchSize?: number;
}

export interface DraftReminderOutcome {
  /** Claim ids whose reminder this run queued. */
  reminded: string[];
  /** Claim ids looked at and left: no email address, a funnel no longer built, or reminded since. */
  skipped: string[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A draft's `reminded`: false while its reminder is due, true once sent, and this when its
 * draft had no email address to send to (or its funnel is gone) when it was due.
 */
export const REMINDER_NOT_POSSIBLE = 'not-possible';

/**
 * Drafts saved before `reminded` was kept get `reminded: false`, so the reminder query (which
 * only matches that value) finds them; `npm run reminders -- --backfill` runs it once.
 * Reads every draft with a field mask, writes only those without the field; returns how many.
 */
export async function markUnflaggedDrafts(db: Firestore): Promise<number> {
  const drafts = await db
    .collection(COLLECTIONS.claims)
    .where('status', '==', 'draft')
    .select('reminded')
    .get();
  const unflagged = drafts.docs.filter((doc) => doc.get('reminded') === undefined);
  // Batches of at most 500 writes, Firestore's limit per batch.
  for (let start = 0; start < unflagged.length; start += 500) {
    const batch = db.batch();
    for (const doc of unflagged.slice(start, start + 500)) {
      batch.update(doc.ref, { reminded: false });
    }
    await batch.commit();
  }
  return unflagged.length;
}

export async function sendDraftReminders({
  db,
  now,
  siteUrl,
  getFunnel,
  addressSecret = readGatewayConfig().addressSecret,
  afterDays = 3,
  batchSize = 200,
}: DraftReminderDependencies): Promise<DraftReminderOutcome> {
  const cutoff = Timestamp.fromMillis(now - afterDays * DAY_MS);
  // Drafts not reminded yet (every draft is created with `reminded: false`), oldest first.
  const snapshot = await db
    .collection(COLLECTIONS.claims)
    .where('status', '==', 'draft')
    .where('reminded', '==', false)
    .where('updatedAt', '<', cutoff)
    .orderBy('updatedAt')
    .limit(batchSize)
    .get();
  const outcome: DraftReminderOutcome = { reminded: [], skipped: [] };
  for (const doc of snapshot.docs) {
    const sending = db.runTransaction(async (tx) => {
      const fresh = await tx.get(doc.ref);
      const data = fresh.data();
      // Changed, sent or reminded since the query: leave it.
      if (!data || data.status !== 'draft' || data.reminded !== false) return false;
      if (!(data.updatedAt instanceof Timestamp) || data.updatedAt.toMillis() >= cutoff.toMillis())
        return false;
      const funnel = getFunnel(String(data.funnelId));
      const answers = (data.answers ?? {}) as Record<string, Record<string, unknown>>;
      const contact = claimContactOf(funnel?.roles, answers);
      if (!funnel || !contact.email) {
        // Nobody to write to: set aside, so it does not hold a place in every later run's
        // batch ahead of drafts that can be reminded. A save makes it due again (savePage).
        tx.update(doc.ref, { reminded: REMINDER_NOT_POSSIBLE });
        return false;
      }
      // A draft may name anyone's address: its reminder counts against that address's limit
      // (read here, before this transaction's writes). One held back is due again next run.
      const allowance = await recipientAllowanceIn(tx, contact.email, addressSecret, now, db);
      if (!allowance.allowed) return false;
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
            { claimId: doc.id, data },
            contact.email,
            siteUrl,
            new Date(now),
            db,
          ),
          validFor: claimLinkValidFor(locale),
        },
        locale,
      );
      // Create-only under the draft's id: two runs at once still send one reminder.
      tx.create(db.collection(MAIL_COLLECTION).doc(`${doc.id}_reminder`), {
        to: contact.email,
        message,
        event: 'draft-reminder',
        claimId: doc.id,
        createdAt: Timestamp.fromMillis(now),
      });
      tx.update(doc.ref, { reminded: true, remindedAt: Timestamp.fromMillis(now) });
      return true;
    });
    // Another run queued this reminder first (its create-only email exists): it went once.
    const sent = await sending.catch((error: unknown) => {
      if (isAlreadyExists(error)) return false;
      throw error;
    });
    (sent ? outcome.reminded : outcome.skipped).push(doc.id);
  }
  return outcome;
}
