/**
 * Evidence files against the bench's local stack, sent as the browser sends them: `startUpload`
 * through the gateway, the bytes PUT to the upload session in chunks of the `chunkBytes` it
 * answers (Cloud Storage's resumable protocol, spoken by the app's own sender,
 * src/platform/resumableUpload.ts), then `finishUpload`. Three figures:
 *
 * - throughput: one claimant uploads a 10 MB JPEG UPLOAD_RUNS times, from Node (the app's sender
 *   with `fetch` for its XMLHttpRequest), timed from `startUpload` to `finishUpload`'s answer;
 * - slow 4G: the same 10 MB sent from a page of the site's origin in headless Chromium, by the
 *   app's sender bundled as it is (XMLHttpRequest per chunk), with the network throttled by CDP
 *   to Lighthouse's slow-4G profile, against the time the link itself needs for the bytes;
 * - many at once: LOAD_CLAIMANTS claimants each uploading FILES_PER_CLAIMANT files (1 to 3 MB, PDF,
 *   JPEG and PNG) at once, then saving the check page with them on the answer. Afterwards every
 *   file is looked for, with firebase-admin, in Storage (size and sha256 of the bytes sent, not
 *   of what the gateway answered) and on the claim's stored answer; one missing either way is
 *   lost.
 *
 * The session is made for the site's origin (SITE_URL): the bench starts its stack with the
 * preview's origin as SITE_URL, so the Storage emulator answers the page's PUTs (CORS) as Cloud
 * Storage does for the site.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Browser } from '@playwright/test';
import * as esbuild from 'esbuild';
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import examples from '../../funnels/examples/vehicle-claim.json';
import vehicleClaim from '../../funnels/vehicle-claim.json';
import { BACKOFF, backoffDelayMs, type BackoffPolicy } from '../../src/runtime/backoff';
import {
  EMULATOR_HOST,
  EMULATOR_PORTS,
  GATEWAY_CALL_TIMEOUT_MS,
  LOCAL_STORAGE_BUCKET,
} from '../../src/runtime/constants';
import { BYTES_PER_MB, type EvidenceFile } from '../../src/runtime/contract/evidence';
import {
  sendResumable,
  UploadInterrupted,
  type SendChunk,
} from '../../src/platform/resumableUpload';
import type * as ResumableUploadModule from '../../src/platform/resumableUpload';
import { adminApp } from '../lib/adminApp';
import { GATEWAY_URL } from '../stack/localStack';
import { CallFailed, documentationAddress } from './loadCalls';
import { PREVIEW_ORIGIN } from './browser';

const root = path.resolve(import.meta.dirname, '../..');
const FUNNEL_ID = vehicleClaim.funnelId;
/** The built-in funnel's file question: the finance agreement on the check page. */
const QUESTION = { funnelId: FUNNEL_ID, pageId: 'check', field: 'agreementDocuments' };
/** The page after the check page, as the browser names it when it saves the check page. */
const NEXT_PAGE_ID = (() => {
  const pages = vehicleClaim.pages.map((page) => page.pageId);
  return pages[pages.indexOf(QUESTION.pageId) + 1];
})();
const SIGN_UP_URL = `http://${EMULATOR_HOST}:${EMULATOR_PORTS.auth}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`;

/** The question's limit, 10 MB as GOV.UK counts it (decimal): the largest file it takes. */
export const PHOTO_BYTES = 10 * BYTES_PER_MB;
export const UPLOAD_RUNS = 5;
export const LOAD_CLAIMANTS = 50;
export const FILES_PER_CLAIMANT = 3;
/** Claimants behind one client address, as in claimantLoad.ts (a mobile network's NAT). */
const CLAIMANTS_PER_ADDRESS = 10;
/** A call or an upload still failing after this many tries is given up (its files lost). */
const MOST_TRIES = 12;
/** A chunk with no answer in this long counts as dropped (the sender then asks the session). */
const CHUNK_TIMEOUT_MS = 120_000;

/**
 * Lighthouse 12's mobile network profile, `mobileSlow4G` (lighthouse/core/config/constants.js
 * takes it from @paulirish/trace_engine/models/trace/lantern/simulation/Constants.js): 150 ms
 * RTT, 1.6 * 1024 Kbps down, 750 Kbps up, a Kbps being 1,024 bits a second there. Given to
 * CDP as Lighthouse's own devtools throttling does (lighthouse/core/lib/emulation.js: bytes a
 * second), without the adjustment factors that throttling adds to mimic its simulation (RTT x
 * 3.75, throughput x 0.9): the profile's own figures, as firstPages.ts uses them.
 */
