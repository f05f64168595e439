import { FieldErrorMessage } from '../../FieldErrorMessage';
import type { FileQuestionWords } from './fileQuestionWords';

/**
 * A file question's label, hint, limits and error above its drop zone, with the ids the
 * file input's aria-describedby names (`<id>__hint`, `<id>__limits`, `<id>__error`).
 */
export function FileQuestionLabels({
  id,
  words: { label, hint, limitsHint, error },
}: {
  id: string;
  words: FileQuestionWords;
}) {
  return (
    <>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {hint && (
        <p id={`${id}__hint`} className="field__hint">
          {hint}
        </p>
      )}
      <p id={`${id}__limits`} className="field__hint">
        {limitsHint}
      </p>
      <FieldErrorMessage id={`${id}__error`} message={error} />
    </>
  );
}
