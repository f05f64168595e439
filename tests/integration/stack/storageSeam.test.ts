/**
 * The seam between the local stack and firebase-tools' Storage emulator, which
 * scripts/stack/storageEmulator.ts runs without its rules runtime and fronts with Cloud
 * Storage's chunked upload protocol. It reaches into firebase-tools' internals, so a new
 * firebase-tools may move them: these tests fail then, naming what moved, before a developer
 * finds uploads broken. Against the running stack's emulator (127.0.0.1:9199) as the gateway
 * and a browser use it, plus an emulator of the test's own for saving across restarts.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { initializeApp, type App } from 'firebase-admin/app';
import { getStorage } from 'firebase-admin/storage';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DEMO_PROJECT_ID,
  EMULATOR_HOST,
  EMULATOR_PORTS,
  LOCAL_STORAGE_BUCKET,
} from '../../../src/runtime/constants';
import {
  CHUNK_GRANULARITY,
  checkFirebaseToolsSeam,
  firebaseTools,
  parseContentRange,
  startStorageEmulator,
} from '../../../scripts/stack/storageEmulator';
import { signUpAnonymous } from '../support/emulators';

const STORAGE_URL = `http://${EMULATOR_HOST}:${EMULATOR_PORTS.storage}`;
const WEB_ORIGIN = `http://${EMULATOR_HOST}:${EMULATOR_PORTS.web}`;

// As the gateway gets them from the stack (scripts/stack/localStack.ts), before the Admin SDK
// first builds its Storage client.
process.env.FIREBASE_STORAGE_EMULATOR_HOST = `${EMULATOR_HOST}:${EMULATOR_PORTS.storage}`;
process.env.STORAGE_EMULATOR_HOST = STORAGE_URL;
process.env.METADATA_SERVER_DETECTION ??= 'none';

let app: App | undefined;
const bucket = () =>
  getStorage((app ??= initializeApp({ projectId: DEMO_PROJECT_ID }, 'storage-seam'))).bucket(
    LOCAL_STORAGE_BUCKET,
  );

const md5 = (data: Buffer) => createHash('md5').update(data).digest('base64');

/** A PUT to a session address as a browser sends it: no credentials, from the web app. */
function put(uri: string, contentRange: string, body?: Buffer) {
  return fetch(uri, {
    method: 'PUT',
    headers: { 'Content-Range': contentRange, Origin: WEB_ORIGIN },
    body: body && Uint8Array.from(body),
    // 308 is Cloud Storage's "resume incomplete" here, never a redirect to follow.
    redirect: 'manual',
  });
}

describe('firebase-tools internals the Storage emulator module relies on', () => {
  it('are all where storageEmulator.ts expects them (module paths, names, method bodies)', () => {
    const version = (
      createRequire(import.meta.url)('firebase-tools/package.json') as { version: string }
    ).version;
    expect(
      checkFirebaseToolsSeam(),
      `what firebase-tools ${version} changed (storageEmulator.ts was written against 15.34.2)`,
    ).toEqual([]);
  });

  it("name the demo project's default bucket LOCAL_STORAGE_BUCKET, as the gateway's Admin SDK gets it", () => {
    // The Functions emulator gives the gateway this config (FIREBASE_CONFIG); getStorage().bucket()
    // is then this bucket. STORAGE_BUCKET_URL would change it: the stack never sets it.
    expect(process.env.STORAGE_BUCKET_URL).toBeUndefined();
    expect(firebaseTools().constructDefaultAdminSdkConfig(DEMO_PROJECT_ID).storageBucket).toBe(
      LOCAL_STORAGE_BUCKET,
    );
  });

  it('reads Content-Range as Cloud Storage does', () => {
    expect(parseContentRange('bytes */*')).toEqual({ kind: 'query', total: undefined });
    expect(parseContentRange('bytes */10')).toEqual({ kind: 'query', total: 10 });
    expect(parseContentRange('bytes 0-9/*')).toEqual({
      kind: 'bytes',
      first: 0,
      last: 9,
      total: undefined,
    });
    expect(parseContentRange('bytes 0-*/*')).toEqual({
      kind: 'bytes',
      first: 0,
      last: undefined,
      total: undefined,
    });
    expect(parseContentRange('bytes 10-19/20')).toEqual({
      kind: 'bytes',
      first: 10,
      last: 19,
      total: 20,
    });
    expect(parseContentRange('items 0-9/10')).toBeUndefined();
  });
});

