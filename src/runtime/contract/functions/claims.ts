/**
 * The gateway functions of a claim, from its first save to its sending: the claimant's own
 * claims and drafts, and the signed letter of authority.
 *
 * Each entry is the whole of a function's contract but its handler: who may call it, whether
 * the browser reads (query) or changes (mutation) with it and which cached data it provides or
 * makes stale, which quota counts it, its request schema and (the type argument) its result.
 */
import { gatewayFunction, type GatewayFunctionSpec } from '../gatewayFunction';
import { referralSchema } from '../referralSchema';
import type { ClaimView, KnownAnswers, LetterOfAuthorityPdf, ClaimSummary } from '../../types';
import { idSchema, claimIdSchema, claimOfFunnelRequest, emptyRequest } from './schemaParts';

export const claimsFunctions = {
  /**
   * The save's acknowledgement: the claim it went to, the time it was stamped with, and the
   * page as the server now holds it (the later edit of each field wins, so a newer answer
   * from another tab or device may have been kept over this save's).
   */
  saveAnswers: /* @__PURE__ */ gatewayFunction<{
    claimId: string;
    updatedAt: string;
    answers: Record<string, unknown>;
  }>()({
    role: 'signed-in',
    kind: 'mutation',
    tags: [],
    quota: 'writes',
    request: {
      type: 'object',
      additionalProperties: false,
      required: ['funnelId', 'pageId', 'answers'],
      properties: {
        funnelId: idSchema,
        pageId: idSchema,
        answers: { type: 'object' },
        /** When each field was last edited on the device (ms since the epoch), for later-wins merges. */
        fieldStamps: {
          type: 'object',
          maxProperties: 200,
          additionalProperties: { type: 'integer', minimum: 0, maximum: 8_640_000_000_000_000 },
        },
        nextPageId: idSchema,
        referral: referralSchema,
        /**
         * The language the claimant reads the funnel in (a BCP 47 tag the funnel offers): the
         * claim records it, and its emails and staff pages say it. Left out, a new claim takes
         * the funnel's own language and an existing one keeps its own.
         */
        locale: { type: 'string', pattern: '^[a-z]{2,3}(-[A-Z]{2})?$' },
      },
    },
  }),
  /**
   * `otherClaims`: the caller's other claims in the funnel that name a vehicle, so the browser
   * can spot a second claim for the same vehicle without another call on Continue.
   * `knownAnswers`: what the claimant already told us on pages about themselves (by page
   * schema id), offered pre-filled on a claim's pages not yet answered.
   */
  getClaim: /* @__PURE__ */ gatewayFunction<{
    claim: ClaimView | null;
    otherClaims: ClaimSummary[];
    knownAnswers: KnownAnswers;
  }>()({
    role: 'signed-in',
    kind: 'query',
    tags: ['Claims'],
    quota: 'none',
    request: {
      type: 'object',
      additionalProperties: false,
      required: ['funnelId'],
      properties: {
        funnelId: idSchema,
        /** A particular claim of the caller's; without it, their current claim in the funnel. */
        claimId: claimIdSchema,
      },
    },
  }),
  listClaims: /* @__PURE__ */ gatewayFunction<{ claims: ClaimSummary[] }>()({
    role: 'signed-in',
    kind: 'query',
    tags: ['Claims'],
    quota: 'none',
    request: emptyRequest,
  }),
  startClaim: /* @__PURE__ */ gatewayFunction<{
    claim: ClaimView;
    otherClaims: ClaimSummary[];
    knownAnswers: KnownAnswers;
  }>()({
    role: 'signed-in',
    kind: 'mutation',
    tags: ['Claims'],
    quota: 'writes',
    request: {
      type: 'object',
      additionalProperties: false,
      required: ['funnelId'],
      properties: {
        funnelId: idSchema,
      },
    },
  }),
  submitClaim: /* @__PURE__ */ gatewayFunction<{ claim: ClaimView }>()({
    role: 'signed-in',
    kind: 'mutation',
    tags: ['Claims'],
    quota: 'writes',
    request: {
      type: 'object',
      additionalProperties: false,
      required: ['funnelId'],
      properties: {
        funnelId: idSchema,
        /** The version of the letter of authority the claimant was shown; refused if it changed. */
        letterOfAuthorityVersion: { type: 'string', minLength: 1, maxLength: 40 },
      },
    },
  }),
  getLetterOfAuthorityPdf: /* @__PURE__ */ gatewayFunction<LetterOfAuthorityPdf>()({
    role: 'signed-in',
    kind: 'mutation',
    tags: [],
    quota: 'pdf',
    request: {
      type: 'object',
      additionalProperties: false,
      required: ['funnelId'],
      properties: {
        funnelId: idSchema,
        /** A particular claim of the caller's; without it, their current claim in the funnel. */
        claimId: claimIdSchema,
      },
    },
  }),
  chooseDraft: /* @__PURE__ */ gatewayFunction<{ claim: ClaimView }>()({
    role: 'signed-in',
    kind: 'mutation',
    tags: ['Claims'],
    quota: 'writes',
    request: claimOfFunnelRequest,
  }),
  deleteDraft: /* @__PURE__ */ gatewayFunction<{ deleted: true }>()({
    role: 'signed-in',
    kind: 'mutation',
    tags: ['Claims'],
    quota: 'writes',
    request: claimOfFunnelRequest,
  }),
  /** The draft on the funnel's current version (its answers migrated), or as it was when already there. */
  moveDraftToCurrentVersion: /* @__PURE__ */ gatewayFunction<{ claim: ClaimView }>()({
    role: 'signed-in',
    kind: 'mutation',
    tags: ['Claims'],
    quota: 'writes',
    request: claimOfFunnelRequest,
  }),
} as const satisfies Record<string, GatewayFunctionSpec>;
