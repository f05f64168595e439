import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

/**
 * Who may call a function: `signed-in` any session (anonymous claimants included),
 * `registered` an account with a sign-in method of its own, `staff` an account holding the
 * staff role now. The dispatcher enforces it before the payload is read.
 */
export type GatewayRole = 'signed-in' | 'registered' | 'staff';

/**
 * The browser's cached server data a function provides (a query) or makes stale (a
 * mutation), as RTK Query tags.
 */
export type CacheTag = 'Claims' | 'Profile' | 'StaffClaims' | 'StaffMail';

/**
 * Which of the gateway's quotas counts a call (their numbers are the gateway's, in
 * src/gateway/call/quotas.ts): `none` for reads of the caller's own data and for staff.
 */
export type QuotaClass =
  | 'none'
  | 'writes'
  | 'paid-lookup'
  | 'email'
  | 'account-question'
  | 'contact-details'
  | 'pdf'
  | 'export'
  | 'uploads'
  | 'downloads';

/** One gateway function's contract, all but its types (below) and its handler. */
export interface GatewayFunctionSpec {
  role: GatewayRole;
  /** `query`: the browser reads with it and caches the answer; `mutation`: it changes something. */
  kind: 'query' | 'mutation';
  tags: readonly CacheTag[];
  quota: QuotaClass;
  /** JSON Schema of `data`; the gateway refuses a payload that fails it, naming the field. */
  request: JSONSchema;
}

/** What a function's entry carries for the compiler only: it is never set at run time. */
interface GatewayFunctionTypes<Request, Response> {
  /** The payload its request schema admits. */
  readonly request: Request;
  /** What its handler resolves with. */
  readonly response: Response;
}

/**
 * One function's entry, given its result type: `gatewayFunction<Result>()({ role, kind, tags,
 * quota, request })` (two calls, because the result type is written and the rest is inferred).
 * Its payload type is worked out here, once per entry, from its schema: a FromSchema mapped
 * over the whole table is too deep for tsc. Each entry's call is marked `@__PURE__`: unmarked, a
 * call at the top of a module is work the bundler must keep, and src/runtime does none
 * (`npm run effects:check`).
 */
export function gatewayFunction<Response>() {
  return <const Spec extends GatewayFunctionSpec>(
    spec: Spec,
  ): Spec & { readonly types?: GatewayFunctionTypes<FromSchema<Spec['request']>, Response> } =>
    spec;
}
