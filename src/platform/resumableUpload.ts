/**
 * Sends a file's bytes to a Cloud Storage resumable upload session (the URI the gateway's
 * `startUpload` made), in chunks, so a dropped connection costs at most one chunk: each
 * non-final chunk is answered `308` with the bytes the server holds, the last `200`/`201`.
 * After a drop, an empty request asks how far it got and the upload goes on from there (the
 * rules are runtime/web's resumableUpload.ts). One XMLHttpRequest per request, for the
 * upload's progress events, which `fetch` does not give.
 */
import {
  chunkContentRange,
  nextChunk,
  statusContentRange,
  uploadAnswerOf,
  type UploadAnswer,
} from '../runtime/web';

/** One request to the session: its `Content-Range` and its bytes (none for a status query). */
export interface ChunkRequest {
  url: string;
  contentRange: string;
  body: Blob | null;
  /** Bytes of this request's body sent so far. */
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
}

/** The answer: its status (0 when none came) and its `Range` header. */
export interface ChunkResponse {
  status: number;
  range: string | null;
}

export type SendChunk = (request: ChunkRequest) => Promise<ChunkResponse>;

/** The upload stopped before it was complete; asking the session again resumes it. */
export class UploadInterrupted extends Error {
  constructor(readonly reason: 'no-answer' | 'no-progress' | 'not-complete' = 'no-answer') {
    super(`The upload was interrupted (${reason})`);
    this.name = 'UploadInterrupted';
  }
}

/** The session is gone or refuses the upload: the file needs a new session. */
export class UploadSessionGone extends Error {
  constructor() {
    super('The upload session is gone or refuses the upload');
    this.name = 'UploadSessionGone';
  }
}

/** The upload was stopped on purpose (the claimant removed the file, or left the page). */
export class UploadAborted extends Error {
  constructor() {
    super('The upload was stopped');
    this.name = 'UploadAborted';
  }
}

/** Sends one request with XMLHttpRequest; a request that gets no answer says status 0. */
export const xhrSendChunk: SendChunk = (request) =>
  new Promise((resolve, reject) => {
    if (request.signal?.aborted) {
      reject(new UploadAborted());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    request.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => request.signal?.removeEventListener('abort', onAbort);
    xhr.open('PUT', request.url);
    xhr.setRequestHeader('Content-Range', request.contentRange);
    if (request.onProgress) {
      const report = request.onProgress;
      xhr.upload.onprogress = (event) => report(event.loaded);
    }
    xhr.onload = () => {
      settle();
      resolve({ status: xhr.status, range: xhr.getResponseHeader('Range') });
    };
    // No answer: the connection dropped, the browser is offline, or CORS hid the answer.
    xhr.onerror = xhr.ontimeout = () => {
      settle();
      resolve({ status: 0, range: null });
    };
    xhr.onabort = () => {
      settle();
      reject(new UploadAborted());
    };
    xhr.send(request.body);
  });

export interface ResumableUpload {
  /** The session URI from `startUpload`. */
  url: string;
  blob: Blob;
  /** The size of every chunk but the last (a multiple of 256 KiB). */
  chunkBytes: number;
  /**
   * Ask the session first how much it holds: after any earlier try of this session (the
   * page reloaded, the connection dropped), as some or all of it may be stored.
   */
  resume: boolean;
  /** Bytes of the file sent so far, as they go (for a progress bar). */
  onProgress?: (sent: number) => void;
  /** Bytes the server has confirmed it holds (kept, so a later try starts there). */
  onHeld?: (held: number) => void;
  signal?: AbortSignal;
  send?: SendChunk;
}

/**
 * Sends the file until the session says it is complete. Throws UploadInterrupted when an
 * answer did not come or asked to try later (call again with `resume: true`),
 * UploadSessionGone when the session must be started anew, and UploadAborted when stopped.
 */
export async function sendResumable(upload: ResumableUpload): Promise<void> {
  const { url, blob, chunkBytes, signal, send = xhrSendChunk } = upload;
  const total = blob.size;
  const ask = async (request: Omit<ChunkRequest, 'url' | 'signal'>): Promise<UploadAnswer> => {
    if (signal?.aborted) throw new UploadAborted();
    const response = await send({ ...request, url, ...(signal ? { signal } : {}) });
    return uploadAnswerOf(response.status, response.range);
  };
  let held = 0;
  if (upload.resume) {
    const answer = await ask({ contentRange: statusContentRange(total), body: null });
    if (answer.kind === 'complete') {
      upload.onHeld?.(total);
      upload.onProgress?.(total);
      return;
    }
    held = heldAfter(answer, total, -1);
    upload.onHeld?.(held);
  }
  upload.onProgress?.(held);
  for (;;) {
    const span = nextChunk(held, total, chunkBytes);
    const answer = await ask({
      contentRange: chunkContentRange(span, total),
      body: blob.slice(span.start, span.end),
      onProgress: (sent) => upload.onProgress?.(span.start + sent),
    });
    if (answer.kind === 'complete') {
      upload.onHeld?.(total);
      upload.onProgress?.(total);
      return;
    }
    held = heldAfter(answer, total, span.start);
    upload.onHeld?.(held);
    upload.onProgress?.(held);
  }
}

/**
 * The bytes held after an answer that did not complete the upload, or the error it means. An
 * answer that holds no more than before the request (`before`) is a failure too: sending the
 * same chunk again and again would never end (a session whose `Range` header the browser
 * cannot read, say); and one holding every byte without completing is asked again.
 */
function heldAfter(answer: UploadAnswer, total: number, before: number): number {
  if (answer.kind === 'gone') throw new UploadSessionGone();
  if (answer.kind !== 'incomplete') throw new UploadInterrupted();
  if (answer.held > total) throw new UploadSessionGone();
  if (answer.held <= before) throw new UploadInterrupted('no-progress');
  if (answer.held === total) throw new UploadInterrupted('not-complete');
  return answer.held;
}
