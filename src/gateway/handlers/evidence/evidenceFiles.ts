/**
 * A claimant's evidence files: the upload session for one file to a file question, the check
 * of what Cloud Storage then holds, its removal, and a short-lived link to read it back.
 *
 * The bytes go from the browser to Cloud Storage through a resumable session this gateway
 * makes for a path it owns (`evidence/{uid}/{fileId}`); only then does `finishUpload` look
 * at them: the stored size must be the one declared and within the question's limit, and the
 * first bytes must be a kind the question accepts (never the name or the browser's word).
 * Anything else is deleted and refused in the claimant's words; nothing is recorded on an
 * answer until then (saveAnswers takes a file only as this gateway recorded it).
 */
import { createHash } from 'node:crypto';
import {
  BYTES_PER_MB,
  EVIDENCE_KINDS,
  MAX_FILES_PER_CLAIM,
  SNIFF_BYTES,
  UPLOAD_CHUNK_BYTES,
  kindOfBytes,
  kindsInWords,
} from '../../../runtime/contract';
import { fileQuestionsOf, type FileQuestion } from '../../../runtime/funnel';
import {
  failedPrecondition,
  invalidArgument,
  refusedInput,
  resourceExhausted,
} from '../../call/errors';
import { gatewayText } from '../../gatewayText';
import { evidenceBucket } from '../../infra/cloudStorage';
import { logs } from '../../infra/logs';
import { claimRepository } from '../../repositories/claimRepository';
import { inTransaction } from '../../repositories/transaction';
import {
  answerFileOf,
  evidenceRepository,
  type EvidenceRecord,
} from '../../repositories/evidenceRepository';
import type { Handler, HandlerContext } from '../handler';
import { pinnedVersionOf, requireFunnel } from '../claims/claimLookup';
import { claimLocaleOf } from '../../mail/mailWords';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Bytes one claimant may start uploading in an hour (the number of files is the `uploads`
 * quota): enough for a claim's photos many times over, not for a script filling the bucket.
 * Nothing is counted per client address: hundreds of honest claimants may share one (a
 * mobile network, an office), and each session costs a script an account Firebase Auth makes
 * only so many of an hour per address.
 */
const EVIDENCE_BYTES_PER_HOUR = { user: 500 * BYTES_PER_MB };

/** How long a download link works. */
const EVIDENCE_LINK_MINUTES = 5;

function objectPath(uid: string, fileId: string): string {
  return `evidence/${uid}/${fileId}`;
}

function notFound(): never {
  throw refusedInput(gatewayText('evidence.notFound'), [
    { field: 'data.fileId', message: 'is not a file of yours' },
  ]);
}

/** The caller's own file, or a refusal that says no more than "no such file". */
async function ownFile(uid: string, fileId: string): Promise<EvidenceRecord> {
  const record = await evidenceRepository.get(fileId);
  if (!record || record.uid !== uid) notFound();
  return record;
}

/** The file question a file is for, on the version the caller's claim in the funnel is on. */
async function questionFor(
  uid: string,
  data: { funnelId: string; pageId: string; field: string },
): Promise<{ question: FileQuestion; claimId: string | null; locale: string | undefined }> {
  requireFunnel(data.funnelId);
  const { claim } = await claimRepository.current(uid, data.funnelId);
  const locale = claim ? claimLocaleOf(claim.data) : undefined;
  if (claim?.data.status === 'submitted') {
    throw failedPrecondition(gatewayText('claim.submittedUnchangeable', {}, locale));
  }
  const { registry } = pinnedVersionOf(claim, data.funnelId);
  const page = registry.getPage(data.funnelId, data.pageId);
  const question = page && fileQuestionsOf(registry.bundlePageSchema(page.schema)).get(data.field);
  if (!question) {
    throw invalidArgument(gatewayText('evidence.notAFileQuestion', {}, locale), [
      { field: 'data.field', message: `is not a file question of ${data.funnelId}/${data.pageId}` },
    ]);
  }
  return { question, claimId: claim?.claimId ?? null, locale };
}

