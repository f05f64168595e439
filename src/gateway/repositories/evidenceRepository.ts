import { createHash, randomBytes } from 'node:crypto';
import { FieldValue, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../runtime/constants';
import type { EvidenceFile, EvidenceKind } from '../../runtime/contract';
import { firestore } from '../infra/firebaseAdmin';

/**
 * A file a claimant uploads to a file question. `pending` from its upload session until the
 * gateway checked what Cloud Storage holds; then `stored` (size, kind and digest known). Its
 * `claimId` is set when a saved answer first holds it, so a withdrawn or deleted claim's files
 * are found without reading answers.
 */
export interface EvidenceRecord {
  fileId: string;
  uid: string;
  funnelId: string;
  pageId: string;
  field: string;
  name: string;
  /** What the browser said it would send; the stored size must equal it. */
  declaredSize: number;
  /** The object's path in the evidence bucket. */
  path: string;
  status: 'pending' | 'stored';
  size: number | null;
  kind: EvidenceKind | null;
  sha256: string | null;
  claimId: string | null;
  createdAt: Date;
}

/** A short-lived link's target, as stored under the digest of its secret. */
interface EvidenceLinkRecord {
  fileId: string;
  path: string;
  name: string;
  kind: EvidenceKind;
  expiresAt: Date;
}

const files = () => firestore().collection(COLLECTIONS.evidenceFiles);
const links = () => firestore().collection(COLLECTIONS.evidenceLinks);

function fromData(fileId: string, data: FirebaseFirestore.DocumentData): EvidenceRecord {
  return {
    fileId,
    uid: data.uid,
    funnelId: data.funnelId,
    pageId: data.pageId,
    field: data.field,
    name: data.name,
    declaredSize: data.declaredSize,
    path: data.path,
    status: data.status,
    size: data.size ?? null,
    kind: data.kind ?? null,
    sha256: data.sha256 ?? null,
    claimId: data.claimId ?? null,
    createdAt: (data.createdAt as Timestamp).toDate(),
  };
}

/** The file as an answer records it (only a stored file has one). */
export function answerFileOf(record: EvidenceRecord): EvidenceFile {
  return {
    fileId: record.fileId,
    name: record.name,
    size: record.size!,
    kind: record.kind!,
    sha256: record.sha256!,
  };
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
    return snapshot.exists ? fromData(fileId, snapshot.data()!) : null;
  },

  async getIn(tx: Transaction, fileIds: readonly string[]): Promise<Map<string, EvidenceRecord>> {
    if (fileIds.length === 0) return new Map();
    const snapshots = await tx.getAll(...fileIds.map((fileId) => files().doc(fileId)));
    return new Map(
      snapshots
        .filter((snapshot) => snapshot.exists)
        .map((snapshot) => [snapshot.id, fromData(snapshot.id, snapshot.data()!)]),
    );
  },

  /** Marks a pending file stored, once: a second finish of the same file changes nothing. */
  async markStored(
    fileId: string,
    checked: { size: number; kind: EvidenceKind; sha256: string },
  ): Promise<EvidenceRecord> {
    return firestore().runTransaction(async (tx) => {
      const snapshot = await tx.get(files().doc(fileId));
      if (!snapshot.exists) throw new Error(`evidence file ${fileId} is gone`);
      const record = fromData(fileId, snapshot.data()!);
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
    return snapshot.docs.map((doc) => fromData(doc.id, doc.data()));
  },

  /** listOfUser inside a transaction (a merge moves them with the claims). */
  async listOfUserIn(tx: Transaction, uid: string): Promise<EvidenceRecord[]> {
    const snapshot = await tx.get(files().where('uid', '==', uid));
    return snapshot.docs.map((doc) => fromData(doc.id, doc.data()));
  },

  async listOfClaim(claimId: string): Promise<EvidenceRecord[]> {
    const snapshot = await files().where('claimId', '==', claimId).get();
    return snapshot.docs.map((doc) => fromData(doc.id, doc.data()));
  },

  /** Files started by a user, or from an address, since a time: the hourly allowances. */
  async startedSince(by: { uid: string }, since: Date): Promise<EvidenceRecord[]> {
    const snapshot = await files()
      .where('uid', '==', by.uid)
      .where('createdAt', '>=', Timestamp.fromDate(since))
      .get();
    return snapshot.docs.map((doc) => fromData(doc.id, doc.data()));
  },

  /** Files started before a time: the clean-up looks for ones never finished or never saved. */
  async startedBefore(before: Date, limit: number): Promise<EvidenceRecord[]> {
    const snapshot = await files()
      .where('createdAt', '<', Timestamp.fromDate(before))
      .orderBy('createdAt')
      .limit(limit)
      .get();
    return snapshot.docs.map((doc) => fromData(doc.id, doc.data()));
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
    const data = (await links().doc(linkDigest(secret)).get()).data();
    if (!data || !(data.expiresAt instanceof Timestamp)) return null;
    const expiresAt = data.expiresAt.toDate();
    if (expiresAt.getTime() <= now.getTime()) return null;
    return { fileId: data.fileId, path: data.path, name: data.name, kind: data.kind, expiresAt };
  },
};
