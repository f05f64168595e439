/**
 * `mail/{mailId}` as stored: the shape the official "Trigger Email from Firestore" extension
 * sends (`to`, `message: {subject, text, html}`), what the email is about, and the `delivery`
 * the extension adds as it works (of which the outbox reads only its state). Fields this schema
 * does not name (the rest of `delivery`) are kept as they are.
 */
import { documentConverter, timestampSchema, type DocumentOf } from './documentConverter';

/** The extension's `message` field. */
const mailMessageSchema = {
  type: 'object',
  required: ['subject', 'text', 'html'],
  properties: { subject: { type: 'string' }, text: { type: 'string' }, html: { type: 'string' } },
} as const;

const mailDocumentSchema = {
  type: 'object',
  required: ['to', 'message', 'createdAt'],
  properties: {
    to: { type: 'string' },
    message: mailMessageSchema,
    // What it is about (claim-received, stage-changed, ...), and the claim, for the outbox.
    event: { type: 'string', default: '' },
    claimId: { type: ['string', 'null'], default: null },
    createdAt: timestampSchema,
    delivery: { type: 'object', properties: { state: { type: 'string' } } },
  },
} as const;

export type MailMessage = DocumentOf<typeof mailMessageSchema>;
export type MailDocument = DocumentOf<typeof mailDocumentSchema>;

export const MAIL_COLLECTION = 'mail';

export const mailConverter = documentConverter<MailDocument>(MAIL_COLLECTION, mailDocumentSchema);
