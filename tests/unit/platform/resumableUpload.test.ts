/**
 * The chunked sender against a small resumable-upload server of its own, speaking Cloud
 * Storage's protocol (https://cloud.google.com/storage/docs/performing-resumable-uploads):
 * chunks answered 308 with the bytes held, a status query, the last chunk answered 201. The
 * browser's XMLHttpRequest is played by a few lines over node:http, so the sender's own
 * requests (headers, bodies, answers) are what the server sees.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  sendResumable,
  UploadInterrupted,
  UploadSessionGone,
  UploadAborted,
  xhrSendChunk,
} from '../../../src/platform/resumableUpload';
import { bytesHeld, chunkContentRange, nextChunk, uploadAnswerOf } from '../../../src/runtime/web';

const CHUNK = 256 * 1024;

/** What the server does with the next chunk it is sent (once). */
type Fault =
  /** Nothing: the chunk is kept and answered. */
  | 'none'
  /** Reads half the chunk, keeps it, then drops the connection without answering. */
  | 'drop-mid-chunk'
  /** Keeps the whole chunk, then drops the connection without answering. */
  | 'lose-answer'
  /** Keeps only the first 256 KiB of the chunk (answers 308 with that). */
  | 'keep-part'
  /** Answers 503, keeping nothing. */
  | 'unavailable';

interface Session {
  total: number | null;
  held: Buffer;
  complete: boolean;
}

/** One upload session at `/upload/<id>`; `faults` are applied to the chunks that follow. */
class ResumableServer {
  server: Server;
  url = '';
  sessions = new Map<string, Session>();
  faults: Fault[] = [];
  /** Every request's Content-Range, in order. */
  ranges: string[] = [];
  readonly #sockets = new Set<Socket>();

  constructor() {
    this.server = createServer((req, res) => {
      const id = req.url?.split('/').pop() ?? '';
      const session = this.sessions.get(id);
      const range = String(req.headers['content-range'] ?? '');
      this.ranges.push(range);
      if (!session) {
        req.resume();
        res.writeHead(404).end();
        return;
      }
      const heldHeader = () =>
        session.held.length > 0 ? { Range: `bytes=0-${session.held.length - 1}` } : {};
      const query = /^bytes \*\/(\d+)$/.exec(range);
      if (query) {
        req.resume();
        if (session.complete) res.writeHead(200).end('{}');
        else res.writeHead(308, heldHeader()).end();
        return;
      }
      const chunk = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(range);
      if (!chunk) {
        req.resume();
        res.writeHead(400).end();
        return;
      }
      const start = Number(chunk[1]);
      const fault = this.faults.shift();
      const body: Buffer[] = [];
      let received = 0;
      req.on('data', (part: Buffer) => {
        body.push(part);
        received += part.length;
        if (fault === 'drop-mid-chunk' && received >= CHUNK / 2) {
          this.#keep(session, start, Buffer.concat(body).subarray(0, CHUNK / 2), null);
          req.socket.destroy();
        }
      });
      req.on('end', () => {
        if (fault === 'drop-mid-chunk') return;
        if (fault === 'unavailable') {
          res.writeHead(503).end();
          return;
        }
        const bytes = Buffer.concat(body);
        const total = chunk[3] === '*' ? null : Number(chunk[3]);
        this.#keep(session, start, fault === 'keep-part' ? bytes.subarray(0, CHUNK) : bytes, total);
        if (fault === 'lose-answer') {
          req.socket.destroy();
          return;
        }
        if (session.complete) res.writeHead(201).end('{}');
        else res.writeHead(308, heldHeader()).end();
      });
    });
    this.server.on('connection', (socket) => {
      this.#sockets.add(socket);
      socket.on('close', () => this.#sockets.delete(socket));
    });
  }

  #keep(session: Session, start: number, bytes: Buffer, total: number | null): void {
    // Bytes already held are kept as they are; a gap would be refused by the real service.
    if (start > session.held.length) throw new Error(`gap: ${start} > ${session.held.length}`);
    const fresh = bytes.subarray(session.held.length - start);
    session.held = Buffer.concat([session.held, fresh]);
    if (total !== null) session.total = total;
    if (session.total !== null && session.held.length === session.total) session.complete = true;
  }

