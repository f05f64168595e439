import type { JSONSchema } from 'json-schema-to-ts';

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
  | 'export';

/** One gateway function's contract, all but its response type and its handler. */
export interface GatewayFunctionSpec {
  role: GatewayRole;
  /** `query`: the browser reads with it and caches the answer; `mutation`: it changes something. */
  kind: 'query' | 'mutation';
  tags: readonly CacheTag[];
  quota: QuotaClass;
  /** JSON Schema of `data`; the gateway refuses a payload that fails it, naming the field. */
  request: JSONSchema;
}
