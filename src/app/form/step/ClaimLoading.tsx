import { usePageTitle } from '../../usePageTitle';
import { formText } from '../formText';

/**
 * A claim page while its claim loads, in place of anything that could be wrong: another
 * version's questions, or empty fields under a returning claimant. A status (said once,
 * politely); the space it holds pushes the footer out of sight, so the page that replaces it
 * moves nothing the claimant could see.
 */
export function ClaimLoading() {
  usePageTitle(formText('step.loadingTitle'));
  return (
    <div className="narrow claim-loading" data-testid="claim-loading">
      <p role="status">{formText('step.loading')}</p>
    </div>
  );
}
