import type { GatewayFieldError } from '../platform/firebaseApp/gatewayClient';

/** A failed gateway call as the store keeps it (serializable, unlike GatewayError). */
export interface GatewayQueryError {
  /** The callable error code without its prefix: `invalid-argument`, `unavailable`, ... */
  code: string;
  message: string;
  fields: GatewayFieldError[];
}

/** True for a rejected RTK Query call's error (what `.unwrap()` throws). */
export function isGatewayQueryError(error: unknown): error is GatewayQueryError {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    'fields' in error &&
    Array.isArray(error.fields)
  );
}

/**
 * Codes of a call that never reached the gateway or got no answer (the Functions SDK says
 * `internal` for a failed fetch): the same call may simply be tried again once connected.
 */
const UNANSWERED_CODES = new Set(['unavailable', 'internal', 'deadline-exceeded']);

/** True when a gateway call failed for want of a connection rather than being refused. */
export function isUnanswered(error: unknown): boolean {
  return isGatewayQueryError(error) && UNANSWERED_CODES.has(error.code);
}
