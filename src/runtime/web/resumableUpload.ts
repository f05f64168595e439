/**
 * The rules of a Cloud Storage resumable upload as the browser speaks them
 * (https://cloud.google.com/storage/docs/performing-resumable-uploads), with no browser in
 * them: which bytes go next, the `Content-Range` each request carries, and what an answer
 * means. The browser's sender (src/platform/resumableUpload.ts) follows them; the local
 * Storage emulator speaks the same protocol.
 */

/** One request's bytes: `start` to `end`, `end` not included. */
interface ByteSpan {
  start: number;
  end: number;
}

/** The next chunk to send when the server holds `confirmed` bytes of `total`. */
export function nextChunk(confirmed: number, total: number, chunkBytes: number): ByteSpan {
  const start = Math.max(0, Math.min(confirmed, total));
  return { start, end: Math.min(total, start + Math.max(1, chunkBytes)) };
}

/**
 * A chunk's `Content-Range`: `bytes A-B/*` while more follows (the total is not promised
 * yet), `bytes A-B/TOTAL` for the last one, which completes the upload.
 */
export function chunkContentRange(span: ByteSpan, total: number): string {
  const last = span.end >= total;
  return `bytes ${span.start}-${span.end - 1}/${last ? total : '*'}`;
}

/** The `Content-Range` of an empty request asking how much of the upload the server holds. */
export function statusContentRange(total: number): string {
  return `bytes */${total}`;
}

/**
 * The bytes the server holds, from a `308`'s `Range` header (`bytes=0-N`: N + 1 bytes); none
 * when it sends no `Range` (nothing persisted yet) or one that is not from the start.
 */
export function bytesHeld(range: string | null | undefined): number {
  const match = /^\s*bytes=0-(\d+)\s*$/.exec(range ?? '');
  return match ? Number(match[1]) + 1 : 0;
}

/** What one answer of the upload session means. */
export type UploadAnswer =
  /** Every byte is stored (200 or 201). */
  | { kind: 'complete' }
  /** More is wanted (308): the server holds `held` bytes. */
  | { kind: 'incomplete'; held: number }
  /** No answer, or one worth asking again (the network, 408, 429, 5xx): ask how far it got. */
  | { kind: 'interrupted' }
  /** The session is no more (404, 410) or refuses what it was sent: start a new one. */
  | { kind: 'gone' };

/** Reads an answer: its status (0 when the request got none) and its `Range` header. */
export function uploadAnswerOf(status: number, range: string | null | undefined): UploadAnswer {
  if (status === 200 || status === 201) return { kind: 'complete' };
  if (status === 308) return { kind: 'incomplete', held: bytesHeld(range) };
  if (status === 0 || status === 408 || status === 429 || status >= 500) {
    return { kind: 'interrupted' };
  }
  return { kind: 'gone' };
}
