import type { RefObject } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../paths';
import { AccountSentence } from '../account/AccountSentence';
import { accountText } from '../account/accountText';

/** A link that could not be used: why, and the ways on (sign in or ask again, or start). */
export function LinkProblem({
  heading,
  title,
  message,
}: {
  heading: RefObject<HTMLHeadingElement | null>;
  title: string;
  message: string;
}) {
  return (
    <div className="narrow">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <div className="notice notice--warning" role="alert">
        {message}
      </div>
      <p>
        <AccountSentence
          message="linkProblem.waysOn"
          slots={{
            signInLink: <Link to={paths.login()}>{accountText('linkProblem.signInLink')}</Link>,
            startLink: <Link to={paths.home()}>{accountText('linkProblem.startLink')}</Link>,
          }}
        />
      </p>
    </div>
  );
}
