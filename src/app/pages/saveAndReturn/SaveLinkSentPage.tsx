import { Link } from 'react-router-dom';
import { SaveAndReturnLinkSent } from './SaveAndReturnLinkSent';
import { saveAndReturnText } from './saveAndReturnText';

/**
 * The save page once its link has gone to `sentTo`: what to look for, a way to send it
 * again, and the way back to the claim.
 */
export function SaveLinkSentPage({
  sentTo,
  backUrl,
  onSendAgain,
}: {
  sentTo: string;
  backUrl: string;
  onSendAgain: () => void;
}) {
  return (
    <div className="narrow">
      <SaveAndReturnLinkSent message="sent.body" email={sentTo} />
      <p>{saveAndReturnText('sent.existingAccount')}</p>
      <p>{saveAndReturnText('sent.spam')}</p>
      <p>
        <button type="button" className="link-button" onClick={onSendAgain}>
          {saveAndReturnText('sent.sendAgain')}
        </button>
      </p>
      <Link className="button" to={backUrl}>
        {saveAndReturnText('sent.continue')}
      </Link>
    </div>
  );
}
