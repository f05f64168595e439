/**
 * What a caught value says about itself. `catch` hands over `unknown`: Firebase, gRPC and the
 * gateway's own errors carry a `code`, most carry a `message`, and anything else may be thrown.
 */

/** The `code` a thrown value carries, as it is (gRPC's are numbers), if it carries one. */
export function thrownCodeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}

/** The `code` a thrown value carries, if it is a string (Firebase's and the gateway's are). */
export function errorCodeOf(error: unknown): string | undefined {
  const code = thrownCodeOf(error);
  return typeof code === 'string' ? code : undefined;
}

/** The `message` a thrown value carries, if it carries one. */
export function errorMessageOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('message' in error)) return undefined;
  const { message } = error;
  return typeof message === 'string' ? message : undefined;
}
