import { createHash, randomBytes } from 'node:crypto';
import { FieldValue, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../runtime/constants';
import { EVIDENCE_KIND_NAMES, type EvidenceFile, type EvidenceKind } from '../../runtime/contract';
import { firestore } from '../infra/firebaseAdmin';
import {
  documentConverter,
  timestampSchema,
  type DocumentOf,
  type NamedFieldsOf,
} from './documents/documentConverter';

/**
 * `evidenceFiles/{fileId}`: a file a claimant uploads to a file question. `pending` from its
 * upload session until the gateway checked what Cloud Storage holds; then `stored` (size, kind
 * and digest known, and `storedAt`). Its `claimId` is set when a saved answer first holds it,
 * so a withdrawn or deleted claim's files are found without reading answers.
 */
const evidenceFileDocumentSchema = {
  type: 'object',
  required: [
    'uid',
    'funnelId',
    'pageId',
    'field',
    'name',
    'declaredSize',
    'path',
    'status',
    'createdAt',
  ],
  properties: {
    fileId: { type: 'string' },
    uid: { type: 'string' },
    funnelId: { type: 'string' },
    pageId: { type: 'string' },
    field: { type: 'string' },
    name: { type: 'string' },
    // What the browser said it would send; the stored size must equal it.
    declaredSize: { type: 'number' },
    // The object's path in the evidence bucket.
    path: { type: 'string' },
    status: { enum: ['pending', 'stored'] },
    size: { type: ['number', 'null'], default: null },
    kind: { enum: [...EVIDENCE_KIND_NAMES, null], default: null },
    sha256: { type: ['string', 'null'], default: null },
    claimId: { type: ['string', 'null'], default: null },
    createdAt: timestampSchema,
    storedAt: timestampSchema,
  },
} as const;

/** `evidenceLinks/{digest}`: a short-lived download link's target, under the digest of its secret. */
const evidenceLinkDocumentSchema = {
  type: 'object',
  required: ['fileId', 'path', 'name', 'kind', 'expiresAt'],
  properties: {
    fileId: { type: 'string' },
    path: { type: 'string' },
    name: { type: 'string' },
    kind: { enum: EVIDENCE_KIND_NAMES },
    expiresAt: timestampSchema,
  },
} as const;

type EvidenceFileDocument = DocumentOf<typeof evidenceFileDocumentSchema>;
type EvidenceLinkDocument = DocumentOf<typeof evidenceLinkDocumentSchema>;

const evidenceFileConverter = documentConverter<EvidenceFileDocument>(
  COLLECTIONS.evidenceFiles,
  evidenceFileDocumentSchema,
);
const evidenceLinkConverter = documentConverter<EvidenceLinkDocument>(
  COLLECTIONS.evidenceLinks,
  evidenceLinkDocumentSchema,
);

/** A file as stored, under its id, with its start as a Date. */
export type EvidenceRecord = Omit<
  NamedFieldsOf<EvidenceFileDocument>,
  'fileId' | 'createdAt' | 'storedAt'
> & {
  fileId: string;
  createdAt: Date;
};

/** A short-lived link's target, with its expiry as a Date. */
type EvidenceLinkRecord = Omit<NamedFieldsOf<EvidenceLinkDocument>, 'expiresAt'> & {
  expiresAt: Date;
};

const files = () =>
  firestore().collection(COLLECTIONS.evidenceFiles).withConverter(evidenceFileConverter);
const links = () =>
  firestore().collection(COLLECTIONS.evidenceLinks).withConverter(evidenceLinkConverter);

function recordOf(fileId: string, stored: EvidenceFileDocument): EvidenceRecord {
  const { uid, funnelId, pageId, field, name, declaredSize, path, status } = stored;
  const { size, kind, sha256, claimId, createdAt } = stored;
  return {
    fileId,
    uid,
    funnelId,
    pageId,
    field,
    name,
    declaredSize,
    path,
    status,
    size,
    kind,
    sha256,
    claimId,
    createdAt: createdAt.toDate(),
  };
}

/** The file as an answer records it (only a stored file has one). */
export function answerFileOf(record: EvidenceRecord): EvidenceFile {
  const { fileId, name, size, kind, sha256 } = record;
  if (size === null || kind === null || sha256 === null)
    throw new Error(`evidence file ${fileId} is not stored yet`);
  return { fileId, name, size, kind, sha256 };
}

function linkDigest(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** `evidenceFiles/{fileId}` and `evidenceLinks/{digest}`: written only by the gateway. */
export const evidenceRepository = {
  newFileId(): string {
    return randomBytes(18).toString('base64url');
  },

  async create(record: Omit<EvidenceRecord, 'status' | 'size' | 'kind' | 'sha256' | 'claimId'>) {
    await files()
      .doc(record.fileId)
      .create({
        ...record,
        status: 'pending',
        size: null,
        kind: null,
        sha256: null,
        claimId: null,
        createdAt: Timestamp.fromDate(record.createdAt),
      });
  },

  async get(fileId: string): Promise<EvidenceRecord | null> {
    const snapshot = await files().doc(fileId).get();
    const stored = snapshot.data();
    return stored ? recordOf(fileId, stored) : null;
  },

  async getIn(tx: Transaction, fileIds: readonly string[]): Promise<Map<string, EvidenceRecord>> {
    if (fileIds.length === 0) return new Map();
    const snapshots = await tx.getAll(...fileIds.map((fileId) => files().doc(fileId)));
    return new Map(
      snapshots.flatMap((snapshot) => {
        const stored = snapshot.data();
        return stored ? [[snapshot.id, recordOf(snapshot.id, stored)] as const] : [];
      }),
    );
  },

  /** Marks a pending file stored, once: a second finish of the same file changes nothing. */
  async markStored(
    fileId: string,
    checked: { size: number; kind: EvidenceKind; sha256: string },
  ): Promise<EvidenceRecord> {
    return firestore().runTransaction(async (tx) => {
      const snapshot = await tx.get(files().doc(fileId));
      const stored = snapshot.data();
      if (!stored) throw new Error(`evidence file ${fileId} is gone`);
      const record = recordOf(fileId, stored);
      if (record.status === 'stored') return record;
      tx.update(snapshot.ref, {
        status: 'stored',
        ...checked,
        storedAt: FieldValue.serverTimestamp(),
      });
      return { ...record, status: 'stored', ...checked };
    });
  },

  /** Records that a saved answer of `claimId` holds these files (inside the save's transaction). */
  attachIn(tx: Transaction, fileIds: readonly string[], claimId: string): void {
    for (const fileId of fileIds) tx.update(files().doc(fileId), { claimId });
  },

  async delete(fileId: string): Promise<void> {
    await files().doc(fileId).delete();
  },

  async listOfUser(uid: string): Promise<EvidenceRecord[]> {
    const snapshot = await files().where('uid', '==', uid).get();
    return snapshot.docs.map((doc) => recordOf(doc.id, doc.data()));
  },

  /** listOfUser inside a transaction (a merge moves them with the claims). */
  async listOfUserIn(tx: Transaction, uid: string): Promise<EvidenceRecord[]> {
    const snapshot = await tx.get(files().where('uid', '==', uid));
    return snapshot.docs.map((doc) => recordOf(doc.id, doc.data()));
  },

  async listOfClaim(claimId: string): Promise<EvidenceRecord[]> {
    const snapshot = await files().where('claimId', '==', claimId).get();
    return snapshot.docs.map((doc) => recordOf(doc.id, doc.data()));
  },

  /** Files started by a user, or from an address, since a time: the hourly allowances. */
  async startedSince(by: { uid: string }, since: Date): Promise<EvidenceRecord[]> {
    const snapshot = await files()
      .where('uid', '==', by.uid)
      .where('createdAt', '>=', Timestamp.fromDate(since))
      .get();
    return snapshot.docs.map((doc) => recordOf(doc.id, doc.data()));
  },

  /** Files started before a time: the clean-up looks for ones never finished or never saved. */
  async startedBefore(before: Date, limit: number): Promise<EvidenceRecord[]> {
    const snapshot = await files()
      .where('createdAt', '<', Timestamp.fromDate(before))
      .orderBy('createdAt')
      .limit(limit)
      .get();
    return snapshot.docs.map((doc) => recordOf(doc.id, doc.data()));
  },

  /** Moves the files of a claim that moved to another account (an anonymous claimant signing in). */
  moveIn(
    tx: Transaction,
    records: readonly EvidenceRecord[],
    to: { uid: string; claimId: string | null },
  ) {
    for (const record of records) {
      tx.update(files().doc(record.fileId), {
        uid: to.uid,
        ...(to.claimId !== null ? { claimId: to.claimId } : {}),
      });
    }
  },

  /** A new link's secret, stored by its digest until `expiresAt`. */
  async createLink(target: EvidenceLinkRecord): Promise<string> {
    const secret = randomBytes(32).toString('base64url');
    await links()
      .doc(linkDigest(secret))
      .create({ ...target, expiresAt: Timestamp.fromDate(target.expiresAt) });
    return secret;
  },

  async findLink(secret: string, now = new Date()): Promise<EvidenceLinkRecord | null> {
    const stored = (await links().doc(linkDigest(secret)).get()).data();
    if (!stored) return null;
    const expiresAt = stored.expiresAt.toDate();
    if (expiresAt.getTime() <= now.getTime()) return null;
    return {
      fileId: stored.fileId,
      path: stored.path,
      name: stored.name,
      kind: stored.kind,
      expiresAt,
    };
  },
};
