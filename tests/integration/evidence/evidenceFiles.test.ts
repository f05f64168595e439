/**
 * The gateway's evidence files against the running stack: the upload session, the check of
 * what Cloud Storage holds (size, and kind by the first bytes), the answer that may name only
 * the caller's own checked files, downloads through short-lived links, and deletion with a
 * withdrawn claim or a deleted account. Every other user's attempt is refused.
 */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getStorage } from 'firebase-admin/storage';
import { describe, expect, it } from 'vitest';
import examples from '../../../funnels/examples/vehicle-claim.json';
import { DEMO_PROJECT_ID, LOCAL_STORAGE_BUCKET } from '../../../src/runtime/constants';
import type { EvidenceFile } from '../../../src/runtime/contract';
import { runRetention } from '../../../src/gateway/retention/retentionJob';
import {
  adminAuth,
  callFunction,
  countDocuments,
  db,
  readDocument,
  resultOf,
  signUpAnonymous,
  type GatewayReply,
  type TestUser,
} from '../support/emulators';
import { expectGatewayError, expectInvalidArgument } from '../support/gatewayAssertions';
import { staffMember } from '../support/staff';

function bucket() {
  const app =
    getApps().find((candidate) => candidate.name === 'evidence-tests') ??
    initializeApp({ projectId: DEMO_PROJECT_ID }, 'evidence-tests');
  return getStorage(app).bucket(LOCAL_STORAGE_BUCKET);
}

const FUNNEL_ID = 'vehicle-claim';
const QUESTION = { funnelId: FUNNEL_ID, pageId: 'check', field: 'agreementDocuments' };
const pcp = examples[0]!.answers;

/** Real file starts: the gateway decides by these, never by the name. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(200, 7),
]);
const HTML = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');

interface Started {
  fileId: string;
  uploadUrl: string;
  chunkBytes: number;
}

/**
 * A file refused in the claimant's words: the message is the sentence alone (no developer's
 * field list), and the details still name the field.
 */
function expectRefusal(reply: GatewayReply, field: string) {
  const error = expectGatewayError(reply, 'INVALID_ARGUMENT');
  expect(error.details?.fields?.map((each) => each.field)).toContain(field);
  expect(error.message).toBe(error.details?.summary);
  return error;
}

function startUpload(user: TestUser, name: string, size: number, question = QUESTION) {
  return callFunction<Started>(user, 'startUpload', { ...question, name, size });
}

/** The bytes to the session, as a browser sends them (one last chunk; no credentials). */
async function sendBytes(uploadUrl: string, bytes: Buffer) {
  const reply = await fetch(uploadUrl, {
    method: 'PUT',
    headers: { 'Content-Range': `bytes 0-${bytes.length - 1}/${bytes.length}` },
    body: new Uint8Array(bytes),
  });
  expect([200, 201]).toContain(reply.status);
}

async function upload(user: TestUser, name: string, bytes: Buffer): Promise<EvidenceFile> {
  const started = await resultOf(startUpload(user, name, bytes.length));
  await sendBytes(started.uploadUrl, bytes);
  return (
    await resultOf(
      callFunction<{ file: EvidenceFile }>(user, 'finishUpload', { fileId: started.fileId }),
    )
  ).file;
}

function saveCheck(user: TestUser, agreementDocuments: unknown[]) {
  return callFunction<{ answers: Record<string, unknown> }>(user, 'saveAnswers', {
    funnelId: FUNNEL_ID,
    pageId: 'check',
    answers: { ...pcp.check, agreementDocuments },
  });
}

async function objectExists(fileId: string): Promise<boolean> {
  const record = await readDocument('evidenceFiles', fileId);
  if (!record) return false;
  return (
    await bucket()
      .file(record.path as string)
      .exists()
  )[0];
}

async function objectsOf(uid: string): Promise<number> {
  const [files] = await bucket().getFiles({ prefix: `evidence/${uid}/` });
  return files.length;
}