/** Refuses a start past the hourly allowance of bytes, or the claim's ceiling of files. */
async function checkAllowance(
  context: HandlerContext,
  data: { funnelId: string; size: number },
  claimId: string | null,
  locale: string | undefined,
): Promise<void> {
  const since = new Date(Date.now() - HOUR_MS);
  const byUser = await evidenceRepository.startedSince({ uid: context.uid }, since);
  const bytes = (records: EvidenceRecord[]) =>
    records.reduce((sum, record) => sum + record.declaredSize, 0);
  if (bytes(byUser) + data.size > EVIDENCE_BYTES_PER_HOUR.user) {
    throw resourceExhausted(gatewayText('evidence.allowance', {}, locale));
  }
  // The claim's files: those its answers hold, and those started for it not yet saved.
  const ofUser = await evidenceRepository.listOfUser(context.uid);
  const held = ofUser.filter(
    (record) =>
      record.funnelId === data.funnelId && (record.claimId === null || record.claimId === claimId),
  );
  if (held.length >= MAX_FILES_PER_CLAIM) {
    throw resourceExhausted(
      gatewayText('evidence.claimFull', { count: MAX_FILES_PER_CLAIM }, locale),
    );
  }
}

export const startUpload: Handler<'startUpload'> = async (data, context) => {
  const { question, claimId, locale } = await questionFor(context.uid, data);
  if (data.size > question.maxFileMB * BYTES_PER_MB) {
    throw refusedInput(gatewayText('evidence.tooBig', { maxMB: question.maxFileMB }, locale), [
      { field: 'data.size', message: `is over ${question.maxFileMB} MB` },
    ]);
  }
  await checkAllowance(context, data, claimId, locale);
  const fileId = evidenceRepository.newFileId();
  const path = objectPath(context.uid, fileId);
  // Recorded before the session exists, so a session never made still leaves a record the
  // clean-up finds (and a session made is always one the gateway knows).
  await evidenceRepository.create({
    fileId,
    uid: context.uid,
    funnelId: data.funnelId,
    pageId: data.pageId,
    field: data.field,
    name: data.name,
    declaredSize: data.size,
    path,
    createdAt: new Date(),
  });
  let uploadUrl: string;
  try {
    // The session's origin is the site's, so Cloud Storage answers the browser's PUTs there
    // (CORS); the session URI is the only credential the browser gets, for this object only.
    [uploadUrl] = await evidenceBucket()
      .file(path)
      .createResumableUpload({
        origin: context.config.siteUrl,
        metadata: { contentType: 'application/octet-stream' },
      });
  } catch (error) {
    logs.evidenceStorageFailed('startUpload', error);
    await evidenceRepository.delete(fileId);
    throw failedPrecondition(gatewayText('evidence.unavailable', {}, locale));
  }
  return { fileId, uploadUrl, chunkBytes: UPLOAD_CHUNK_BYTES };
};

/** The sha256 of a stored object, read as a stream (a file is never held whole in memory). */
async function digestOf(path: string): Promise<string> {
  const hash = createHash('sha256');
  await new Promise<void>((resolve, reject) => {
    evidenceBucket()
      .file(path)
      .createReadStream()
      .on('data', (chunk: Buffer) => hash.update(chunk))
      .on('end', () => resolve())
      .on('error', reject);
  });
  return hash.digest('hex');
}

/** Deletes a refused upload's object and record, then throws the refusal. */
async function refuse(record: EvidenceRecord, message: string, why: string): Promise<never> {
  await evidenceBucket()
    .file(record.path)
    .delete({ ignoreNotFound: true })
    .catch((error: unknown) => logs.evidenceStorageFailed('delete refused upload', error));
  await evidenceRepository.delete(record.fileId);
  throw refusedInput(message, [{ field: 'data.fileId', message: why }]);
}

