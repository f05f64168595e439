/**
 * The gateway's contract: every function the one callable `gateway` answers, put together
 * from the tables of each area (functions/*.ts). Everything that lists functions is derived
 * from here: the dispatcher's handler map and role check, the quotas, the browser's RTK Query
 * endpoints and the tests' lists. Adding a function is one entry in an area's table (its result
 * type is part of it) and one handler file.
 */
import type { GatewayFunctionSpec, GatewayRole } from './gatewayFunction';
import { accountsFunctions } from './functions/accounts';
import { claimsFunctions } from './functions/claims';
import { evidenceFunctions } from './functions/evidence';
import { lookupsFunctions } from './functions/lookups';
import { rightsFunctions } from './functions/rights';
import { staffFunctions } from './functions/staff';

export type { CacheTag, GatewayRole, QuotaClass } from './gatewayFunction';
export * from './views';
export * from './evidence';

/** The areas' tables, by area (a test checks that no name is in two). */
export const gatewayFunctionAreas = {
  claims: claimsFunctions,
  evidence: evidenceFunctions,
  accounts: accountsFunctions,
  rights: rightsFunctions,
  lookups: lookupsFunctions,
  staff: staffFunctions,
} as const;

export const gatewayFunctions = {
  ...claimsFunctions,
  ...evidenceFunctions,
  ...accountsFunctions,
  ...rightsFunctions,
  ...lookupsFunctions,
  ...staffFunctions,
} as const;

export type GatewayFunctionName = keyof typeof gatewayFunctions;

// Object.keys is typed string[]; these are the keys of the literal gatewayFunctions itself.
export const gatewayFunctionNames = Object.keys(gatewayFunctions) as GatewayFunctionName[];

/** One field of every function's entry, by function name. */
/* @__NO_SIDE_EFFECTS__ */
function fieldOfEach<K extends keyof GatewayFunctionSpec>(key: K) {
  // Object.fromEntries loses the per-name keys; every function name gets its own spec field.
  return Object.fromEntries(
    gatewayFunctionNames.map((name) => [name, gatewayFunctions[name][key]]),
  ) as { [F in GatewayFunctionName]: (typeof gatewayFunctions)[F][K] };
}

/** Each function's request schema: the gateway validates every payload against it. */
export const gatewayRequestSchemas = fieldOfEach('request');

/** Each function's role, which the dispatcher enforces. */
export const gatewayFunctionRoles = fieldOfEach('role');

/** The functions of one role. */
export function functionsWithRole(role: GatewayRole): GatewayFunctionName[] {
  return gatewayFunctionNames.filter((name) => gatewayFunctions[name].role === role);
}

/** The compiler-only types an entry carries (gatewayFunction.ts). */
type TypesOf<F extends GatewayFunctionName> = NonNullable<(typeof gatewayFunctions)[F]['types']>;

/** A function's payload type, derived from its request schema. */
export type GatewayRequest<F extends GatewayFunctionName> = TypesOf<F>['request'];

/** A function's result, as its entry names it. */
export type GatewayResponse<F extends GatewayFunctionName> = TypesOf<F>['response'];

/**
 * The envelope every call sends: `{functionName, data, locale, sentAt}`.
 * @public The wire format the guides name; the client writes it out (too deep for httpsCallable).
 */
export interface GatewayEnvelope<F extends GatewayFunctionName = GatewayFunctionName> {
  functionName: F;
  data: GatewayRequest<F>;
  /**
   * The language the caller reads the site in (`cy`, `en-GB`): the gateway says its refusals
   * and an email that is not about a claim in it, where it has words in it.
   */
  locale?: string;
  /**
   * When the caller sent it (milliseconds since 1970, the caller's clock): a call its caller
   * has stopped waiting for is dropped unrun under the emulator (gateway/call/abandonedCalls.ts).
   */
  sentAt?: number;
}
