/**
 * Each collection is read and written through its repository's converter: what the gateway
 * writes reads back as written (and is stored with the same fields as ever), an older document
 * without a defaulted field reads with its default, and a stored document that does not fit its
 * schema is refused, naming the document and the field. Planted documents have ids and owners
 * of their own (and no field another test's query looks for), so no other test meets them.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import type { QuotaCounter } from '../../../src/gateway/call/quotas';
import { firestore } from '../../../src/gateway/infra/firebaseAdmin';
import { MalformedDocumentError } from '../../../src/gateway/repositories/documents/documentConverter';
import {
  emailLinkRepository,
  requesterDigestOf,
} from '../../../src/gateway/repositories/emailLinkRepository';
import { emailProofRepository } from '../../../src/gateway/repositories/emailProofRepository';
import { evidenceRepository } from '../../../src/gateway/repositories/evidenceRepository';
import { firestoreLookupCache } from '../../../src/gateway/repositories/lookupCacheRepository';
import { mailConverter } from '../../../src/gateway/repositories/documents/mailDocument';
import { mailRepository } from '../../../src/gateway/repositories/mailRepository';
import {
  consumeQuotas,
  quotaAllowanceIn,
  SHARDS,
  sharedCount,
} from '../../../src/gateway/repositories/rateLimitRepository';
import { saveAndReturnRepository } from '../../../src/gateway/repositories/saveAndReturnRepository';
import { DEMO_PROJECT_ID } from '../../../src/runtime/constants';
import { db, readDocument } from '../support/emulators';

// The repositories' own default app, as the Functions emulator gives it its project.
process.env.GCLOUD_PROJECT ??= DEMO_PROJECT_ID;

const HOUR = 60 * 60 * 1000;
const inAnHour = () => Timestamp.fromMillis(Date.now() + HOUR);
const digestOf = (text: string) => createHash('sha256').update(text).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');
const unique = (stem: string) => `test-${stem}-${randomUUID()}`;

const written: string[] = [];
/** Writes a document as it might be stored, past the repositories (removed after the tests). */
async function plant(path: string, data: Record<string, unknown>): Promise<void> {
  written.push(path);
  await db().doc(path).set(data);
}
afterAll(async () => {
  await Promise.all(written.map((path) => db().doc(path).delete()));
});

/** The refusal of a malformed document: which one, and which field. */
async function expectMalformed(read: Promise<unknown>, documentPath: string, field: string) {
  const error = await read.then(
    () => undefined,
    (refusal: unknown) => refusal,
  );
  expect(error).toBeInstanceOf(MalformedDocumentError);
  expect(error).toMatchObject({ documentPath, field });
  expect(String(error)).toContain(`Malformed document ${documentPath}`);
}

describe('emailLinks', () => {
  it('reads a link, its use and its answer back as written, and stores the same fields', async () => {
    const uid = unique('link-owner');
    const fields = {
      purpose: 'claim' as const,
      email: 'sam@example.com',
      uid,
      funnelId: 'vehicle-claim',
      requestId: null,
      claimId: 'claim-1',
      requesterDigest: requesterDigestOf('browser-secret'),
    };
    const { token, expiresAt } = await emailLinkRepository.create(fields);
    written.push(`emailLinks/${digestOf(token)}.used`);
    expect(await emailLinkRepository.peek(token)).toEqual({ ...fields, expiresAt });
    expect(Object.keys((await readDocument('emailLinks', digestOf(token)))!).sort()).toEqual(
      [...Object.keys(fields), 'createdAt', 'expiresAt'].sort(),
    );

    const redeemer = { uid, requesterDigest: fields.requesterDigest };
    expect(await emailLinkRepository.redeem(token, redeemer)).toEqual({ ...fields, expiresAt });
    await emailLinkRepository.recordUse(token, { answer: { signedIn: true } });
    expect(await emailLinkRepository.useOf(token)).toEqual({
      link: { ...fields, expiresAt },
      redeemer,
      answer: { signedIn: true },
      refusal: null,
    });
  });

  it('reads a link stored before its request and claim were kept as naming neither', async () => {
    const token = newToken();
    await plant(`emailLinks/${digestOf(token)}`, {
      purpose: 'sign-in',
      email: 'old@example.com',
      uid: unique('old-link'),
      expiresAt: inAnHour(),
    });
    expect(await emailLinkRepository.peek(token)).toMatchObject({
      funnelId: null,
      requestId: null,
      claimId: null,
      requesterDigest: null,
    });
  });

  it('refuses a stored link or use that does not fit, naming the field', async () => {
    const token = newToken();
    await plant(`emailLinks/${digestOf(token)}`, {
      purpose: 'sign-in',
      email: 42,
      uid: unique('bad-link'),
      expiresAt: inAnHour(),
    });
    await expectMalformed(
      emailLinkRepository.peek(token),
      `emailLinks/${digestOf(token)}`,
      'email',
    );

    const used = newToken();
    await plant(`emailLinks/${digestOf(used)}.used`, {
      link: { purpose: 'sign-in' },
      expiresAt: inAnHour(),
      redeemer: { requesterDigest: null },
    });
    await expectMalformed(
      emailLinkRepository.useOf(used),
      `emailLinks/${digestOf(used)}.used`,
      'redeemer',
    );
  });
});

