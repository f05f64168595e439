import type { SubmitFailure } from '../../../store/slices/claimSlice';
import { claimPagesText } from '../claimPagesText';

/**
 * Why "Accept and send" did not send the claim, as an alert above the answers: the
 * gateway's own words when it refused the claim, else whether it is kept in this browser only.
 */
export function SubmissionFailedNotice({ failure }: { failure: SubmitFailure }) {
  return (
    <div className="notice notice--warning" role="alert">
      {failure.reason === 'refused'
        ? failure.message
        : claimPagesText(
            failure.reason === 'savedHereOnly'
              ? 'review.submitSavedHereOnly'
              : 'review.submitFailed',
          )}
    </div>
  );
}
