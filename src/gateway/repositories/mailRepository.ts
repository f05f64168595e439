import type { Transaction } from 'firebase-admin/firestore';
import type { MailView } from '../../runtime/contract';
import { writeTime } from '../infra/clock';
import { firestore } from '../infra/firebaseAdmin';
import { isoOf } from './claimRepository';
import type { NamedFieldsOf } from './documents/documentConverter';
import { MAIL_COLLECTION, mailConverter, type MailDocument } from './documents/mailDocument';

export { MAIL_COLLECTION };

/**
 * The `mail` collection in the shape the official "Trigger Email from Firestore" extension
 * sends (`to`, `message: {subject, text, html}`); it adds `delivery` as it works. Nothing here
 * sends anything: on a real project the extension does, locally nothing leaves the machine and
 * /staff/outbox lists the documents.
 */

/** An email to queue: all of its document but the time it was queued. */
export type QueuedMail = Pick<NamedFieldsOf<MailDocument>, 'to' | 'message' | 'event' | 'claimId'>;

function mailCollection() {
  return firestore().collection(MAIL_COLLECTION).withConverter(mailConverter);
}

function mailRef(mailId: string) {
  return mailCollection().doc(mailId);
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
    await mailCollection()
      .doc()
      .create({ ...mail, createdAt: writeTime() });
  },

  /** Newest first, a page at a time; the cursor is the last document's id. */
  async list(
    pageSize: number,
    after?: string,
  ): Promise<{ mail: MailView[]; nextCursor: string | null }> {
    let query = mailCollection()
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
        const mail = doc.data();
        return {
          id: doc.id,
          to: mail.to,
          subject: mail.message.subject,
          // A link email's token signs its holder in: staff see that a link went, not the link.
          text: mail.message.text.replace(/([?&]link=)[A-Za-z0-9_-]+/g, '$1…'),
          event: mail.event,
          claimId: mail.claimId,
          createdAt: isoOf(mail.createdAt) ?? new Date(0).toISOString(),
          deliveryState: mail.delivery?.state ?? null,
        };
      }),
      nextCursor: docs.length > pageSize ? page.at(-1)!.id : null,
    };
  },
};