describe('evidenceFiles and evidenceLinks', () => {
  it('reads a file back as written, pending and then stored, and its link', async () => {
    const fileId = evidenceRepository.newFileId();
    written.push(`evidenceFiles/${fileId}`);
    const started = {
      fileId,
      uid: unique('evidence-owner'),
      funnelId: 'vehicle-claim',
      pageId: 'documents',
      field: 'agreement',
      name: 'agreement.pdf',
      declaredSize: 12,
      path: `evidence/${fileId}`,
      createdAt: new Date(Math.floor(Date.now() / 1000) * 1000),
    };
    await evidenceRepository.create(started);
    const pending = { status: 'pending', size: null, kind: null, sha256: null, claimId: null };
    expect(await evidenceRepository.get(fileId)).toEqual({ ...started, ...pending });

    const checked = { size: 12, kind: 'pdf' as const, sha256: 'ab'.repeat(32) };
    await evidenceRepository.markStored(fileId, checked);
    expect(await evidenceRepository.get(fileId)).toEqual({
      ...started,
      ...pending,
      ...checked,
      status: 'stored',
    });
    expect((await readDocument('evidenceFiles', fileId))?.storedAt).toBeInstanceOf(Timestamp);

    const target = {
      fileId,
      path: started.path,
      name: started.name,
      kind: 'pdf' as const,
      expiresAt: new Date(Date.now() + HOUR),
    };
    const secret = await evidenceRepository.createLink(target);
    written.push(`evidenceLinks/${digestOf(secret)}`);
    expect(await evidenceRepository.findLink(secret)).toEqual(target);
  });

  it('refuses a stored file or link that does not fit, naming the field', async () => {
    const fileId = unique('bad-file');
    // No start time: the clean-up's query for old files never meets it.
    await plant(`evidenceFiles/${fileId}`, {
      uid: unique('bad-evidence-owner'),
      funnelId: 'vehicle-claim',
      pageId: 'documents',
      field: 'agreement',
      name: 'agreement.pdf',
      declaredSize: 12,
      path: `evidence/${fileId}`,
      status: 'pending',
    });
    await expectMalformed(evidenceRepository.get(fileId), `evidenceFiles/${fileId}`, '');
    await expect(evidenceRepository.get(fileId)).rejects.toThrow(
      "must have required property 'createdAt'",
    );

    const secret = newToken();
    await plant(`evidenceLinks/${digestOf(secret)}`, {
      fileId,
      path: `evidence/${fileId}`,
      name: 'agreement.exe',
      kind: 'exe',
      expiresAt: inAnHour(),
    });
    await expectMalformed(
      evidenceRepository.findLink(secret),
      `evidenceLinks/${digestOf(secret)}`,
      'kind',
    );
  });
});

describe('mail', () => {
  it('stores a queued email with the fields the extension sends, and reads it back', async () => {
    const mailId = unique('mail');
    written.push(`mail/${mailId}`);
    const mail = {
      to: 'sam@example.com',
      message: { subject: 'Hello', text: 'Hello Sam', html: '<p>Hello Sam</p>' },
      event: 'claim-received',
      claimId: null,
    };
    await firestore().runTransaction(async (tx) => mailRepository.queueIn(tx, mailId, mail));
    const stored = (
      await db().collection('mail').doc(mailId).withConverter(mailConverter).get()
    ).data();
    expect(stored).toMatchObject(mail);
    expect(Object.keys(stored!).sort()).toEqual([...Object.keys(mail), 'createdAt'].sort());
  });
});

describe('saveAndReturn', () => {
  it('reads a request back as written', async () => {
    const uid = unique('asker');
    const request = await saveAndReturnRepository.create({
      uid,
      email: ' Sam@Example.com',
      funnelId: 'vehicle-claim',
    });
    written.push(`saveAndReturn/${request.requestId}`);
    expect(request.email).toBe('sam@example.com');
    expect(await saveAndReturnRepository.findLive(request.requestId)).toEqual(request);
    expect(await saveAndReturnRepository.listOf(uid)).toEqual([
      expect.objectContaining({ requestId: request.requestId, uid, email: 'sam@example.com' }),
    ]);
  });

  it('refuses a stored request that does not fit, naming the field', async () => {
    const requestId = unique('bad-request');
    await plant(`saveAndReturn/${requestId}`, {
      uid: unique('bad-asker'),
      email: 'sam@example.com',
      funnelId: 'vehicle-claim',
      expiresAt: '2030-01-01T00:00:00Z',
    });
    await expectMalformed(
      saveAndReturnRepository.findLive(requestId),
      `saveAndReturn/${requestId}`,
      'expiresAt',
    );
  });
});

