import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../paths';
import { MessageSentence } from '../../ui/MessageSentence';
import { claimPagesText } from '../claimPagesText';

/**
 * A funnel's exit page (the claimant cannot go on, for example not eligible): the page's
 * own heading and text, a way back to change the answer that led here, and a way out.
 */
export function ExitPage({
  heading,
  backLink,
  changeAnswersUrl,
}: {
  heading: ReactNode;
  backLink: ReactNode;
  changeAnswersUrl: string | null;
}) {
  return (
    <div className="narrow">
      {backLink}
      {heading}
      {changeAnswersUrl && (
        <p>
          <MessageSentence
            say={claimPagesText}
            message="exit.changeAnswers"
            slots={{
              changeLink: <Link to={changeAnswersUrl}>{claimPagesText('exit.changeLink')}</Link>,
            }}
          />
        </p>
      )}
      <p>
        <MessageSentence
          say={claimPagesText}
          message="exit.otherClaims"
          slots={{ startLink: <Link to={paths.start()}>{claimPagesText('exit.startLink')}</Link> }}
        />
      </p>
      <Link className="button button--secondary" to={paths.home()}>
        {claimPagesText('exit.home')}
      </Link>
    </div>
  );
}
