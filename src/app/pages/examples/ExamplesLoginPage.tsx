import { Link } from 'react-router-dom';
import { signOutOfAccount } from '../../../store/account';
import { selectAuthUser } from '../../../store/slices/authSlice';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { paths } from '../../paths';
import { usePageTitle } from '../../usePageTitle';
import { showDeveloperPages } from '../../developerPages';

/** Shows the session a visitor has and the ways to change it, for support and testing. */
export function ExamplesLoginPage() {
  usePageTitle('Sessions and sign-in');
  const user = useAppSelector(selectAuthUser);
  const dispatch = useAppDispatch();
  return (
    <div className="narrow">
      <h1>Sessions and sign-in</h1>
      <p className="lead">
        Every visitor starts with an anonymous session, so a claim can begin without an account.
      </p>
      <h2>Your session</h2>
      {user ? (
        <dl className="summary-list">
          <div className="summary-list__row">
            <dt>Type</dt>
            <dd data-testid="session-type">{user.isAnonymous ? 'Anonymous' : 'Registered'}</dd>
          </div>
          {/* Development builds only: a production page anyone can open shows no user ids. */}
          {showDeveloperPages && (
            <div className="summary-list__row">
              <dt>User id</dt>
              <dd data-testid="session-uid">{user.uid}</dd>
            </div>
          )}
          {user.email && (
            <div className="summary-list__row">
              <dt>Email</dt>
              <dd>{user.email}</dd>
            </div>
          )}
        </dl>
      ) : (
        <p aria-live="polite">Starting your session…</p>
      )}
      <h2>Try it</h2>
      <ul className="list">
        <li>
          <Link to={paths.login(paths.examplesLogin())}>Sign in with email and password</Link>, then
          come back here.
        </li>
        <li>
          <Link to={paths.callMotorSpecs()}>Open the vehicle lookup</Link>: it needs a registered
          account, so an anonymous visitor is sent to sign in first.
        </li>
      </ul>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => void dispatch(signOutOfAccount())}
        disabled={!user}
      >
        Sign out and start a new anonymous session
      </button>
    </div>
  );
}