export const finishUpload: Handler<'finishUpload'> = async (data, context) => {
  const record = await ownFile(context.uid, data.fileId);
  // A lost answer asked again: the same file, checked once.
  if (record.status === 'stored') return { file: answerFileOf(record) };
  const { question, locale } = await questionFor(context.uid, record).catch(async (error) => {
    // The question or the claim changed under the upload (a sent claim, a new version).
    await evidenceBucket()
      .file(record.path)
      .delete({ ignoreNotFound: true })
      .catch(() => null);
    await evidenceRepository.delete(record.fileId);
    throw error;
  });
  const object = evidenceBucket().file(record.path);
  const [exists] = await object.exists();
  if (!exists) {
    throw failedPrecondition(gatewayText('evidence.notUploaded', {}, locale));
  }
  const [metadata] = await object.getMetadata();
  const size = Number(metadata.size);
  if (size === 0) {
    return refuse(record, gatewayText('evidence.empty', {}, locale), 'the stored file is empty');
  }
  if (size > question.maxFileMB * BYTES_PER_MB) {
    return refuse(
      record,
      gatewayText('evidence.tooBig', { maxMB: question.maxFileMB }, locale),
      `the stored file is over ${question.maxFileMB} MB`,
    );
  }
  if (size !== record.declaredSize) {
    return refuse(
      record,
      gatewayText('evidence.sizeChanged', {}, locale),
      `${size} bytes were stored, ${record.declaredSize} declared`,
    );
  }
  const [head] = await object.download({ start: 0, end: SNIFF_BYTES - 1 });
  const kind = kindOfBytes(head);
  if (!kind || !question.accept.includes(kind)) {
    const kinds = kindsInWords(question.accept, gatewayText('evidence.kindsOr', {}, locale));
    return refuse(
      record,
      gatewayText('evidence.wrongKind', { kinds }, locale),
      `its first bytes are ${kind ?? 'no kind accepted'}`,
    );
  }
  const sha256 = await digestOf(record.path);
  // What a download says it is: the kind the bytes showed, never what the browser sent.
  await object.setMetadata({ contentType: EVIDENCE_KINDS[kind].mediaType });
  const stored = await evidenceRepository.markStored(record.fileId, { size, kind, sha256 });
  return { file: answerFileOf(stored) };
};

/** Deletes a file's object and record (a missing object is already what was wanted). */
async function deleteEvidenceFile(record: EvidenceRecord): Promise<void> {
  await evidenceBucket().file(record.path).delete({ ignoreNotFound: true });
  await evidenceRepository.delete(record.fileId);
}

export const removeUpload: Handler<'removeUpload'> = async (data, context) => {
  const record = await ownFile(context.uid, data.fileId);
  const { claimId } = record;
  if (claimId) {
    // Off the draft's saved answer first, in one transaction with the check that it is a
    // draft: no saved answer is left naming a file that is gone.
    await inTransaction(async (tx) => {
      const claim = await claimRepository.findOwnedIn(tx, context.uid, claimId);
      if (claim?.data.status === 'submitted') {
        throw failedPrecondition(
          gatewayText('evidence.inSentClaim', {}, claimLocaleOf(claim.data)),
        );
      }
      if (claim) claimRepository.dropFileIn(tx, claim, record.pageId, record.field, record.fileId);
    });
  }
  await deleteEvidenceFile(record);
  return { removed: true };
};

/** A short-lived link to one stored file, streamed by `evidenceDownload` as an attachment. */
export async function evidenceLinkTo(
  record: EvidenceRecord,
  downloadUrl: string,
  minutes = EVIDENCE_LINK_MINUTES,
) {
  if (record.status !== 'stored' || !record.kind) notFound();
  const expiresAt = new Date(Date.now() + minutes * 60 * 1000);
  const secret = await evidenceRepository.createLink({
    fileId: record.fileId,
    path: record.path,
    name: record.name,
    kind: record.kind,
    expiresAt,
  });
  return { url: `${downloadUrl}?link=${secret}`, expiresAt: expiresAt.toISOString() };
}

export const getEvidenceLink: Handler<'getEvidenceLink'> = async (data, context) => {
  const record = await ownFile(context.uid, data.fileId);
  return evidenceLinkTo(record, context.config.evidenceDownloadUrl);
};

export const staffGetEvidenceLink: Handler<'staffGetEvidenceLink'> = async (data, context) => {
  const record = await evidenceRepository.get(data.fileId);
  // Staff read a claim's files: only a file the claim's answers hold.
  if (!record || record.claimId !== data.claimId) notFound();
  return evidenceLinkTo(record, context.config.evidenceDownloadUrl);
};
