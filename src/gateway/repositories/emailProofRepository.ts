import { Timestamp } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../runtime/constants';
import { firestore } from '../infra/firebaseAdmin';
import { documentConverter, timestampSchema, type DocumentOf } from './documents/documentConverter';
import { canonicalEmail } from './saveAndReturnRepository';

/** `emailProofs/{uid}`: the address proved (canonical) and when. */
const emailProofDocumentSchema = {
  type: 'object',
  required: ['email', 'provedAt'],
  properties: { email: { type: 'string' }, provedAt: timestampSchema },
} as const;

type EmailProofDocument = DocumentOf<typeof emailProofDocumentSchema>;
const emailProofConverter = documentConverter<EmailProofDocument>(
  COLLECTIONS.emailProofs,
  emailProofDocumentSchema,
);

function proofRef(uid: string) {
  return firestore()
    .collection(COLLECTIONS.emailProofs)
    .withConverter(emailProofConverter)
    .doc(uid);
}

/**
 * `emailProofs/{uid}`: the address a link the gateway emailed proved this account holds.
 * Firebase's own `emailVerified` cannot serve: it turns true however the address was proved,
 * and says nothing of whether a password on the account was set before that by someone else.
 */
export const emailProofRepository = {
  /** Whether the account's proved address is `email` (a changed address must be proved again). */
  async isProved(uid: string, email: string | null | undefined): Promise<boolean> {
    if (!email) return false;
    const proof = (await proofRef(uid).get()).data();
    return proof?.email === canonicalEmail(email);
  },

  async record(uid: string, email: string, now = new Date()): Promise<void> {
    await proofRef(uid).set({ email: canonicalEmail(email), provedAt: Timestamp.fromDate(now) });
  },

  /** For the claimant's data export. */
  async find(uid: string): Promise<EmailProofDocument | null> {
    return (await proofRef(uid).get()).data() ?? null;
  },

  async remove(uid: string): Promise<void> {
    await proofRef(uid).delete();
  },
};
