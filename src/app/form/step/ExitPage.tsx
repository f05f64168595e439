import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../paths';
import { MessageSentence } from '../../ui/MessageSentence';
import { formText } from '../formText';

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
            say={formText}
            message="exit.changeAnswers"
            slots={{
              changeLink: <Link to={changeAnswersUrl}>{formText('exit.changeLink')}</Link>,
            }}
          />
        </p>
      )}
      <p>
        <MessageSentence
          say={formText}
          message="exit.otherClaims"
          slots={{ startLink: <Link to={paths.start()}>{formText('exit.startLink')}</Link> }}
        />
      </p>
      <Link className="button button--secondary" to={paths.home()}>
        {formText('exit.home')}
      </Link>
    </div>
  );
}