  newSession(id: string): string {
    this.sessions.set(id, { total: null, held: Buffer.alloc(0), complete: false });
    return `${this.url}/upload/${id}`;
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

/** The part of XMLHttpRequest the sender uses, over node:http. */
class NodeXhr {
  status = 0;
  upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  #method = 'GET';
  #url = '';
  #headers: Record<string, string> = {};
  #responseHeaders: Record<string, string | string[] | undefined> = {};
  #request: ReturnType<typeof httpRequest> | null = null;
  #aborted = false;

  open(method: string, url: string): void {
    this.#method = method;
    this.#url = url;
  }
  setRequestHeader(name: string, value: string): void {
    this.#headers[name] = value;
  }
  getResponseHeader(name: string): string | null {
    const value = this.#responseHeaders[name.toLowerCase()];
    return typeof value === 'string' ? value : null;
  }
  abort(): void {
    this.#aborted = true;
    this.#request?.destroy();
    this.onabort?.();
  }
  send(body: Blob | null): void {
    void (async () => {
      const bytes = body ? Buffer.from(await body.arrayBuffer()) : Buffer.alloc(0);
      const request = httpRequest(this.#url, {
        method: this.#method,
        headers: { ...this.#headers, 'Content-Length': String(bytes.length) },
      });
      this.#request = request;
      request.on('response', (response) => {
        this.status = response.statusCode ?? 0;
        this.#responseHeaders = response.headers;
        response.resume();
        response.on('end', () => this.onload?.());
      });
      request.on('error', () => {
        if (!this.#aborted) this.onerror?.();
      });
      // Progress as a browser reports it: in steps while the body goes.
      const step = Math.max(1, Math.ceil(bytes.length / 4));
      for (let sent = 0; sent < bytes.length; sent += step) {
        request.write(bytes.subarray(sent, sent + step));
        this.upload.onprogress?.({ loaded: Math.min(bytes.length, sent + step) });
      }
      request.end();
    })();
  }
}

const server = new ResumableServer();
const originalXhr = globalThis.XMLHttpRequest;

beforeAll(async () => {
  await server.listen();
  globalThis.XMLHttpRequest = NodeXhr as unknown as typeof XMLHttpRequest;
});
afterAll(async () => {
  globalThis.XMLHttpRequest = originalXhr;
  await server.close();
});
afterEach(() => {
  server.faults = [];
  server.ranges = [];
});

/** A file of `size` bytes whose every byte says where it is. */
function fileOf(size: number): Blob {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 7 + (i >> 8)) & 0xff;
  return new Blob([bytes]);
}

async function storedIs(id: string, blob: Blob): Promise<void> {
  const session = server.sessions.get(id)!;
  expect(session.complete).toBe(true);
  expect(session.held.equals(Buffer.from(await blob.arrayBuffer()))).toBe(true);
}

/** Sends until done, resuming after each interruption as the uploads do. */
async function sendUntilDone(url: string, blob: Blob, held: number[] = []): Promise<number> {
  let tries = 0;
  for (;;) {
    tries += 1;
    try {
      await sendResumable({
        url,
        blob,
        chunkBytes: CHUNK,
        resume: tries > 1,
        onHeld: (bytes) => held.push(bytes),
      });
      return tries;
    } catch (error) {
      if (!(error instanceof UploadInterrupted) || tries > 10) throw error;
    }
  }
}

describe('the resumable upload rules', () => {
  it('say each chunk with its range, the last with the total', () => {
    expect(chunkContentRange(nextChunk(0, 600, 256), 600)).toBe('bytes 0-255/*');
    expect(chunkContentRange(nextChunk(512, 600, 256), 600)).toBe('bytes 512-599/600');
    expect(chunkContentRange(nextChunk(0, 100, 256), 100)).toBe('bytes 0-99/100');
  });

  it('read the bytes held from a 308, and what each answer means', () => {
    expect(bytesHeld('bytes=0-262143')).toBe(262144);
    expect(bytesHeld(null)).toBe(0);
    expect(bytesHeld('bytes=5-9')).toBe(0);
    expect(uploadAnswerOf(201, null)).toEqual({ kind: 'complete' });
    expect(uploadAnswerOf(308, 'bytes=0-9')).toEqual({ kind: 'incomplete', held: 10 });
    expect(uploadAnswerOf(0, null)).toEqual({ kind: 'interrupted' });
    expect(uploadAnswerOf(503, null)).toEqual({ kind: 'interrupted' });
    expect(uploadAnswerOf(404, null)).toEqual({ kind: 'gone' });
  });
});

describe('sendResumable', () => {
  it('sends a file in chunks, each answered 308 with what is held, the last 201', async () => {
    const blob = fileOf(CHUNK * 2 + 1000);
    const url = server.newSession('chunks');
    const held: number[] = [];
    const progress: number[] = [];
    await sendResumable({
      url,
      blob,
      chunkBytes: CHUNK,
      resume: false,
      onHeld: (bytes) => held.push(bytes),
      onProgress: (sent) => progress.push(sent),
    });
    await storedIs('chunks', blob);
    expect(server.ranges).toEqual([
      `bytes 0-${CHUNK - 1}/*`,
      `bytes ${CHUNK}-${2 * CHUNK - 1}/*`,
      `bytes ${2 * CHUNK}-${blob.size - 1}/${blob.size}`,
    ]);
    expect(held).toEqual([CHUNK, 2 * CHUNK, blob.size]);
    // Progress moves forward within a chunk too, and ends at the whole file.
    expect(progress.some((sent) => sent > 0 && sent < CHUNK)).toBe(true);
    expect(progress.at(-1)).toBe(blob.size);
  });

  it('sends a small file in one request', async () => {
    const blob = fileOf(1000);
    await sendResumable({
      url: server.newSession('small'),
      blob,
      chunkBytes: CHUNK,
      resume: false,
    });
    await storedIs('small', blob);
    expect(server.ranges).toEqual(['bytes 0-999/1000']);
  });

  it('resumes after a chunk dropped half way: asks what is held, then sends the rest', async () => {
    const blob = fileOf(CHUNK * 3);
    const url = server.newSession('dropped');
    server.faults = ['none', 'drop-mid-chunk'];
    const held: number[] = [];
    const tries = await sendUntilDone(url, blob, held);
    expect(tries).toBe(2);
    await storedIs('dropped', blob);
    // The second try starts with a status query and goes on from the byte after those held.
    const query = server.ranges.indexOf(`bytes */${blob.size}`);
    expect(query).toBeGreaterThan(0);
    expect(server.ranges[query + 1]).toBe(
      `bytes ${CHUNK + CHUNK / 2}-${2 * CHUNK + CHUNK / 2 - 1}/*`,
    );
    expect(held).toContain(CHUNK + CHUNK / 2);
  });

  it('goes on from what the server held when it kept less than it was sent', async () => {
    const blob = fileOf(CHUNK * 3);
    const url = server.newSession('part');
    server.faults = ['keep-part'];
    await sendResumable({ url, blob, chunkBytes: 2 * CHUNK, resume: false });
    await storedIs('part', blob);
    expect(server.ranges).toEqual([
      `bytes 0-${2 * CHUNK - 1}/*`,
      `bytes ${CHUNK}-${3 * CHUNK - 1}/${3 * CHUNK}`,
    ]);
  });

  it('finds the upload complete when the answer to its last chunk was lost', async () => {
    const blob = fileOf(CHUNK + 10);
    const url = server.newSession('lost');
    server.faults = ['none', 'lose-answer'];
    const tries = await sendUntilDone(url, blob);
    expect(tries).toBe(2);
    await storedIs('lost', blob);
    // The status query found it complete: nothing was sent again.
    expect(server.ranges.at(-1)).toBe(`bytes */${blob.size}`);
    expect(server.ranges.filter((range) => range.startsWith(`bytes ${CHUNK}-`))).toHaveLength(1);
  });

  it('is interrupted by a 503, and resumes', async () => {
    const blob = fileOf(CHUNK * 2);
    const url = server.newSession('busy');
    server.faults = ['unavailable'];
    await expect(
      sendResumable({ url, blob, chunkBytes: CHUNK, resume: false }),
    ).rejects.toBeInstanceOf(UploadInterrupted);
    await sendResumable({ url, blob, chunkBytes: CHUNK, resume: true });
    await storedIs('busy', blob);
    expect(server.ranges).toEqual([
      `bytes 0-${CHUNK - 1}/*`,
      `bytes */${blob.size}`,
      `bytes 0-${CHUNK - 1}/*`,
      `bytes ${CHUNK}-${2 * CHUNK - 1}/${blob.size}`,
    ]);
  });

  it('says the session is gone when it is unknown', async () => {
    await expect(
      sendResumable({
        url: `${server.url}/upload/none`,
        blob: fileOf(10),
        chunkBytes: CHUNK,
        resume: true,
      }),
    ).rejects.toBeInstanceOf(UploadSessionGone);
  });

  it('stops when asked to', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      sendResumable({
        url: server.newSession('stopped'),
        blob: fileOf(CHUNK * 2),
        chunkBytes: CHUNK,
        resume: false,
        signal: controller.signal,
      }),
    ).rejects.toBeInstanceOf(UploadAborted);
  });

  it('says status 0 for a request that got no answer', async () => {
    const answer = await xhrSendChunk({
      url: 'http://127.0.0.1:1/upload/x',
      contentRange: 'bytes */1',
      body: null,
    });
    expect(answer).toEqual({ status: 0, range: null });
  });
});
