/**
 * The back office's gateway functions: each has the staff role, so the dispatcher refuses
 * anyone else before anything is read or written.
 *
 * Each entry is the whole of a function's contract but its handler: who may call it, whether
 * the browser reads (query) or changes (mutation) with it and which cached data it provides or
 * makes stale, which quota counts it, its request schema and (the type argument) its result.
 */
import { fileIdSchema, type EvidenceLink } from './evidence';
import { gatewayFunction, type GatewayFunctionSpec } from '../gatewayFunction';
import type {
  FunnelDropOff,
  LetterOfAuthorityPdf,
  StaffClaimRow,
  ClaimHistoryEntry,
  StaffClaimDetail,
  MailView,
} from '../../types';
import {
  idSchema,
  claimIdSchema,
  NO_CONTROL_CHARACTERS,
  NOTE_CHARACTERS,
  cursorSchema,
} from './schemaParts';

/** The staff claims list's filters: the list and its CSV export take the same. */
const staffClaimFilters = {
  funnelId: idSchema,
  stage: idSchema,
  /** Sent on or after this day (UK time is close enough for a filter: dates are UTC). */
  submittedFrom: { type: 'string', format: 'date' },
  submittedTo: { type: 'string', format: 'date' },
  /** A reference, a registration, an email address, or a first or last name. */
  search: { type: 'string', minLength: 1, maxLength: 100, pattern: NO_CONTROL_CHARACTERS },
  order: { enum: ['newest', 'oldest'] },
} as const;

export const staffFunctions = {
  staffListClaims: /* @__PURE__ */ gatewayFunction<{
    claims: StaffClaimRow[];
    nextCursor: string | null;
  }>()({
    role: 'staff',
    kind: 'query',
    tags: ['StaffClaims'],
    quota: 'none',
    request: {
      type: 'object',
      additionalProperties: false,
      properties: {
        ...staffClaimFilters,
        /** The `nextCursor` of the page before. */
        cursor: cursorSchema,
        pageSize: { type: 'integer', minimum: 1, maximum: 100 },
      },
    },
  }),
  /**
   * The filtered list of one funnel version's claims as CSV, with a column per question of
   * that version: a chunk of rows per call (the cursor goes on), never capped.
   */
  /**
   * The header line (the same in every chunk), this chunk's CSV lines and the cursor of the
   * next chunk, or null at the end.
   */
  staffExportClaims: /* @__PURE__ */ gatewayFunction<{
    header: string;
    csv: string;
    rows: number;
    nextCursor: string | null;
  }>()({
    role: 'staff',
    kind: 'mutation',
    tags: [],
    quota: 'none',
    request: {
      type: 'object',
      additionalProperties: false,
      required: ['funnelId', 'funnelVersion'],
      properties: {
        ...staffClaimFilters,
        funnelVersion: { type: 'integer', minimum: 1, maximum: 100000 },
        cursor: cursorSchema,
      },
    },
  }),
  staffGetClaim: /* @__PURE__ */ gatewayFunction<StaffClaimDetail>()({
    role: 'staff',
    kind: 'query',
    tags: ['StaffClaims'],
    quota: 'none',
    request: {
      type: 'object',
      additionalProperties: false,
      required: ['claimId'],
      properties: { claimId: claimIdSchema },
    },
  }),
  staffGetLetterOfAuthorityPdf: /* @__PURE__ */ gatewayFunction<LetterOfAuthorityPdf>()({
    role: 'staff',
    kind: 'mutation',
    tags: [],
    quota: 'none',
    request: {
      type: 'object',
      additionalProperties: false,
      required: ['claimId'],
      properties: { claimId: claimIdSchema },
    },
  }),
  staffMoveClaim: /* @__PURE__ */ gatewayFunction<{
    claim: StaffClaimRow;
    entry: ClaimHistoryEntry;
  }>()({
    role: 'staff',
    kind: 'mutation',
    tags: ['StaffClaims', 'StaffMail'],
    quota: 'none',
    request: {
      type: 'object',
      additionalProperties: false,
      required: ['claimId', 'from', 'to', 'note'],
      properties: {
        claimId: claimIdSchema,
        /** The stage the member of staff saw: a claim moved by someone else since is refused. */
        from: idSchema,
        to: idSchema,
        note: { type: 'string', maxLength: 2000, pattern: NOTE_CHARACTERS },
      },
    },
  }),
  staffListMail: /* @__PURE__ */ gatewayFunction<{ mail: MailView[]; nextCursor: string | null }>()(
    {
      role: 'staff',
      kind: 'query',
      tags: ['StaffMail'],
      quota: 'none',
      request: {
        type: 'object',
        additionalProperties: false,
        properties: {
          cursor: cursorSchema,
          pageSize: { type: 'integer', minimum: 1, maximum: 100 },
        },
      },
    },
  ),
  /** A funnel version's drop-off, over the claims started in the date range (UTC days). */
  staffFunnelDropOff: /* @__PURE__ */ gatewayFunction<
    FunnelDropOff & {
      funnelId: string;
      funnelVersion: number;
      /** The version the site runs now (whose pages are listed). */
      currentVersion: number;
    }
  >()({
    role: 'staff',
    kind: 'query',
    tags: ['StaffClaims'],
    quota: 'none',
    request: {
      type: 'object',
      additionalProperties: false,
      required: ['funnelId', 'funnelVersion'],
      properties: {
        funnelId: idSchema,
        funnelVersion: { type: 'integer', minimum: 1, maximum: 100000 },
        startedFrom: { type: 'string', format: 'date' },
        startedTo: { type: 'string', format: 'date' },
      },
    },
  }),
  /** A link to download a file of a claim, for staff. */
  staffGetEvidenceLink: /* @__PURE__ */ gatewayFunction<EvidenceLink>()({
    role: 'staff',
    kind: 'mutation',
    tags: [],
    quota: 'none',
    request: {
      type: 'object',
      additionalProperties: false,
      required: ['claimId', 'fileId'],
      properties: { claimId: claimIdSchema, fileId: fileIdSchema },
    },
  }),
} as const satisfies Record<string, GatewayFunctionSpec>;
