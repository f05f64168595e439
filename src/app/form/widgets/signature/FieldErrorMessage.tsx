import type { ReactNode } from 'react';
import { formText } from '../../formText';

/**
 * A GOV.UK error message beside a part of the signature, or nothing when that part has no
 * error: the signature shows one for the whole and one in each of its panels.
 */
export function FieldErrorMessage({
  id,
  message,
}: {
  id: string;
  message: string | undefined;
}): ReactNode {
  if (!message) return null;
  return (
    <p id={id} className="field__error">
      <span className="visually-hidden">{formText('field.errorPrefix')}</span> {message}
    </p>
  );
}
