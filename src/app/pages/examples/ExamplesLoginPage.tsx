import { Link } from 'react-router-dom';
import { signOutOfAccount } from '../../../store/account/account';
import { selectAuthUser } from '../../../store/slices/authSlice';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { paths } from '../../paths';
import { usePageTitle } from '../../usePageTitle';
import { showDeveloperPages } from '../../developerPages';
import { MessageSentence } from '../../ui/MessageSentence';
import { examplesText } from './examplesText';

/** Shows the session a visitor has and the ways to change it, for support and testing. */
export function ExamplesLoginPage() {
  usePageTitle(examplesText('session.title'));
  const user = useAppSelector(selectAuthUser);
  const dispatch = useAppDispatch();
  return (
    <div className="narrow">
      <h1>{examplesText('session.title')}</h1>
      <p className="lead">{examplesText('session.intro')}</p>
      <h2>{examplesText('session.heading')}</h2>
      {user ? (
        <dl className="summary-list">
          <div className="summary-list__row">
            <dt>{examplesText('session.type')}</dt>
            <dd data-testid="session-type">
              {examplesText(user.isAnonymous ? 'session.anonymous' : 'session.registered')}
            </dd>
          </div>
          {/* Development builds only: a production page anyone can open shows no user ids. */}
          {showDeveloperPages && (
            <div className="summary-list__row">
              <dt>{examplesText('session.userId')}</dt>
              <dd data-testid="session-uid">{user.uid}</dd>
            </div>
          )}
          {user.email && (
            <div className="summary-list__row">
              <dt>{examplesText('session.email')}</dt>
              <dd>{user.email}</dd>
            </div>
          )}
        </dl>
      ) : (
        <p aria-live="polite">{examplesText('session.starting')}</p>
      )}
      <h2>{examplesText('session.tryIt')}</h2>
      <ul className="list">
        <li>
          <MessageSentence
            say={examplesText}
            message="session.signIn"
            slots={{
              signInLink: (
                <Link to={paths.login(paths.examplesLogin())}>
                  {examplesText('session.signInLink')}
                </Link>
              ),
            }}
          />
        </li>
        <li>
          <MessageSentence
            say={examplesText}
            message="session.lookup"
            slots={{
              lookupLink: (
                <Link to={paths.callMotorSpecs()}>{examplesText('session.lookupLink')}</Link>
              ),
            }}
          />
        </li>
      </ul>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => void dispatch(signOutOfAccount())}
        disabled={!user}
      >
        {examplesText('session.signOut')}
      </button>
    </div>
  );
}
