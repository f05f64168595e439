/**
 * The gateway functions of the claimant's rights (UK GDPR): withdrawing a sent claim, a copy
 * of everything held about them, and deleting their account.
 *
 * Each entry is the whole of a function's contract but its handler: who may call it, whether
 * the browser reads (query) or changes (mutation) with it and which cached data it provides or
 * makes stale, which quota counts it, and its request schema; its response type is below.
 */
import type { FromSchema } from 'json-schema-to-ts';
import type { GatewayFunctionSpec } from '../gatewayFunction';
import type { ClaimView } from '../../types';
import { idSchema, claimIdSchema, emptyRequest, NOTE_CHARACTERS } from './schemaParts';

export const rightsFunctions = {
  withdrawClaim: {
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
  },
  exportMyData: {
    role: 'signed-in',
    kind: 'mutation',
    tags: [],
    quota: 'export',
    request: emptyRequest,
  },
  deleteMyAccount: {
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
  },
} as const satisfies Record<string, GatewayFunctionSpec>;

type Functions = typeof rightsFunctions;

/**
 * Each function's payload type, from its schema (one by one: a mapped FromSchema over the
 * table is too deep for tsc).
 */
export interface RightsRequests {
  withdrawClaim: FromSchema<Functions['withdrawClaim']['request']>;
  exportMyData: FromSchema<Functions['exportMyData']['request']>;
  deleteMyAccount: FromSchema<Functions['deleteMyAccount']['request']>;
}

/** Each function's result. */
export interface RightsResponses {
  withdrawClaim: { claim: ClaimView };
  /** Everything held about the caller (UK GDPR subject access), as one JSON document. */
  exportMyData: { data: Record<string, unknown> };
  /** `keptClaims`: sent claims kept, detached from the account, as the privacy notice says. */
  deleteMyAccount: { deleted: true; keptClaims: number };
}
