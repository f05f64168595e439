import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../paths';
import { MessageSentence } from '../../ui/MessageSentence';
import { saveAndReturnText } from './saveAndReturnText';

/**
 * A save-and-return link that cannot open the claim (incomplete, or refused): why, and the
 * ways on. The page focuses the heading (`headingRef`) when this is what it shows.
 */
export function LinkFailed({
  headingRef,
  message,
}: {
  headingRef: Ref<HTMLHeadingElement>;
  message: string;
}) {
  return (
    <div className="narrow">
      <h1 ref={headingRef} tabIndex={-1}>
        {saveAndReturnText('return.failedTitle')}
      </h1>
      <div className="notice notice--warning" role="alert">
        {message}
      </div>
      <p>
        <MessageSentence
          say={saveAndReturnText}
          message="return.waysOn"
          slots={{
            signInLink: <Link to={paths.login()}>{saveAndReturnText('return.signInLink')}</Link>,
            startLink: <Link to={paths.home()}>{saveAndReturnText('return.startLink')}</Link>,
          }}
        />
      </p>
    </div>
  );
}
