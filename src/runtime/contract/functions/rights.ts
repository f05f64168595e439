/**
 * The gateway functions of the claimant's rights (UK GDPR): withdrawing a sent claim, a copy
 * of everything held about them, and deleting their account.
 *
 * Each entry is the whole of a function's contract but its handler: who may call it, whether
 * the browser reads (query) or changes (mutation) with it and which cached data it provides or
 * makes stale, which quota counts it, its request schema and (the type argument) its result.
 */
import { gatewayFunction, type GatewayFunctionSpec } from '../gatewayFunction';
import type { ClaimView } from '../../types';
import { idSchema, claimIdSchema, emptyRequest, NOTE_CHARACTERS } from './schemaParts';

export const rightsFunctions = {
  withdrawClaim: /* @__PURE__ */ gatewayFunction<{ claim: ClaimView }>()({
    role: 'signed-in',
    kind: 'mutation',
    tags: ['Claims'],
    quota: 'writes',
    request: {
      type: 'object',
      additionalProperties: false,
      required: ['funnelId', 'claimId'],
      properties: {
        funnelId: idSchema,
        claimId: claimIdSchema,
        reason: { type: 'string', maxLength: 1000, pattern: NOTE_CHARACTERS },
      },
    },
  }),
  /** Everything held about the caller (UK GDPR subject access), as one JSON document. */
  exportMyData: /* @__PURE__ */ gatewayFunction<{ data: Record<string, unknown> }>()({
    role: 'signed-in',
    kind: 'mutation',
    tags: [],
    quota: 'export',
    request: emptyRequest,
  }),
  /** `keptClaims`: sent claims kept, detached from the account, as the privacy notice says. */
  deleteMyAccount: /* @__PURE__ */ gatewayFunction<{ deleted: true; keptClaims: number }>()({
    role: 'signed-in',
    kind: 'mutation',
    tags: ['Claims', 'Profile'],
    quota: 'writes',
    request: {
      type: 'object',
      additionalProperties: false,
      required: ['confirm'],
      // The claimant said yes on a confirmation screen: no call deletes an account by accident.
      properties: { confirm: { const: true } },
    },
  }),
} as const satisfies Record<string, GatewayFunctionSpec>;