describe('the stack Storage emulator, as the gateway uses it (firebase-admin)', () => {
  it('saves and downloads a file', async () => {
    const file = bucket().file(`seam/${randomUUID()}.txt`);
    await file.save('a claimant document', { contentType: 'text/plain', resumable: false });
    expect((await file.download())[0].toString()).toBe('a claimant document');
    const [metadata] = await file.getMetadata();
    expect(metadata.contentType).toBe('text/plain');
  });

  it('saves through a resumable upload, in one request and in chunks (the Node client speaking the protocol)', async () => {
    const data = randomBytes(2 * CHUNK_GRANULARITY + 12_345);
    const whole = bucket().file(`seam/${randomUUID()}.bin`);
    await whole.save(data, { resumable: true });
    expect(md5((await whole.download())[0])).toBe(md5(data));
    const chunked = bucket().file(`seam/${randomUUID()}.bin`);
    await chunked.save(data, { resumable: true, chunkSize: CHUNK_GRANULARITY });
    const [metadata] = await chunked.getMetadata();
    expect(Number(metadata.size)).toBe(data.length);
    expect(metadata.md5Hash).toBe(md5(data));
  });
});

describe('a browser uploading to a session the gateway made', () => {
  it('PUTs chunks with Content-Range: 308s with Range, a status query, a resent chunk, the object', async () => {
    const file = bucket().file(`seam/${randomUUID()}.bin`);
    const [uri] = await file.createResumableUpload({
      origin: WEB_ORIGIN,
      metadata: { contentType: 'application/octet-stream' },
    });
    expect(new URL(uri).host).toBe(`${EMULATOR_HOST}:${EMULATOR_PORTS.storage}`);
    const chunk = CHUNK_GRANULARITY;
    const data = randomBytes(3 * chunk + 1_000);
    const total = data.length;
    const part = (index: number) => data.subarray(index * chunk, (index + 1) * chunk);

    // Nothing received yet: 308 without Range.
    let reply = await put(uri, 'bytes */*');
    expect(reply.status).toBe(308);
    expect(reply.headers.get('range')).toBeNull();

    reply = await put(uri, `bytes 0-${chunk - 1}/*`, part(0));
    expect(reply.status).toBe(308);
    expect(reply.headers.get('range')).toBe(`bytes=0-${chunk - 1}`);
    // The browser may read Range: the session was made for this origin.
    expect(reply.headers.get('access-control-allow-origin')).toBe(WEB_ORIGIN);
    expect(reply.headers.get('access-control-expose-headers')).toMatch(/\bRange\b/i);

    reply = await put(uri, `bytes ${chunk}-${2 * chunk - 1}/*`, part(1));
    expect(reply.status).toBe(308);
    expect(reply.headers.get('range')).toBe(`bytes=0-${2 * chunk - 1}`);

    // Its answer was "lost": the browser sends the same chunk again. Nothing is added twice.
    reply = await put(uri, `bytes ${chunk}-${2 * chunk - 1}/*`, part(1));
    expect(reply.status).toBe(308);
    expect(reply.headers.get('range')).toBe(`bytes=0-${2 * chunk - 1}`);

    // A status query mid-way, as after a dropped connection.
    reply = await put(uri, 'bytes */*');
    expect(reply.status).toBe(308);
    expect(reply.headers.get('range')).toBe(`bytes=0-${2 * chunk - 1}`);

    // A chunk that is not the last must be a multiple of 256 KiB: refused, nothing kept.
    reply = await put(
      uri,
      `bytes ${2 * chunk}-${2 * chunk + 999}/*`,
      data.subarray(2 * chunk, 2 * chunk + 1_000),
    );
    expect(reply.status).toBe(400);
    reply = await put(uri, `bytes */${total}`);
    expect(reply.status).toBe(308);
    expect(reply.headers.get('range')).toBe(`bytes=0-${2 * chunk - 1}`);

    reply = await put(uri, `bytes ${2 * chunk}-${3 * chunk - 1}/*`, part(2));
    expect(reply.status).toBe(308);
    expect(reply.headers.get('range')).toBe(`bytes=0-${3 * chunk - 1}`);
    // Not visible before the last chunk.
    expect((await file.exists())[0]).toBe(false);

    reply = await put(uri, `bytes ${3 * chunk}-${total - 1}/${total}`, part(3));
    expect(reply.status).toBe(200);
    const object = (await reply.json()) as { size: string; md5Hash: string; name: string };
    expect(object.name).toBe(file.name);
    expect(Number(object.size)).toBe(total);
    expect(object.md5Hash).toBe(md5(data));

    // The last chunk again (its answer lost too): the same object, not a longer one.
    reply = await put(uri, `bytes ${3 * chunk}-${total - 1}/${total}`, part(3));
    expect(reply.status).toBe(200);
    expect(Number(((await reply.json()) as { size: string }).size)).toBe(total);

    const [metadata] = await file.getMetadata();
    expect(Number(metadata.size)).toBe(total);
    expect(metadata.md5Hash).toBe(md5(data));
    expect(md5((await file.download())[0])).toBe(md5(data));
  });

  it('finishes on a status query with the total once every byte is there, and keeps a plain PUT whole', async () => {
    const data = randomBytes(CHUNK_GRANULARITY);
    const queried = bucket().file(`seam/${randomUUID()}.bin`);
    const [first] = await queried.createResumableUpload({ origin: WEB_ORIGIN });
    expect((await put(first, `bytes 0-${data.length - 1}/*`, data)).status).toBe(308);
    const done = await put(first, `bytes */${data.length}`);
    expect(done.status).toBe(200);
    expect(Number((await queried.getMetadata())[0].size)).toBe(data.length);

    // No Content-Range: the whole object in one PUT, as the emulator itself takes it.
    const plain = bucket().file(`seam/${randomUUID()}.bin`);
    const [second] = await plain.createResumableUpload({ origin: WEB_ORIGIN });
    const reply = await fetch(second, { method: 'PUT', body: Uint8Array.from(data) });
    expect(reply.status).toBe(200);
    expect((await plain.getMetadata())[0].md5Hash).toBe(md5(data));
  });

  it('answers a CORS preflight from the web app as Cloud Storage does for a session made with its origin', async () => {
    const [uri] = await bucket()
      .file(`seam/${randomUUID()}.bin`)
      .createResumableUpload({ origin: WEB_ORIGIN });
    const preflight = (origin: string) =>
      fetch(uri, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'PUT',
          'Access-Control-Request-Headers': 'content-range,content-type',
        },
      });
    const reply = await preflight(WEB_ORIGIN);
    expect(reply.status).toBeLessThan(300);
    expect(reply.headers.get('access-control-allow-origin')).toBe(WEB_ORIGIN);
    expect(reply.headers.get('access-control-allow-methods')).toMatch(/\bPUT\b/);
    expect(reply.headers.get('access-control-allow-headers')?.toLowerCase()).toMatch(
      /content-range/,
    );
    expect(reply.headers.get('access-control-allow-headers')?.toLowerCase()).toMatch(
      /content-type/,
    );
    expect(reply.headers.get('access-control-expose-headers')).toMatch(/\bRange\b/i);
    // Another site may not upload to the session.
    const other = await preflight('http://elsewhere.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('is refused the Firebase Storage API: storage.rules deny every client and no rules run', async () => {
    const user = await signUpAnonymous();
    const name = `seam/${randomUUID()}.txt`;
    const base = `${STORAGE_URL}/v0/b/${LOCAL_STORAGE_BUCKET}/o`;
    for (const authorization of [undefined, `Firebase ${user.idToken}`]) {
      const upload = await fetch(`${base}?name=${encodeURIComponent(name)}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'text/plain',
          Origin: WEB_ORIGIN,
          ...(authorization ? { Authorization: authorization } : {}),
        },
        body: 'from a browser',
      });
      expect(
        upload.status,
        `upload with ${authorization ?? 'no credentials'}`,
      ).toBeGreaterThanOrEqual(400);
      const list = await fetch(`${base}?prefix=seam%2F`, {
        headers: authorization ? { Authorization: authorization } : {},
      });
      expect(list.status, `list with ${authorization ?? 'no credentials'}`).toBeGreaterThanOrEqual(
        400,
      );
    }
    expect((await bucket().file(name).exists())[0]).toBe(false);
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((listening) => server.listen(0, EMULATOR_HOST, listening));
  const { port } = server.address() as { port: number };
  await new Promise((closed) => server.close(closed));
  return port;
}

describe('Storage kept across restarts (an emulator of this test, on a port of its own)', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('saves only what changed, loads it on the next start, and removes what was deleted', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'storage-seam-data-'));
    dirs.push(dataDir);
    const port = await freePort();
    const url = `http://${EMULATOR_HOST}:${port}`;
    const lines: string[] = [];
    const start = () =>
      startStorageEmulator({ host: EMULATOR_HOST, port, dataDir, log: (line) => lines.push(line) });
    const upload = (name: string, body: string) =>
      fetch(
        `${url}/upload/storage/v1/b/${LOCAL_STORAGE_BUCKET}/o?uploadType=media&name=${encodeURIComponent(name)}`,
        { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body },
      );
    const read = (name: string) =>
      fetch(
        `${url}/download/storage/v1/b/${LOCAL_STORAGE_BUCKET}/o/${encodeURIComponent(name)}?alt=media`,
      );

    let running = await start();
    try {
      expect(running.loaded).toBe(0);
      expect((await upload('kept/a.txt', 'first')).status).toBe(200);
      expect((await upload('kept/b.txt', 'second')).status).toBe(200);
      expect(running.save()).toEqual({ written: 2, removed: 0 });
      // Nothing changed: nothing written.
      expect(running.save()).toEqual({ written: 0, removed: 0 });
      // Saved bytes are the emulator's own file, linked rather than copied.
      const blobs = readdirSync(join(dataDir, 'blobs'));
      expect(blobs).toHaveLength(2);
      expect(statSync(join(dataDir, 'blobs', blobs[0]!)).nlink).toBe(2);
      expect((await upload('kept/b.txt', 'second, replaced')).status).toBe(200);
      expect((await upload('kept/c.txt', 'third')).status).toBe(200);
      expect(running.save()).toEqual({ written: 2, removed: 0 });
    } finally {
      await running.stop();
    }
    // The emulator's own blob folder went with it; the saved store stays.
    expect(readdirSync(dataDir).filter((name) => name.startsWith('.run-'))).toEqual([]);
    expect(existsSync(join(dataDir, 'buckets.json'))).toBe(true);
    expect(readdirSync(join(dataDir, 'metadata'))).toHaveLength(3);
    expect(readdirSync(join(dataDir, 'blobs'))).toHaveLength(3);

    running = await start();
    try {
      expect(running.loaded).toBe(3);
      expect(await (await read('kept/a.txt')).text()).toBe('first');
      expect(await (await read('kept/b.txt')).text()).toBe('second, replaced');
      expect(running.save()).toEqual({ written: 0, removed: 0 });
      const deleted = await fetch(
        `${url}/storage/v1/b/${LOCAL_STORAGE_BUCKET}/o/${encodeURIComponent('kept/a.txt')}`,
        { method: 'DELETE' },
      );
      expect(deleted.status).toBeLessThan(300);
      expect(running.save()).toEqual({ written: 0, removed: 1 });
    } finally {
      await running.stop();
    }
    expect(readdirSync(join(dataDir, 'blobs'))).toHaveLength(2);

    running = await start();
    try {
      expect(running.loaded).toBe(2);
      expect((await read('kept/a.txt')).status).toBe(404);
      expect(await (await read('kept/c.txt')).text()).toBe('third');
    } finally {
      await running.stop();
    }
    expect(lines.filter((line) => /error|warn/i.test(line))).toEqual([]);
  });

  it('with no data folder keeps nothing, in a blob folder of its own removed at stop', async () => {
    const running = await startStorageEmulator({
      host: EMULATOR_HOST,
      port: await freePort(),
      log: () => undefined,
    });
    // Not firebase-tools' shared folder, which two stacks (in two network namespaces) would share.
    expect(running.blobDir).not.toBe(join(tmpdir(), 'firebase/storage/blobs'));
    expect(existsSync(running.blobDir)).toBe(true);
    expect(running.loaded).toBe(0);
    expect(running.save()).toEqual({ written: 0, removed: 0 });
    await running.stop();
    expect(existsSync(running.blobDir)).toBe(false);
  });
});
