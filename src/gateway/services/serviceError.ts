/**
 * The one error type every outside-service client throws, so the gateway can turn any
 * failure into what the claimant sees without knowing which service failed or how.
 */

/**
 * Why a lookup failed.
 * - `not-found`: the service answered that there is no such vehicle or postcode.
 * - `rate-limited`: the service kept answering 429 after every retry.
 * - `unavailable`: the service kept failing (5xx, timeouts, network) or rejected our key.
 * - `bad-response`: the service answered something that breaks its documented contract.
 * - `not-configured`: this deployment has no base URL or key for the service.
 * - `invalid-input`: what the claimant typed cannot be a real registration or postcode.
 */
export type ServiceErrorKind =
  | 'not-found'
  | 'rate-limited'
  | 'unavailable'
  | 'bad-response'
  | 'not-configured'
  | 'invalid-input';

/** Extra facts about a failure, for logs and tests; none of them may contain a key. */
interface ServiceErrorDetails {
  /** HTTP status of the last answer, when there was one. */
  status?: number;
  /** What happened, for operators. Never includes URLs (some carry the key) or keys. */
  detail?: string;
}

/**
 * A failed call to an outside service. `message` is written for the claimant and is safe to
 * show as is; `detail` is for operators. No original error is attached as `cause`, because
 * fetch errors can quote the request URL, and address-provider URLs carry the API key.
 */
export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  readonly kind: ServiceErrorKind;
  readonly status: number | undefined;
  readonly detail: string | undefined;

  constructor(kind: ServiceErrorKind, message: string, details: ServiceErrorDetails = {}) {
    super(message);
    this.kind = kind;
    this.status = details.status;
    this.detail = details.detail;
  }
}

/** True when `error` is a {@link ServiceError}, optionally of the given kind. */
export function isServiceError(error: unknown, kind?: ServiceErrorKind): error is ServiceError {
  return error instanceof ServiceError && (kind === undefined || error.kind === kind);
}
