import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../paths';
import { MessageSentence } from '../ui/MessageSentence';
import { shellText } from './shellText';

/**
 * The cookie banner once the visitor has chosen: what they chose, where to change it, and a
 * button that hides the banner. The banner focuses it (`ref`), since the buttons pressed are gone.
 */
export function CookieChoiceConfirmation({
  confirmation,
  onHide,
  ref,
}: {
  confirmation: 'accepted' | 'rejected';
  onHide: () => void;
  ref: Ref<HTMLDivElement>;
}) {
  return (
    <div className="cookie-banner__message" tabIndex={-1} ref={ref}>
      <p>
        <MessageSentence
          say={shellText}
          message={confirmation === 'accepted' ? 'cookieBanner.accepted' : 'cookieBanner.rejected'}
          slots={{
            settingsLink: (
              <Link to={paths.cookies()}>{shellText('cookieBanner.settingsLink')}</Link>
            ),
          }}
        />
      </p>
      <div className="button-group">
        <button type="button" className="button" onClick={onHide}>
          {shellText('cookieBanner.hide')}
        </button>
      </div>
    </div>
  );
}
