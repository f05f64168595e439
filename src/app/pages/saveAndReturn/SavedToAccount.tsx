import { Link } from 'react-router-dom';
import { saveAndReturnText } from './saveAndReturnText';

/**
 * "Save and come back later" for a registered claimant: nothing to send, their claim is
 * saved to their account (named by its address when it has one).
 */
export function SavedToAccount({ backUrl, email }: { backUrl: string; email: string | null }) {
  return (
    <div className="narrow">
      <Link className="back-link" to={backUrl}>
        {saveAndReturnText('save.back')}
      </Link>
      <h1>{saveAndReturnText('registered.title')}</h1>
      <p>
        {email
          ? saveAndReturnText('registered.savedAs', { email })
          : saveAndReturnText('registered.saved')}
      </p>
      <Link className="button" to={backUrl}>
        {saveAndReturnText('registered.continue')}
      </Link>
    </div>
  );
}
