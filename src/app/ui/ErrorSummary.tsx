import { useCallback, useEffect, useRef, useState } from 'react';
import { errorsText } from './errorsText';
import { errorSummaryShown } from './documentTitle';
import { focusField } from './fieldFocus';

export interface SummaryError {
  /** The id of the field the message is about; the summary links to it. */
  fieldId: string;
  message: string;
}

/**
 * Errors shown after a submit, and a counter of failed submits: the summary takes focus
 * once per failed submit (never when a later change re-renders it).
 */
export function useSubmitErrors() {
  const [errors, setErrorList] = useState<SummaryError[]>([]);
  const [failedSubmits, setFailedSubmits] = useState(0);
  const setErrors = useCallback((next: SummaryError[]) => {
    setErrorList(next);
    if (next.length > 0) setFailedSubmits((count) => count + 1);
  }, []);
  return [errors, setErrors, failedSubmits] as const;
}

/**
 * The GOV.UK error summary: at the top of the page, with a link to each invalid field. It
 * takes focus when `focusKey` changes (once per failed submit), so screen reader users hear
 * it, and puts "Error: " before the page title while it shows.
 */
export function ErrorSummary({ errors, focusKey }: { errors: SummaryError[]; focusKey: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = errors.length > 0;
  useEffect(() => {
    if (shown) ref.current?.focus();
    // Only a new failed submit moves focus; `shown` is read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusKey]);
  useEffect(() => (shown ? errorSummaryShown() : undefined), [shown]);
  if (!shown) return null;
  return (
    <div
      className="error-summary"
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby="error-summary-title"
    >
      <h2 className="error-summary__title" id="error-summary-title">
        {errorsText('errorSummary.title')}
      </h2>
      <ul className="error-summary__list">
        {errors.map((error) => (
          <li key={`${error.fieldId}:${error.message}`}>
            <a
              href={`#${error.fieldId}`}
              onClick={(event) => {
                event.preventDefault();
                focusField(error.fieldId);
              }}
            >
              {error.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
