/** Assertions on the ServiceError a client call fails with. */
import { expect } from 'vitest';
import { ServiceError, type ServiceErrorKind } from '../../../src/gateway/services/serviceError';

/** The ServiceError `promise` rejects with; fails the test if it resolves or throws another. */
export async function serviceErrorOf(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

/** Asserts the kind and the exact claimant message, and returns the error for more checks. */
export async function expectServiceFailure(
  promise: Promise<unknown>,
  kind: ServiceErrorKind,
  message: string,
): Promise<ServiceError> {
  const error = await serviceErrorOf(promise);
  expect({ kind: error.kind, message: error.message }).toEqual({ kind, message });
  return error;
}
