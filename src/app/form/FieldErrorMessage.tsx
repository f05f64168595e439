import type { ReactNode } from 'react';
import { formText } from './formText';

/**
 * A GOV.UK error message under a claim question (or a part of one, such as a signature's
 * panel), or nothing when it has no error; `id` is what the input's aria-describedby names.
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