export const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

/** Real file starts: the gateway tells a file's kind by these, never by its name. */
const MAGIC = {
  pdf: Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'),
  jpeg: Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00,
  ]),
  png: Buffer.from([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
  ]),
} as const;
type Kind = keyof typeof MAGIC;
const EXTENSION: Record<Kind, string> = { pdf: 'pdf', jpeg: 'jpg', png: 'png' };

/** A file of `size` bytes: the kind's magic bytes, then random bytes. */
function fileBytes(kind: Kind, size: number): Buffer {
  const bytes = randomBytes(size);
  MAGIC[kind].copy(bytes, 0);
  return bytes;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

// ---------------------------------------------------------------------------------------------
// Calls, as the browser makes them: sent again on no answer or a server error.

interface Claimant {
  uid: string;
  idToken: string;
  /** Its client address (X-Forwarded-For), shared with others as a mobile network's is. */
  address: string;
}

/** What went wrong, counted: tries sent again, and answers of 500 or more. */
interface Troubles {
  retries: number;
  serverErrors: number;
}

async function postJson(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  troubles: Troubles,
): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(GATEWAY_CALL_TIMEOUT_MS),
    });
  } catch (error) {
    throw new CallFailed(`no answer: ${(error as Error).message}`, true);
  }
  const text = await response.text();
  if (response.status >= 500) troubles.serverErrors += 1;
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Not JSON: a failure, below.
  }
  if (response.ok && !json.error) return json;
  const code = String((json.error as { status?: string } | undefined)?.status ?? response.status);
  const retry = response.status >= 500 || code === 'UNAVAILABLE' || code === 'DEADLINE_EXCEEDED';
  throw new CallFailed(`${response.status} ${text.slice(0, 300)}`, retry);
}

async function withRetries<T>(
  policy: BackoffPolicy,
  troubles: Troubles,
  send: () => Promise<T>,
): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await send();
    } catch (error) {
      const retry = error instanceof CallFailed ? error.retry : error instanceof UploadInterrupted;
      if (!retry || tries >= MOST_TRIES) throw error;
      troubles.retries += 1;
      await new Promise((resolve) => setTimeout(resolve, backoffDelayMs(policy, tries)));
    }
  }
}

async function signUp(address: string, troubles: Troubles): Promise<Claimant> {
  const json = await withRetries(BACKOFF.connection, troubles, () =>
    postJson(SIGN_UP_URL, {}, { returnSecureToken: true }, troubles),
  );
  return { uid: String(json.localId), idToken: String(json.idToken), address };
}

/** One gateway function through the callable protocol; its result. */
async function call<T>(
  claimant: Claimant,
  functionName: string,
  data: unknown,
  troubles: Troubles,
): Promise<T> {
  const headers = {
    authorization: `Bearer ${claimant.idToken}`,
    'x-forwarded-for': claimant.address,
  };
  const json = await withRetries(BACKOFF.outbox, troubles, () =>
    postJson(GATEWAY_URL, headers, { data: { functionName, data, sentAt: Date.now() } }, troubles),
  );
  return json.result as T;
}

interface Started {
  fileId: string;
  uploadUrl: string;
  chunkBytes: number;
}

