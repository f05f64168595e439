import { createHash, randomBytes } from 'node:crypto';
import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS, EMAIL_LINK_MINUTES, type EmailLinkPurpose } from '../../runtime/constants';
import { firestore } from '../infra/firebaseAdmin';
import { isNotFound } from '../call/errors';

/** A single-use link as stored: what it is for, and whose address or claim it names. */
export interface EmailLink {
  purpose: EmailLinkPurpose;
  /** The address the link was emailed to (lower-cased); null for a support link. */
  email: string | null;
  /** The claimant it is about: who asked to come back later, who is to confirm, or support's claimant. */
  uid: string | null;
  funnelId: string | null;
  /** The "save and come back later" request it belongs to. */
  requestId: string | null;
  /** The one claim a claim link opens (the link in a reminder or a claim's event email). */
  claimId?: string | null;
  /**
   * The digest of the secret of the browser that asked for the link (requesterDigestOf), or
   * null for a link no browser asked for (a reminder, a claim's email, support's).
   */
  requesterDigest?: string | null;
  expiresAt: Date;
}

/** How a link stores the browser that asked for it: a digest, never the secret itself. */
export function requesterDigestOf(secret: string | undefined | null): string | null {
  return secret ? createHash('sha256').update(`requester:${secret}`).digest('hex') : null;
}

/** The link's token in the URL: 32 random bytes, URL-safe. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Stored under a digest of the token, never the token: whoever reads the database cannot
 * open a link from it.
 */
function linkRef(token: string, db: Firestore = firestore()) {
  const digest = createHash('sha256').update(token).digest('hex');
  return db.collection(COLLECTIONS.emailLinks).doc(digest);
}

function linkOf(data: FirebaseFirestore.DocumentData | undefined): EmailLink | null {
  if (!data || !(data.expiresAt instanceof Timestamp)) return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    purpose: data.purpose as EmailLinkPurpose,
    email: text(data.email),
    uid: text(data.uid),
    funnelId: text(data.funnelId),
    requestId: text(data.requestId),
    claimId: text(data.claimId),
    requesterDigest: text(data.requesterDigest),
    expiresAt: data.expiresAt.toDate(),
  };
}

/** A new link's token, expiry and stored document. */
function newLink(input: Omit<EmailLink, 'expiresAt'>, now: Date) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + EMAIL_LINK_MINUTES[input.purpose] * 60_000);
  const stored = {
    ...input,
    createdAt: Timestamp.fromDate(now),
    expiresAt: Timestamp.fromDate(expiresAt),
  };
  return { token, expiresAt, stored };
}

/**
 * `emailLinks/{digest}`: written and redeemed only by the gateway (and support's resume-link
 * script). A link works once, until `expiresAt` (also the field a TTL policy deletes by).
 */
export const emailLinkRepository = {
  /** Makes a link; returns its token, to be put in the URL and nowhere else. */
  async create(
    input: Omit<EmailLink, 'expiresAt'>,
    now = new Date(),
  ): Promise<{ token: string; expiresAt: Date }> {
    const { token, expiresAt, stored } = newLink(input, now);
    await linkRef(token).create(stored);
    return { token, expiresAt };
  },

  /**
   * Makes a link in a transaction, with the email that carries it: a retried transaction
   * makes a new token each time, and only the committed one is ever stored or sent. `db` is
   * the transaction's own (a job given its database).
   */
  createIn(
    tx: Transaction,
    input: Omit<EmailLink, 'expiresAt'>,
    now = new Date(),
    db: Firestore = firestore(),
  ): { token: string; expiresAt: Date } {
    const { token, expiresAt, stored } = newLink(input, now);
    tx.create(linkRef(token, db), stored);
    return { token, expiresAt };
  },

  /** The live link a token names, without using it up; null when there is none. */
  async peek(token: string, now = new Date()): Promise<EmailLink | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const link = linkOf((await linkRef(token).get()).data());
    return link && link.expiresAt.getTime() > now.getTime() ? link : null;
  },

  /**
   * Uses a link up: of any number of racing redeems, exactly one gets it (the delete is
   * conditional on the document existing, so the loser's delete fails), and an expired
   * link is deleted without being returned.
   */
  async redeem(token: string, now = new Date()): Promise<EmailLink | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const ref = linkRef(token);
    const link = linkOf((await ref.get()).data());
    if (!link) return null;
    try {
      await ref.delete({ exists: true });
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
    return link.expiresAt.getTime() > now.getTime() ? link : null;
  },

  /** Every link about a claimant (their account is being deleted). */
  async removeAllOf(uid: string): Promise<void> {
    const snapshot = await firestore()
      .collection(COLLECTIONS.emailLinks)
      .where('uid', '==', uid)
      .get();
    await Promise.all(snapshot.docs.map((doc) => doc.ref.delete()));
  },
};
