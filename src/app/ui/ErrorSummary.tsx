import { useEffect, useRef } from 'react';

export interface SummaryError {
  /** The id of the input the message is about; the summary links to it. */
  fieldId: string;
  message: string;
}

/**
 * The GOV.UK error summary: shown at the top of the page, focused when it appears so screen
 * reader users hear it, with a link to each invalid field.
 */
export function ErrorSummary({ errors }: { errors: SummaryError[] }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (errors.length > 0) ref.current?.focus();
  }, [errors]);
  if (errors.length === 0) return null;
  return (
    <div
      className="error-summary"
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby="error-summary-title"
    >
      <h2 className="error-summary__title" id="error-summary-title">
        There is a problem
      </h2>
      <ul className="error-summary__list">
        {errors.map((error) => (
          <li key={`${error.fieldId}:${error.message}`}>
            <a
              href={`#${error.fieldId}`}
              onClick={(event) => {
                event.preventDefault();
                document.getElementById(error.fieldId)?.focus();
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
