import type { GatewayFieldError } from '../platform/gatewayClient';

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
    typeof (error as GatewayQueryError).code === 'string' &&
    Array.isArray((error as GatewayQueryError).fields)
  );
}
