import { HttpsError } from 'firebase-functions/v2/https';

/** One invalid field of a payload: the dotted path the caller sent and why it was refused. */
export interface InvalidField {
  field: string;
  message: string;
}

/**
 * The gateway's one error type for bad input. The message names every invalid field so a
 * developer reading a failed call sees the cause at once; `details.fields` lets the browser
 * put each message beside its field.
 */
export function invalidArgument(summary: string, fields: InvalidField[] = []): HttpsError {
  const named = fields.map((f) => `${f.field}: ${f.message}`).join('; ');
  return new HttpsError('invalid-argument', named ? `${summary} (${named})` : summary, { fields });
}

export function unauthenticated(): HttpsError {
  return new HttpsError(
    'unauthenticated',
    'Sign-in required: the gateway needs an authenticated user',
  );
}
