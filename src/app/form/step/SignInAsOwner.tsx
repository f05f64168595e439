import { Link } from 'react-router-dom';
import { paths } from '../../paths';
import { usePageTitle } from '../../usePageTitle';
import { MessageSentence } from '../../ui/MessageSentence';
import { formText } from '../formText';

/** A claim page whose URL names another claimant: only its owner may open it. */
export function SignInAsOwner() {
  usePageTitle(formText('signInAsOwner.title'));
  const here = window.location.pathname;
  return (
    <div className="narrow">
      <h1>{formText('signInAsOwner.title')}</h1>
      <p>{formText('signInAsOwner.body')}</p>
      <Link className="button" to={paths.login(here)}>
        {formText('signInAsOwner.signIn')}
      </Link>
      <p>
        <MessageSentence
          say={formText}
          message="signInAsOwner.orStartOwn"
          slots={{
            startLink: <Link to={paths.home()}>{formText('signInAsOwner.startLink')}</Link>,
          }}
        />
      </p>
    </div>
  );
}
