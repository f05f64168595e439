/**
 * The gateway functions that look things up in outside services (the DVLA, an address
 * finder): each call may cost money, so they have a quota of their own.
 *
 * Each entry is the whole of a function's contract but its handler: who may call it, whether
 * the browser reads (query) or changes (mutation) with it and which cached data it provides or
 * makes stale, which quota counts it, its request schema and (the type argument) its result.
 */
import { gatewayFunction, type GatewayFunctionSpec } from '../gatewayFunction';
import type { AddressLookupResult, MotorSpecsResult } from '../../types';

export const lookupsFunctions = {
  getMotorSpecs: /* @__PURE__ */ gatewayFunction<MotorSpecsResult>()({
    role: 'signed-in',
    kind: 'mutation',
    tags: [],
    quota: 'paid-lookup',
    request: {
      type: 'object',
      additionalProperties: false,
      required: ['registrationNumber'],
      properties: {
        registrationNumber: { type: 'string', minLength: 1, maxLength: 16 },
      },
    },
  }),
  lookupAddress: /* @__PURE__ */ gatewayFunction<AddressLookupResult>()({
    role: 'signed-in',
    kind: 'mutation',
    tags: [],
    quota: 'paid-lookup',
    request: {
      type: 'object',
      additionalProperties: false,
      required: ['postcode'],
      properties: {
        postcode: { type: 'string', minLength: 1, maxLength: 16 },
      },
    },
  }),
} as const satisfies Record<string, GatewayFunctionSpec>;
