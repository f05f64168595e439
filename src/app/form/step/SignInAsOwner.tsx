import { Link } from 'react-router-dom';
import { paths } from '../../paths';
import { usePageTitle } from '../../usePageTitle';

/** A claim page whose URL names another claimant: only its owner may open it. */
export function SignInAsOwner() {
  usePageTitle('Sign in to continue this claim');
  const here = window.location.pathname;
  return (
    <div className="narrow">
      <h1>Sign in to continue this claim</h1>
      <p>
        This claim belongs to another account. To see or change it, sign in as the person who
        started it.
      </p>
      <Link className="button" to={paths.login(here)}>
        Sign in
      </Link>
      <p>
        Or <Link to={paths.home()}>start your own claim</Link>.
      </p>
    </div>
  );
}
