import { createHash, randomBytes } from 'node:crypto';
import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS, EMAIL_LINK_MINUTES, type EmailLinkPurpose } from '../../runtime/constants';
import { firestore } from '../infra/firebaseAdmin';
import { isAlreadyExists, isNotFound } from '../call/errors';
import {
  documentConverter,
  timestampSchema,
  type DocumentOf,
  type NamedFieldsOf,
} from './documents/documentConverter';

// A purpose added to EMAIL_LINK_MINUTES and not here: the compiler refuses making its link.
const LINK_PURPOSES = [
  'sign-in',
  'save-and-return',
  'confirm-email',
  'support',
  'claim',
] as const satisfies readonly EmailLinkPurpose[];

/**
 * What a link is for and whose address or claim it names: stored on the link, and again on
 * its use. Links made before a field was kept read it as null.
 */
const linkFieldsSchema = {
  type: 'object',
  required: ['purpose'],
  properties: {
    purpose: { enum: LINK_PURPOSES },
    // The address the link was emailed to (lower-cased); null for a support link.
    email: { type: ['string', 'null'], default: null },
    // The claimant it is about: who asked to come back later, who is to confirm, or support's claimant.
    uid: { type: ['string', 'null'], default: null },
    funnelId: { type: ['string', 'null'], default: null },
    // The "save and come back later" request it belongs to.
    requestId: { type: ['string', 'null'], default: null },
    // The one claim a claim link opens (the link in a reminder or a claim's event email).
    claimId: { type: ['string', 'null'] },
    // The digest of the secret of the browser that asked for the link (requesterDigestOf), or
    // null for a link no browser asked for (a reminder, a claim's email, support's).
    requesterDigest: { type: ['string', 'null'] },
  },
} as const;

/** `emailLinks/{digest}`: a link not used yet, until `expiresAt`. */
const emailLinkDocumentSchema = {
  type: 'object',
  required: [...linkFieldsSchema.required, 'expiresAt'],
  properties: {
    ...linkFieldsSchema.properties,
    createdAt: timestampSchema,
    expiresAt: timestampSchema,
  },
} as const;

/** Who used a link: the session and the browser's own secret (requesterDigestOf). */
const redeemerSchema = {
  type: 'object',
  required: ['uid', 'requesterDigest'],
  properties: { uid: { type: 'string' }, requesterDigest: { type: ['string', 'null'] } },
} as const;

/**
 * `emailLinks/{digest}.used`: a link's use, by whom, and once it is done the answer or the
 * refusal. The link's fields are nested, so a query for a claimant's links never finds a use.
 */
const linkUseDocumentSchema = {
  type: 'object',
  required: ['link', 'expiresAt', 'redeemer'],
  properties: {
    link: linkFieldsSchema,
    expiresAt: timestampSchema,
    redeemer: redeemerSchema,
    answer: { anyOf: [{ type: 'object' }, { type: 'null' }], default: null },
    refusal: { type: ['string', 'null'], default: null },
    createdAt: timestampSchema,
  },
} as const;

type EmailLinkDocument = DocumentOf<typeof emailLinkDocumentSchema>;
type LinkUseDocument = DocumentOf<typeof linkUseDocumentSchema>;

// One collection, two kinds of document: a use's id is its link's with `.used` after it.
const emailLinkConverter = documentConverter<EmailLinkDocument>(
  COLLECTIONS.emailLinks,
  emailLinkDocumentSchema,
);
const linkUseConverter = documentConverter<LinkUseDocument>(
  COLLECTIONS.emailLinks,
  linkUseDocumentSchema,
);

/** A single-use link as stored, with its expiry as a Date. */
export type EmailLink = NamedFieldsOf<DocumentOf<typeof linkFieldsSchema>> & { expiresAt: Date };

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
  return db.collection(COLLECTIONS.emailLinks).doc(digest).withConverter(emailLinkConverter);
}

/**
 * The record of a link's use, beside it (`emailLinks/{digest}.used`, never a digest itself):
 * who used it and what the gateway answered, kept until the link would have run out, so the
 * same browser retrying after a lost answer gets that answer again.
 */
function linkUseRef(token: string) {
  const digest = createHash('sha256').update(token).digest('hex');
  return firestore()
    .collection(COLLECTIONS.emailLinks)
    .doc(`${digest}.used`)
    .withConverter(linkUseConverter);
}

