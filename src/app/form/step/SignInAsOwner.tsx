import { Link } from 'react-router-dom';
import { paths } from '../../paths';
import { usePageTitle } from '../../usePageTitle';
import { MessageSentence } from '../../ui/MessageSentence';
import { claimPagesText } from '../claimPagesText';

/** A claim page whose URL names another claimant: only its owner may open it. */
export function SignInAsOwner() {
  usePageTitle(claimPagesText('signInAsOwner.title'));
  const here = window.location.pathname;
  return (
    <div className="narrow">
      <h1>{claimPagesText('signInAsOwner.title')}</h1>
      <p>{claimPagesText('signInAsOwner.body')}</p>
      <Link className="button" to={paths.login(here)}>
        {claimPagesText('signInAsOwner.signIn')}
      </Link>
      <p>
        <MessageSentence
          say={claimPagesText}
          message="signInAsOwner.orStartOwn"
          slots={{
            startLink: <Link to={paths.home()}>{claimPagesText('signInAsOwner.startLink')}</Link>,
          }}
        />
      </p>
    </div>
  );
}