/** The app's chunk sender's one request, by `fetch` (Node has no XMLHttpRequest). */
const fetchSendChunk: SendChunk = async (request) => {
  try {
    const response = await fetch(request.url, {
      method: 'PUT',
      headers: { 'Content-Range': request.contentRange },
      ...(request.body ? { body: request.body } : {}),
      signal: AbortSignal.timeout(CHUNK_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    return { status: response.status, range: response.headers.get('range') };
  } catch {
    return { status: 0, range: null };
  }
};

/** The bytes to the session in chunks; after a drop, the session is asked how far it got. */
async function sendBytes(started: Started, blob: Blob, troubles: Troubles): Promise<void> {
  let resume = false;
  await withRetries(BACKOFF.connection, troubles, async () => {
    try {
      await sendResumable({
        url: started.uploadUrl,
        blob,
        chunkBytes: started.chunkBytes,
        resume,
        send: fetchSendChunk,
      });
    } finally {
      resume = true;
    }
  });
}

interface Uploaded {
  file: EvidenceFile;
  /** startUpload to finishUpload's answer. */
  ms: number;
  /** The PUTs alone. */
  bytesMs: number;
  /** The session's chunk size. */
  chunkBytes: number;
}

/** One file, start to finish, as the browser uploads it. */
async function uploadFile(
  claimant: Claimant,
  name: string,
  bytes: Buffer,
  troubles: Troubles,
): Promise<Uploaded> {
  const blob = new Blob([new Uint8Array(bytes)]);
  const started = performance.now();
  const session = await call<Started>(
    claimant,
    'startUpload',
    { ...QUESTION, name, size: bytes.length },
    troubles,
  );
  const sending = performance.now();
  await sendBytes(session, blob, troubles);
  const bytesMs = performance.now() - sending;
  const { file } = await call<{ file: EvidenceFile }>(
    claimant,
    'finishUpload',
    { fileId: session.fileId },
    troubles,
  );
  return { file, ms: performance.now() - started, bytesMs, chunkBytes: session.chunkBytes };
}

// ---------------------------------------------------------------------------------------------
// 1. Throughput on the local stack.

export interface ThroughputFigures {
  bytes: number;
  /** Per run, startUpload to finishUpload's answer. */
  runsMs: number[];
  /** Per run, the chunked PUTs alone. */
  bytesMs: number[];
  chunks: number;
}

/** One claimant uploads a 10 MB JPEG `runs` times in a row, once the gateway answers. */
export async function measureThroughput(runs = UPLOAD_RUNS): Promise<ThroughputFigures> {
  const troubles: Troubles = { retries: 0, serverErrors: 0 };
  const claimant = await signUp(documentationAddress(), troubles);
  // Not timed: the Functions emulator's first load of the gateway (a minute on a busy machine).
  await call(claimant, 'getClaim', { funnelId: FUNNEL_ID }, troubles);
  const figures: ThroughputFigures = { bytes: PHOTO_BYTES, runsMs: [], bytesMs: [], chunks: 0 };
  for (let run = 0; run < runs; run++) {
    const bytes = fileBytes('jpeg', PHOTO_BYTES);
    const uploaded = await uploadFile(claimant, `photo-${run + 1}.jpg`, bytes, troubles);
    if (uploaded.file.size !== bytes.length || uploaded.file.sha256 !== sha256(bytes)) {
      throw new Error(`run ${run + 1}: the stored file is not the bytes sent`);
    }
    figures.runsMs.push(uploaded.ms);
    figures.bytesMs.push(uploaded.bytesMs);
    figures.chunks = Math.ceil(PHOTO_BYTES / uploaded.chunkBytes);
  }
  return figures;
}

// ---------------------------------------------------------------------------------------------
// 2. A 10 MB photo from a page on slow 4G.

export interface SlowLinkFigures {
  bytes: number;
  ms: number;
  /** The time the link's upload rate alone needs for the file's bytes. */
  lineRateMs: number;
  /** PUTs to the session the page sent (its CORS preflight not counted). */
  requests: number;
  chunkBytes: number;
}

type SenderModule = typeof ResumableUploadModule;
const SENDER_GLOBAL = '__benchResumableUpload';

/** src/platform/resumableUpload.ts bundled for a page, as a script that sets SENDER_GLOBAL. */
async function senderScript(): Promise<string> {
  const built = await esbuild.build({
    entryPoints: [path.join(root, 'src/platform/resumableUpload.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: SENDER_GLOBAL,
    // Evaluated by Playwright inside a function of its own: the global is set explicitly.
    footer: { js: `globalThis.${SENDER_GLOBAL} = ${SENDER_GLOBAL};` },
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
  });
  return built.outputFiles[0]!.text;
}

/**
 * A claimant's 10 MB photo sent from a page of the site's origin, throttled to slow 4G, with
 * the app's own sender (an XMLHttpRequest per chunk of the session's `chunkBytes`). The page is
 * a static file of the build (no app running beside the upload to share the link); the
 * session's origin is the preview's, as the site's is in production.
 */
export async function measureSlowLink(browser: Browser): Promise<SlowLinkFigures> {
  const troubles: Troubles = { retries: 0, serverErrors: 0 };
  const claimant = await signUp(documentationAddress(), troubles);
  const session = await call<Started>(
    claimant,
    'startUpload',
    { ...QUESTION, name: 'photo.jpg', size: PHOTO_BYTES },
    troubles,
  );
  const script = await senderScript();
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${PREVIEW_ORIGIN}/builds/latest.json`);
    if (new URL(page.url()).origin !== PREVIEW_ORIGIN) throw new Error('not on the site origin');
    await page.evaluate(script);
    // The photo, made in the page: the JPEG start, then random bytes.
    const digest = await page.evaluate(
      async ({ size, magic }) => {
        const bytes = new Uint8Array(size);
        for (let at = 0; at < size; at += 65_536) {
          crypto.getRandomValues(bytes.subarray(at, Math.min(size, at + 65_536)));
        }
        bytes.set(magic, 0);
        (window as unknown as { __photo: Blob }).__photo = new Blob([bytes], {
          type: 'image/jpeg',
        });
        const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
        return [...hash].map((byte) => byte.toString(16).padStart(2, '0')).join('');
      },
      { size: PHOTO_BYTES, magic: [...MAGIC.jpeg] },
    );
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    let requests = 0;
    cdp.on('Network.requestWillBeSent', (event) => {
      if (event.request.method === 'PUT' && event.request.url === session.uploadUrl) requests += 1;
    });
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    // The sender's own XMLHttpRequest per chunk, its default. No function is handed to it from
    // here: tsx wraps a function given a name in a helper (`__name`) the page does not have.
    const ms = await page.evaluate(
      async ({ url, chunkBytes, senderGlobal }) => {
        const site = window as unknown as Record<string, unknown> & { __photo: Blob };
        const sender = site[senderGlobal] as SenderModule;
        const started = performance.now();
        await sender.sendResumable({ url, blob: site.__photo, chunkBytes, resume: false });
        return performance.now() - started;
      },
      { url: session.uploadUrl, chunkBytes: session.chunkBytes, senderGlobal: SENDER_GLOBAL },
    );
    const { file } = await call<{ file: EvidenceFile }>(
      claimant,
      'finishUpload',
      { fileId: session.fileId },
      troubles,
    );
    if (file.size !== PHOTO_BYTES || file.sha256 !== digest) {
      throw new Error('the file stored from the page is not the bytes the page sent');
    }
    return {
      bytes: PHOTO_BYTES,
      ms,
      lineRateMs: (PHOTO_BYTES / SLOW_4G.uploadThroughput) * 1000,
      requests,
      chunkBytes: session.chunkBytes,
    };
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------
// 3. Many claimants uploading at once.

interface SentFile {
  name: string;
  kind: Kind;
  size: number;
  sha256: string;
  /** The gateway's id, once startUpload answered and the file was finished. */
  fileId?: string;
  ms?: number;
}

interface LoadClaimant {
  uid?: string;
  files: SentFile[];
  saved: boolean;
  failure?: string;
}

export interface UploadLoadFigures {
  claimants: number;
  files: number;
  bytes: number;
  wallMs: number;
  /** Per file finished, startUpload to finishUpload's answer. */
  fileMs: number[];
  retries: number;
  serverErrors: number;
  /** Files not in Storage as sent, or not on their claim's stored answer, with why. */
  lost: string[];
}

async function runLoadClaimant(
  index: number,
  address: string,
  troubles: Troubles,
): Promise<LoadClaimant> {
  const kinds: Kind[] = ['pdf', 'jpeg', 'png'];
  const chosen = Array.from({ length: FILES_PER_CLAIMANT }, (_, n) => {
    const kind = kinds[(index + n) % kinds.length]!;
    return { kind, size: randomInt(BYTES_PER_MB, 3 * BYTES_PER_MB + 1) };
  });
  const bytes = chosen.map(({ kind, size }) => fileBytes(kind, size));
  const result: LoadClaimant = {
    files: chosen.map(({ kind, size }, n) => ({
      name: `agreement-${index}-${n + 1}.${EXTENSION[kind]}`,
      kind,
      size,
      sha256: sha256(bytes[n]!),
    })),
    saved: false,
  };
  try {
    const claimant = await signUp(address, troubles);
    result.uid = claimant.uid;
    const uploaded = await Promise.all(
      result.files.map(async (file, n) => {
        const done = await uploadFile(claimant, file.name, bytes[n]!, troubles);
        file.fileId = done.file.fileId;
        file.ms = done.ms;
        return done.file;
      }),
    );
    const example = examples[index % examples.length]!.answers as Record<
      string,
      Record<string, unknown>
    >;
    const answers = { ...example[QUESTION.pageId], [QUESTION.field]: uploaded };
    const stampedAt = Date.now();
    await call(
      claimant,
      'saveAnswers',
      {
        funnelId: FUNNEL_ID,
        pageId: QUESTION.pageId,
        answers,
        fieldStamps: Object.fromEntries(Object.keys(answers).map((field) => [field, stampedAt])),
        ...(NEXT_PAGE_ID ? { nextPageId: NEXT_PAGE_ID } : {}),
      },
      troubles,
    );
    result.saved = true;
  } catch (error) {
    result.failure = (error as Error).message.split('\n')[0]!.slice(0, 300);
  }
  return result;
}

function evidenceBucket() {
  // firebase-admin's Storage reads the first, @google-cloud/storage the second.
  process.env.FIREBASE_STORAGE_EMULATOR_HOST ??= `${EMULATOR_HOST}:${EMULATOR_PORTS.storage}`;
  process.env.STORAGE_EMULATOR_HOST ??= `http://${EMULATOR_HOST}:${EMULATOR_PORTS.storage}`;
  return getStorage(adminApp()).bucket(LOCAL_STORAGE_BUCKET);
}

/** The sha256 and size of a stored object, read as a stream; null when there is none. */
async function storedObject(objectPath: string): Promise<{ size: number; sha256: string } | null> {
  const object = evidenceBucket().file(objectPath);
  const [exists] = await object.exists();
  if (!exists) return null;
  const hash = createHash('sha256');
  let size = 0;
  await new Promise<void>((resolve, reject) => {
    object
      .createReadStream()
      .on('data', (chunk: Buffer) => {
        size += chunk.length;
        hash.update(chunk);
      })
      .on('end', () => resolve())
      .on('error', reject);
  });
  return { size, sha256: hash.digest('hex') };
}

/**
 * Each file as Storage and Firestore hold it, read with firebase-admin, against what was sent:
 * the object (`evidenceFiles/{fileId}`'s path, else `evidence/{uid}/{fileId}`) with the size
 * and sha256 of the bytes sent, and the file on the check page's answer of the claimant's claim.
 */
async function lostFiles(claimants: LoadClaimant[]): Promise<string[]> {
  const db = getFirestore(adminApp());
  const lost: string[] = [];
  for (const claimant of claimants) {
    const unsent = claimant.files.filter((file) => !file.fileId);
    for (const file of unsent) {
      lost.push(`${claimant.uid ?? 'no user'} ${file.name}: ${claimant.failure ?? 'not uploaded'}`);
    }
    if (!claimant.uid || unsent.length === claimant.files.length) continue;
    const claims = await db.collection('claims').where('userId', '==', claimant.uid).get();
    const held = claims.docs.flatMap((doc) => {
      const answer = (
        doc.data().answers?.[QUESTION.pageId] as Record<string, unknown> | undefined
      )?.[QUESTION.field];
      return Array.isArray(answer) ? (answer as Partial<EvidenceFile>[]) : [];
    });
    for (const file of claimant.files) {
      if (!file.fileId) continue;
      const why: string[] = [];
      const record = await db.collection('evidenceFiles').doc(file.fileId).get();
      const objectPath =
        (record.data()?.path as string | undefined) ?? `evidence/${claimant.uid}/${file.fileId}`;
      const stored = await storedObject(objectPath);
      if (!stored) why.push('no object in Storage');
      else if (stored.size !== file.size)
        why.push(`${stored.size} bytes stored, ${file.size} sent`);
      else if (stored.sha256 !== file.sha256) why.push('stored bytes differ from those sent');
      const onAnswer = held.find((entry) => entry.fileId === file.fileId);
      if (claims.size !== 1) why.push(`${claims.size} claims`);
      if (!onAnswer) why.push('not on the stored answer');
      else if (onAnswer.size !== file.size || onAnswer.sha256 !== file.sha256)
        why.push('the stored answer has another size or sha256');
      if (why.length > 0) lost.push(`${claimant.uid} ${file.name}: ${why.join('; ')}`);
    }
  }
  return lost;
}

/** `count` claimants started together, each uploading its files at once and saving them. */
export async function runUploadLoad(count = LOAD_CLAIMANTS): Promise<UploadLoadFigures> {
  const troubles: Troubles = { retries: 0, serverErrors: 0 };
  const addresses = Array.from(
    { length: Math.ceil(count / CLAIMANTS_PER_ADDRESS) },
    documentationAddress,
  );
  const started = performance.now();
  const claimants = await Promise.all(
    Array.from({ length: count }, (_, index) =>
      runLoadClaimant(index, addresses[index % addresses.length]!, troubles),
    ),
  );
  const wallMs = performance.now() - started;
  const files = claimants.flatMap((claimant) => claimant.files);
  return {
    claimants: count,
    files: files.length,
    bytes: files.reduce((sum, file) => sum + file.size, 0),
    wallMs,
    fileMs: files.flatMap((file) => (file.ms === undefined ? [] : [file.ms])),
    retries: troubles.retries,
    serverErrors: troubles.serverErrors,
    lost: await lostFiles(claimants),
  };
}