describe('emailProofs', () => {
  it('reads a proof back as written', async () => {
    const uid = unique('prover');
    written.push(`emailProofs/${uid}`);
    await emailProofRepository.record(uid, 'Sam@Example.com');
    expect(await emailProofRepository.isProved(uid, 'sam@example.com')).toBe(true);
    expect(await emailProofRepository.find(uid)).toEqual({
      email: 'sam@example.com',
      provedAt: expect.any(Timestamp),
    });
  });

  it('refuses a stored proof that does not fit, naming the field', async () => {
    const uid = unique('bad-prover');
    await plant(`emailProofs/${uid}`, { email: ['sam@example.com'], provedAt: Timestamp.now() });
    await expectMalformed(
      emailProofRepository.isProved(uid, 'sam@example.com'),
      `emailProofs/${uid}`,
      'email',
    );
  });
});

describe('lookupCache', () => {
  it('reads a cached answer back as written', async () => {
    const key = unique('dvla');
    written.push(`lookupCache/${key}`);
    const cache = firestoreLookupCache<{ make: string }>();
    await cache.set(key, { make: 'FORD' });
    expect(await cache.get(key)).toEqual({ value: { make: 'FORD' }, storedAt: expect.any(Number) });
  });

  it('refuses a cached answer that does not fit, naming the field', async () => {
    const key = unique('dvla');
    await plant(`lookupCache/${key}`, { value: { make: 'FORD' }, storedAt: 1_700_000_000_000 });
    await expectMalformed(firestoreLookupCache().get(key), `lookupCache/${key}`, 'storedAt');
  });
});

describe('rateLimits and users.limits', () => {
  const rule = { maxCalls: 2, windowMs: HOUR };
  const allowanceOf = (counter: QuotaCounter, now: number) =>
    firestore().runTransaction(async (tx) => {
      const allowance = await quotaAllowanceIn(tx, counter, now);
      if (allowance.allowed) allowance.count();
      return allowance.allowed;
    });

  it('counts an inbox in its own document, stored as ever', async () => {
    const counter: QuotaCounter = { scope: 'recipient', key: unique('inbox'), rule };
    written.push(`rateLimits/${counter.key}`);
    const now = Date.now();
    expect([
      await allowanceOf(counter, now),
      await allowanceOf(counter, now),
      await allowanceOf(counter, now),
    ]).toEqual([true, true, false]);
    expect(await readDocument('rateLimits', counter.key)).toEqual({
      scope: 'recipient',
      windowStart: now,
      count: 2,
      expiresAt: Timestamp.fromMillis(now + HOUR),
    });
  });

  it('counts a person in their users document and a shared counter on its shards', async () => {
    const uid = unique('counted');
    written.push(`users/${uid}`);
    const own: QuotaCounter = { scope: 'user', key: 'storedDocumentsTest', rule };
    const shared: QuotaCounter = { scope: 'project', key: unique('project'), rule };
    const now = Date.now();
    expect(await consumeQuotas([own, shared], uid, now)).toBeNull();
    expect(await consumeQuotas([own, shared], uid, now)).toBeNull();
    expect(await consumeQuotas([own], uid, now)).toBe(own);
    expect((await readDocument('users', uid))?.limits).toEqual({
      storedDocumentsTest: { windowStart: now, count: 2 },
    });
    expect(await sharedCount(shared, now)).toBe(2);
    const window = Math.floor(now / HOUR);
    for (let shard = 0; shard < SHARDS; shard += 1)
      written.push(`rateLimits/${shared.key}_w${window}_s${shard}`);
  });

  it('refuses a stored count that does not fit, naming the field', async () => {
    const inbox: QuotaCounter = { scope: 'recipient', key: unique('bad-inbox'), rule };
    await plant(`rateLimits/${inbox.key}`, { scope: 'recipient', windowStart: 0, count: '2' });
    await expectMalformed(allowanceOf(inbox, Date.now()), `rateLimits/${inbox.key}`, 'count');

    const uid = unique('bad-counted');
    await plant(`users/${uid}`, { limits: { storedDocumentsTest: { count: 'two' } } });
    const own: QuotaCounter = { scope: 'user', key: 'storedDocumentsTest', rule };
    await expectMalformed(
      consumeQuotas([own], uid),
      `users/${uid}`,
      'limits.storedDocumentsTest.count',
    );

    const shared: QuotaCounter = { scope: 'project', key: unique('bad-project'), rule };
    const now = Date.now();
    const shard = `rateLimits/${shared.key}_w${Math.floor(now / HOUR)}_s0`;
    await plant(shard, { scope: 'project', count: 'one' });
    await expectMalformed(sharedCount(shared, now), shard, 'count');
  });
});
