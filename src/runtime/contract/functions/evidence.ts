/**
 * The gateway functions of evidence files: a claimant's upload of a file to a file question,
 * from the upload session to the file recorded on their answer, its removal, and a
 * short-lived link to read a stored file back (staff have theirs in functions/staff.ts).
 *
 * The bytes never pass through these calls: the browser sends them to Cloud Storage through
 * the upload session `startUpload` made (in chunks, so a dropped connection resumes), and a
 * download streams from the `evidenceDownload` function through a link these calls give.
 *
 * Each entry is the whole of a function's contract but its handler: who may call it, whether
 * the browser reads (query) or changes (mutation) with it and which cached data it provides or
 * makes stale, which quota counts it, its request schema and (the type argument) its result.
 */
import { gatewayFunction, type GatewayFunctionSpec } from '../gatewayFunction';
import { EVIDENCE_FILE_ID_PATTERN, type EvidenceFile } from '../evidence';
import { idSchema, NO_CONTROL_CHARACTERS } from './schemaParts';

/** A file's id as the gateway gave it. */
export const fileIdSchema = { type: 'string', pattern: EVIDENCE_FILE_ID_PATTERN } as const;

/** A request naming one of the caller's files. */
const oneFileRequest = {
  type: 'object',
  additionalProperties: false,
  required: ['fileId'],
  properties: { fileId: fileIdSchema },
} as const;

/** A short-lived link to read one stored file, as an attachment. */
export interface EvidenceLink {
  url: string;
  /** When the link stops working (ISO 8601). */
  expiresAt: string;
}

export const evidenceFunctions = {
  /**
   * Starts the upload of one file to a file question of the caller's claim in the funnel: the
   * gateway checks the question, the file's declared size against its limit and the caller's
   * upload allowance, records the file as pending, and answers with the Cloud Storage upload
   * session to send the bytes to. `chunkBytes`: the size of every chunk but the last.
   */
  startUpload: /* @__PURE__ */ gatewayFunction<{
    fileId: string;
    uploadUrl: string;
    chunkBytes: number;
  }>()({
    role: 'signed-in',
    kind: 'mutation',
    tags: [],
    quota: 'uploads',
    request: {
      type: 'object',
      additionalProperties: false,
      required: ['funnelId', 'pageId', 'field', 'name', 'size'],
      properties: {
        funnelId: idSchema,
        pageId: idSchema,
        /** The file question: a property of the page's schema. */
        field: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z][A-Za-z0-9_]*$' },
        /** The file's name on the claimant's device (shown back, never trusted). */
        name: { type: 'string', minLength: 1, maxLength: 255, pattern: NO_CONTROL_CHARACTERS },
        /** Bytes the browser will send. */
        size: { type: 'integer', minimum: 1, maximum: 1_000_000_000 },
      },
    },
  }),
  /**
   * The bytes are in Cloud Storage: the gateway checks what was stored (its size, and its kind
   * by its first bytes), deletes it when it does not match, and otherwise answers with the file
   * as the answer records it. Asked again for a file already checked, it answers the same.
   */
  finishUpload: /* @__PURE__ */ gatewayFunction<{ file: EvidenceFile }>()({
    role: 'signed-in',
    kind: 'mutation',
    tags: [],
    quota: 'writes',
    request: oneFileRequest,
  }),
  /** Deletes one of the caller's files that no sent claim holds (the claimant chose "Remove"). */
  removeUpload: /* @__PURE__ */ gatewayFunction<{ removed: true }>()({
    role: 'signed-in',
    kind: 'mutation',
    tags: [],
    quota: 'writes',
    request: oneFileRequest,
  }),
  /** A link to download one of the caller's own stored files. */
  getEvidenceLink: /* @__PURE__ */ gatewayFunction<EvidenceLink>()({
    role: 'signed-in',
    kind: 'mutation',
    tags: [],
    quota: 'downloads',
    request: oneFileRequest,
  }),
} as const satisfies Record<string, GatewayFunctionSpec>;
