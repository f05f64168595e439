import { useState } from 'react';
import type { ErrorSchema } from '@rjsf/utils';
import type { SignatureValue } from './signatureValue';

function errorsAt(errorSchema: ErrorSchema | undefined, key?: string): string | undefined {
  // RJSF's ErrorSchema types a field's entry generically; the signature's parts and their __errors are its keys.
  const node = (
    key ? (errorSchema as Record<string, ErrorSchema> | undefined)?.[key] : errorSchema
  ) as { __errors?: string[] } | undefined;
  return node?.__errors?.[0];
}

/**
 * The errors shown beside the signature and its parts. Errors come from the last Continue and
 * stay until the next one; beside the signature, an error is shown only while the part it is
 * about is as it was when the error came (a fixed part drops its message; the summary at the
 * top stays as it was, so nothing is announced).
 */
export function useSignatureErrors(errorSchema: ErrorSchema | undefined, value: SignatureValue) {
  const errorKey = JSON.stringify(errorSchema ?? {});
  const [errorsCameFor, setErrorsCameFor] = useState({ key: errorKey, value });
  if (errorsCameFor.key !== errorKey) setErrorsCameFor({ key: errorKey, value });
  const unchanged = (part: keyof SignatureValue) => errorsCameFor.value[part] === value[part];
  return {
    whole: unchanged('method') ? errorsAt(errorSchema) : undefined,
    method: unchanged('method') ? errorsAt(errorSchema, 'method') : undefined,
    image: unchanged('image') ? errorsAt(errorSchema, 'image') : undefined,
    name: unchanged('name') ? errorsAt(errorSchema, 'name') : undefined,
  };
}
