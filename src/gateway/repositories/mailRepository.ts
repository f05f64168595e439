import type { Transaction } from 'firebase-admin/firestore';
import type { MailView } from '../../runtime/contract';
import type { MailMessage } from '../mail/mailTemplates';
import { writeTime } from '../infra/clock';
import { firestore } from '../infra/firebaseAdmin';
import { isoOf } from './claimRepository';

/**
 * The `mail` collection in the shape the official "Trigger Email from Firestore" extension
 * sends (`to`, `message: {subject, text, html}`); it adds `delivery` as it works. Nothing here
 * sends anything: on a real project the extension does, locally nothing leaves the machine and
 * /staff/outbox lists the documents.
 */
export const MAIL_COLLECTION = 'mail';

export interface QueuedMail {
  to: string;
  message: MailMessage;
  /** What it is about (claim-received, stage-changed, ...), and the claim, for the outbox. */
  event: string;
  claimId: string | null;
}

function mailRef(mailId: string) {
  return firestore().collection(MAIL_COLLECTION).doc(mailId);
}

export const mailRepository = {
  /**
   * Queues one email in a transaction, under an id made from the event (a claim's
   * `claim-received`, a history record's id...): create-only, so a retried or raced event
   * can never write a second email.
   */
  queueIn(tx: Transaction, mailId: string, mail: QueuedMail): void {
    tx.create(mailRef(mailId), { ...mail, createdAt: writeTime() });
  },

  /** Queues one email that no event can repeat (a link someone asked for): a new id each time. */
  async queue(mail: QueuedMail): Promise<void> {
    await firestore()
      .collection(MAIL_COLLECTION)
      .doc()
      .create({ ...mail, createdAt: writeTime() });
  },

  /** Newest first, a page at a time; the cursor is the last document's id. */
  async list(
    pageSize: number,
    after?: string,
  ): Promise<{ mail: MailView[]; nextCursor: string | null }> {
    let query = firestore()
      .collection(MAIL_COLLECTION)
      .orderBy('createdAt', 'desc')
      .limit(pageSize + 1);
    if (after) {
      const last = await mailRef(after).get();
      if (last.exists) query = query.startAfter(last);
    }
    const docs = (await query.get()).docs;
    const page = docs.slice(0, pageSize);
    return {
      mail: page.map((doc) => {
        const data = doc.data();
        return {
          id: doc.id,
          to: String(data.to ?? ''),
          subject: String(data.message?.subject ?? ''),
          // A link email's token signs its holder in: staff see that a link went, not the link.
          text: String(data.message?.text ?? '').replace(/([?&]link=)[A-Za-z0-9_-]+/g, '$1…'),
          event: String(data.event ?? ''),
          claimId: typeof data.claimId === 'string' ? data.claimId : null,
          createdAt: isoOf(data.createdAt) ?? new Date(0).toISOString(),
          deliveryState: typeof data.delivery?.state === 'string' ? data.delivery.state : null,
        };
      }),
      nextCursor: docs.length > pageSize ? page.at(-1)!.id : null,
    };
  },
};
