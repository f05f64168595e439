import type { FormEvent, ReactNode, Ref } from 'react';
import { ErrorSummary } from '../../ui/ErrorSummary';
import type { SummaryError } from '../../ui/ErrorSummary';
import { saveAndReturnText } from './saveAndReturnText';

/**
 * A save-and-return link that ran out or was used: a new one is sent to the address it went
 * to. The page focuses the heading (`headingRef`) when this is what it shows.
 */
export function LinkRanOut({
  headingRef,
  errors,
  failedSubmits,
  emailField,
  onRenew,
}: {
  headingRef: Ref<HTMLHeadingElement>;
  errors: SummaryError[];
  failedSubmits: number;
  emailField: ReactNode;
  onRenew: (event: FormEvent) => void;
}) {
  return (
    <div className="narrow">
      <ErrorSummary errors={errors} focusKey={failedSubmits} />
      <h1 ref={headingRef} tabIndex={-1}>
        {saveAndReturnText('return.expiredTitle')}
      </h1>
      <p>{saveAndReturnText('return.expiredBody')}</p>
      <form noValidate onSubmit={onRenew}>
        {emailField}
        <button type="submit" className="button">
          {saveAndReturnText('return.renew')}
        </button>
      </form>
    </div>
  );
}