/** Who used a link: the session and the browser's own secret (requesterDigestOf). */
export type LinkRedeemer = NamedFieldsOf<DocumentOf<typeof redeemerSchema>>;

/** A link's use as stored: by whom, and, once it is done, the answer or the refusal. */
type LinkUse = Pick<NamedFieldsOf<LinkUseDocument>, 'redeemer' | 'answer' | 'refusal'> & {
  link: EmailLink;
};

/** Whether `caller` is the redeemer of `use`: the same session, from the same browser. */
export function isRedeemer(use: LinkUse, caller: LinkRedeemer): boolean {
  return (
    use.redeemer.uid === caller.uid &&
    use.redeemer.requesterDigest !== null &&
    use.redeemer.requesterDigest === caller.requesterDigest
  );
}

/** The link a stored document holds, its stored-only fields left out. */
function linkOf(
  fields: NamedFieldsOf<DocumentOf<typeof linkFieldsSchema>>,
  expiresAt: Timestamp,
): EmailLink {
  const { purpose, email, uid, funnelId, requestId, claimId, requesterDigest } = fields;
  return {
    purpose,
    email,
    uid,
    funnelId,
    requestId,
    claimId: claimId ?? null,
    requesterDigest: requesterDigest ?? null,
    expiresAt: expiresAt.toDate(),
  };
}

/** A new link's token, expiry and stored document. */
function newLink(input: Omit<EmailLink, 'expiresAt'>, now: Date) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + EMAIL_LINK_MINUTES[input.purpose] * 60_000);
  const stored: EmailLinkDocument = {
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
    const stored = (await linkRef(token).get()).data();
    const link = stored ? linkOf(stored, stored.expiresAt) : null;
    return link && link.expiresAt.getTime() > now.getTime() ? link : null;
  },

  /**
   * Uses a link up: of any number of racing redeems, exactly one gets it (its use record is
   * created, which fails for every other), and an expired link is deleted without being
   * returned. The winner's record keeps who it was, for `useOf`.
   */
  async redeem(token: string, redeemer: LinkRedeemer, now = new Date()): Promise<EmailLink | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const ref = linkRef(token);
    const stored = (await ref.get()).data();
    if (!stored) return null;
    const link = linkOf(stored, stored.expiresAt);
    if (link.expiresAt.getTime() <= now.getTime()) {
      await ref.delete();
      return null;
    }
    try {
      // The link's fields nested, so a query for a claimant's links (removeAllOf) never finds
      // a use: ending a claimant's other links mid-redeem keeps this one's answer.
      const { expiresAt, ...fields } = link;
      await linkUseRef(token).create({
        link: fields,
        expiresAt: Timestamp.fromDate(expiresAt),
        redeemer,
        answer: null,
        refusal: null,
        createdAt: Timestamp.fromDate(now),
      });
    } catch (error) {
      if (isAlreadyExists(error)) return null;
      throw error;
    }
    try {
      await ref.delete({ exists: true });
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    return link;
  },

  /** The use of a link that has been used and would still be live; null otherwise. */
  async useOf(token: string, now = new Date()): Promise<LinkUse | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const use = (await linkUseRef(token).get()).data();
    if (!use || use.expiresAt.toMillis() <= now.getTime()) return null;
    const { uid, requesterDigest } = use.redeemer;
    return {
      link: linkOf(use.link, use.expiresAt),
      redeemer: { uid, requesterDigest },
      answer: use.answer,
      refusal: use.refusal,
    };
  },

  /** Records what using the link answered (without any sign-in token), or why it refused. */
  async recordUse(
    token: string,
    result: { answer: Record<string, unknown> } | { refusal: string },
  ): Promise<void> {
    const use = linkUseRef(token);
    // Named field by field: Firestore's update type cannot take an answer of unknown values.
    await ('answer' in result
      ? use.update('answer', result.answer)
      : use.update('refusal', result.refusal));
  },

  /** Every link about a claimant (their account is being deleted). */
  async removeAllOf(uid: string): Promise<void> {
    const snapshot = await firestore()
      .collection(COLLECTIONS.emailLinks)
      .withConverter(emailLinkConverter)
      .where('uid', '==', uid)
      .get();
    await Promise.all(snapshot.docs.map((doc) => doc.ref.delete()));
  },
};
