import { HttpsError } from 'firebase-functions/v2/https';
import { gatewayText } from '../gatewayText';
import { thrownCodeOf } from '../../runtime/contract';

/** One invalid field of a payload: the dotted path the caller sent and why it was refused. */
export interface InvalidField {
  field: string;
  message: string;
}

/**
 * The gateway's one error type for bad input. The message names every invalid field so a
 * developer reading a failed call sees the cause at once; `details.fields` lets the browser
 * put each message beside its field, and `details.summary` is the sentence alone, for a
 * screen that shows the refusal to a person as it is (a refused file).
 */
export function invalidArgument(summary: string, fields: InvalidField[] = []): HttpsError {
  const named = fields.map((f) => `${f.field}: ${f.message}`).join('; ');
  return new HttpsError('invalid-argument', named ? `${summary} (${named})` : summary, {
    fields,
    summary,
  });
}

/**
 * Bad input refused in words a person reads as they are (a file the claimant chose): the
 * message is the sentence alone, and `details.fields` still names each field for the browser
 * and a developer.
 */
export function refusedInput(summary: string, fields: InvalidField[]): HttpsError {
  return new HttpsError('invalid-argument', summary, { fields, summary });
}

export function unauthenticated(message = gatewayText('call.signInRequired')): HttpsError {
  return new HttpsError('unauthenticated', message);
}

/** The caller's session was revoked, or their account deleted or disabled: sign in again. */
export function sessionEnded(): HttpsError {
  return new HttpsError('unauthenticated', gatewayText('call.sessionEnded'));
}

/** The caller may not do this (not their session, not their role). */
export function permissionDenied(message: string): HttpsError {
  return new HttpsError('permission-denied', message);
}

/** The request is well formed but the claim is not in a state that allows it. */
export function failedPrecondition(message: string, details?: Record<string, unknown>): HttpsError {
  return new HttpsError('failed-precondition', message, details);
}

/** Too many calls: the caller is told to wait (a rate limit or quota). */
export function resourceExhausted(message: string): HttpsError {
  return new HttpsError('resource-exhausted', message);
}

/** Our fault: the caller sees only a generic message (no internals leak); the cause is logged. */
export function internalError(): HttpsError {
  return new HttpsError('internal', gatewayText('call.internal'));
}

/** True for an error the gateway means the caller to see as it is. */
export function isCallerError(error: unknown): error is HttpsError {
  return error instanceof HttpsError;
}

/** Firestore's "already exists" (gRPC code 6), from a create-only write that lost a race. */
export function isAlreadyExists(error: unknown): boolean {
  const code = thrownCodeOf(error);
  return code === 6 || code === 'already-exists' || code === 'ALREADY_EXISTS';
}

/** Firestore's "aborted" (gRPC code 10): contention that outlasted its own transaction retries. */
export function isAborted(error: unknown): boolean {
  const code = thrownCodeOf(error);
  return code === 10 || code === 'aborted' || code === 'ABORTED';
}

/** Firestore's "not found" (gRPC code 5), from a write whose document had to exist. */
export function isNotFound(error: unknown): boolean {
  const code = thrownCodeOf(error);
  return code === 5 || code === 'not-found' || code === 'NOT_FOUND';
}