describe('evidence files', () => {
  it('stores a PDF in Cloud Storage and only its record in Firestore', async () => {
    const user = await signUpAnonymous();
    const file = await upload(user, 'agreement.pdf', PDF);
    expect(file).toMatchObject({ name: 'agreement.pdf', size: PDF.length, kind: 'pdf' });
    expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
    const record = await readDocument('evidenceFiles', file.fileId);
    expect(record).toMatchObject({ uid: user.uid, status: 'stored', kind: 'pdf', claimId: null });
    const [stored] = await bucket()
      .file(record!.path as string)
      .download();
    expect(stored.equals(PDF)).toBe(true);
    const [metadata] = await bucket()
      .file(record!.path as string)
      .getMetadata();
    expect(metadata.contentType).toBe('application/pdf');

    const saved = await resultOf(saveCheck(user, [file]));
    expect(saved.answers.agreementDocuments).toEqual([file]);
    const claim = await readDocument('claims', `${user.uid}_${FUNNEL_ID}`);
    expect(claim?.answers.check.agreementDocuments).toEqual([file]);
    // No bytes in the claim document: only the record's fields.
    expect(JSON.stringify(claim).length).toBeLessThan(5_000);
    expect((await readDocument('evidenceFiles', file.fileId))?.claimId).toBe(
      `${user.uid}_${FUNNEL_ID}`,
    );
  });

  it('takes a PNG named .pdf as the PNG it is, and answers a lost finish again the same', async () => {
    const user = await signUpAnonymous();
    const started = await resultOf(startUpload(user, 'scan.pdf', PNG.length));
    await sendBytes(started.uploadUrl, PNG);
    const first = await resultOf(
      callFunction<{ file: EvidenceFile }>(user, 'finishUpload', { fileId: started.fileId }),
    );
    const again = await resultOf(
      callFunction<{ file: EvidenceFile }>(user, 'finishUpload', { fileId: started.fileId }),
    );
    expect(first.file.kind).toBe('png');
    expect(again).toEqual(first);
  });

  it('refuses an HTML page named .jpg by its bytes, and keeps nothing of it', async () => {
    const user = await signUpAnonymous();
    const started = await resultOf(startUpload(user, 'photo.jpg', HTML.length));
    await sendBytes(started.uploadUrl, HTML);
    const error = expectRefusal(
      await callFunction(user, 'finishUpload', { fileId: started.fileId }),
      'data.fileId',
    );
    expect(error.details?.summary).toBe('The selected file must be a PDF, JPG, PNG or HEIC');
    expect(await readDocument('evidenceFiles', started.fileId)).toBeUndefined();
    expect(await objectsOf(user.uid)).toBe(0);
  });

  it('refuses an empty file and one over the question’s limit before any byte is sent', async () => {
    const user = await signUpAnonymous();
    expectInvalidArgument(await startUpload(user, 'empty.pdf', 0), 'data.size');
    const tooBig = expectRefusal(await startUpload(user, 'big.pdf', 10_000_001), 'data.size');
    expect(tooBig.details?.summary).toBe('The selected file must be smaller than 10MB');
    expect(await countDocuments('evidenceFiles', 'uid', user.uid)).toBe(0);
  });

  it('refuses bytes that are not what was declared, and deletes them', async () => {
    const user = await signUpAnonymous();
    const started = await resultOf(startUpload(user, 'agreement.pdf', 10));
    await sendBytes(started.uploadUrl, PDF);
    expectRefusal(
      await callFunction(user, 'finishUpload', { fileId: started.fileId }),
      'data.fileId',
    );
    expect(await readDocument('evidenceFiles', started.fileId)).toBeUndefined();
    expect(await objectsOf(user.uid)).toBe(0);
  });

  it('refuses a field that is not a file question, naming it', async () => {
    const user = await signUpAnonymous();
    expectInvalidArgument(
      await startUpload(user, 'a.pdf', 10, { ...QUESTION, field: 'make' }),
      'data.field',
    );
    expectInvalidArgument(
      await startUpload(user, 'a.pdf', 10, { ...QUESTION, pageId: 'start', field: 'email' }),
      'data.field',
    );
  });

  it('says "not finished" when finish comes before the bytes', async () => {
    const user = await signUpAnonymous();
    const started = await resultOf(startUpload(user, 'agreement.pdf', PDF.length));
    expectGatewayError(
      await callFunction(user, 'finishUpload', { fileId: started.fileId }),
      'FAILED_PRECONDITION',
    );
  });

  it('keeps the gateway’s own record on the answer, whatever the browser says of the file', async () => {
    const user = await signUpAnonymous();
    const file = await upload(user, 'agreement.pdf', PDF);
    const saved = await resultOf(
      saveCheck(user, [{ ...file, name: 'other.pdf', size: 1, kind: 'png' }]),
    );
    expect(saved.answers.agreementDocuments).toEqual([file]);
  });

  it('refuses an answer naming a file never uploaded, or uploaded to another question', async () => {
    const user = await signUpAnonymous();
    const made = {
      fileId: 'A'.repeat(24),
      name: 'x.pdf',
      size: 10,
      kind: 'pdf',
      sha256: '0'.repeat(64),
    };
    expectInvalidArgument(await saveCheck(user, [made]), 'data.answers.agreementDocuments.0');
    expect(await countDocuments('claims', 'userId', user.uid)).toBe(0);
  });

  it('gives no other user anything of a file: finish, remove, link, or an answer naming it', async () => {
    const owner = await signUpAnonymous();
    const other = await signUpAnonymous();
    const file = await upload(owner, 'agreement.pdf', PDF);
    const started = await resultOf(startUpload(owner, 'second.pdf', PDF.length));
    await sendBytes(started.uploadUrl, PDF);
    for (const name of ['finishUpload', 'removeUpload', 'getEvidenceLink'] as const) {
      const error = expectRefusal(
        await callFunction(other, name, { fileId: file.fileId }),
        'data.fileId',
      );
      expect(error.details?.summary).toBe('No such file');
      expectRefusal(await callFunction(other, name, { fileId: started.fileId }), 'data.fileId');
    }
    expectInvalidArgument(await saveCheck(other, [file]), 'data.answers.agreementDocuments.0');
    // A claimant is not staff: the staff link is refused before anything is read.
    expectGatewayError(
      await callFunction(other, 'staffGetEvidenceLink', {
        claimId: `${owner.uid}_${FUNNEL_ID}`,
        fileId: file.fileId,
      }),
      'PERMISSION_DENIED',
    );
    expect(await objectExists(file.fileId)).toBe(true);
    expect((await readDocument('evidenceFiles', started.fileId))?.status).toBe('pending');
  });

  it('streams a file through a short-lived link, as an attachment of the kind its bytes are', async () => {
    const user = await signUpAnonymous();
    const file = await upload(user, 'my "agreement".pdf', PDF);
    const link = await resultOf(
      callFunction<{ url: string; expiresAt: string }>(user, 'getEvidenceLink', {
        fileId: file.fileId,
      }),
    );
    expect(Date.parse(link.expiresAt) - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000);
    const reply = await fetch(link.url);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/pdf');
    expect(reply.headers.get('content-disposition')).toMatch(
      /^attachment; filename="my agreement\.pdf"/,
    );
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await reply.arrayBuffer()).equals(PDF)).toBe(true);

    const wrong = new URL(link.url);
    wrong.searchParams.set('link', 'x'.repeat(43));
    expect((await fetch(wrong)).status).toBe(404);
    // Once its time is up, the link no longer works.
    const digest = (await db().collection('evidenceLinks').get()).docs.find(
      (doc) => doc.data().fileId === file.fileId,
    )!;
    await digest.ref.update({ expiresAt: new Date(Date.now() - 1000) });
    expect((await fetch(link.url)).status).toBe(404);
  });

  it('lets staff download a sent claim’s file, and no file of another claim', async () => {
    const user = await signUpAnonymous();
    const file = await upload(user, 'agreement.pdf', PDF);
    for (const pageId of ['start', 'address'] as const) {
      await resultOf(
        callFunction(user, 'saveAnswers', { funnelId: FUNNEL_ID, pageId, answers: pcp[pageId] }),
      );
    }
    await resultOf(saveCheck(user, [file]));
    await resultOf(
      callFunction(user, 'saveAnswers', { funnelId: FUNNEL_ID, pageId: 'sign', answers: pcp.sign }),
    );
    await resultOf(callFunction(user, 'submitClaim', { funnelId: FUNNEL_ID }));
    const staff = await staffMember();
    const claimId = `${user.uid}_${FUNNEL_ID}`;
    const link = await resultOf(
      callFunction<{ url: string }>(staff, 'staffGetEvidenceLink', {
        claimId,
        fileId: file.fileId,
      }),
    );
    expect((await fetch(link.url)).status).toBe(200);
    const stranger = await signUpAnonymous();
    const strangers = await upload(stranger, 'other.pdf', PDF);
    expectRefusal(
      await callFunction(staff, 'staffGetEvidenceLink', { claimId, fileId: strangers.fileId }),
      'data.fileId',
    );
    // A sent claim's file cannot be removed by its claimant.
    expectGatewayError(
      await callFunction(user, 'removeUpload', { fileId: file.fileId }),
      'FAILED_PRECONDITION',
    );
    // Withdrawing the claim deletes its files.
    await resultOf(callFunction(user, 'withdrawClaim', { funnelId: FUNNEL_ID, claimId }));
    expect(await readDocument('evidenceFiles', file.fileId)).toBeUndefined();
    expect(await objectsOf(user.uid)).toBe(0);
  });

  it('removes a file the claimant chose to remove, bytes and record', async () => {
    const user = await signUpAnonymous();
    const file = await upload(user, 'agreement.pdf', PDF);
    await resultOf(callFunction(user, 'removeUpload', { fileId: file.fileId }));
    expect(await readDocument('evidenceFiles', file.fileId)).toBeUndefined();
    expect(await objectsOf(user.uid)).toBe(0);
  });

  it('takes a removed file off the draft’s saved answer too', async () => {
    const user = await signUpAnonymous();
    const kept = await upload(user, 'page-1.pdf', PDF);
    const removed = await upload(user, 'page-2.png', PNG);
    await resultOf(saveCheck(user, [kept, removed]));
    await resultOf(callFunction(user, 'removeUpload', { fileId: removed.fileId }));
    const claim = await readDocument('claims', `${user.uid}_${FUNNEL_ID}`);
    expect(claim?.answers.check.agreementDocuments).toEqual([kept]);
    expect(claim?.answers.check.make).toBe(pcp.check.make);
    expect(await objectsOf(user.uid)).toBe(1);
  });

  it('deletes every file with the account', async () => {
    const user = await signUpAnonymous();
    await upload(user, 'a.pdf', PDF);
    await upload(user, 'b.png', PNG);
    expect(await objectsOf(user.uid)).toBe(2);
    await resultOf(callFunction(user, 'deleteMyAccount', { confirm: true }));
    expect(await countDocuments('evidenceFiles', 'uid', user.uid)).toBe(0);
    expect(await objectsOf(user.uid)).toBe(0);
  });

  it('puts the files themselves in the data export, each through a working link', async () => {
    const user = await signUpAnonymous();
    const file = await upload(user, 'agreement.pdf', PDF);
    const exported = await resultOf(
      callFunction<{
        data: { evidenceFiles: Array<{ fileId: string; download: { url: string } }> };
      }>(user, 'exportMyData', {}),
    );
    const entry = exported.data.evidenceFiles.find((item) => item.fileId === file.fileId)!;
    const reply = await fetch(entry.download.url);
    expect(Buffer.from(await reply.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('lets the retention job delete uploads never saved on an answer, and objects no record knows', async () => {
    const user = await signUpAnonymous();
    const unsaved = await upload(user, 'left.pdf', PDF);
    const saved = await upload(user, 'kept.pdf', PDF);
    await resultOf(saveCheck(user, [saved]));
    const pending = await resultOf(startUpload(user, 'never-sent.pdf', PDF.length));
    const orphan = bucket().file(`evidence/${user.uid}/${'O'.repeat(24)}`);
    await orphan.save(PDF);
    // A day and more later, as the nightly run sees it.
    const outcome = await runRetention({
      db: db(),
      auth: adminAuth(),
      now: Date.now() + 25 * 60 * 60 * 1000,
      policy: { untouchedDraftDays: 90, sentClaimYears: 6 },
    });
    expect(outcome.evidenceFilesDeleted).toBeGreaterThanOrEqual(3);
    expect(await readDocument('evidenceFiles', unsaved.fileId)).toBeUndefined();
    expect(await readDocument('evidenceFiles', pending.fileId)).toBeUndefined();
    expect((await orphan.exists())[0]).toBe(false);
    expect(await objectExists(saved.fileId)).toBe(true);
    expect(await objectsOf(user.uid)).toBe(1);
  });
});
