import { useState } from 'react';
import { gatewayApi } from '../../../store/gatewayApi';
import { selectAuthStatus, selectAuthUser } from '../../../store/slices/authSlice';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { usePageTitle } from '../../usePageTitle';
import { showDeveloperPages } from '../../developerPages';
import { browserEnv } from '../../../browserEnv';
import { examplesText } from './examplesText';
import { errorMessageOf } from '../../../runtime/contract';

type GatewayCheck =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'ok' }
  | { state: 'failed'; message: string };

/** Who the session is, with the user id only where a developer page may show it. */
function signedInAs(user: { isAnonymous: boolean; email: string | null; uid: string }): string {
  const who = user.isAnonymous
    ? examplesText('status.anonymous')
    : (user.email ?? examplesText('status.registered'));
  // A production build shows no user ids on a page anyone can open.
  return showDeveloperPages ? examplesText('status.userWithId', { user: who, uid: user.uid }) : who;
}

/** Service status for support staff and developers: session, build and a live gateway check. */
export function TestPage() {
  usePageTitle(examplesText('status.title'));
  const status = useAppSelector(selectAuthStatus);
  const user = useAppSelector(selectAuthUser);
  const dispatch = useAppDispatch();
  const [check, setCheck] = useState<GatewayCheck>({ state: 'idle' });

  async function checkGateway() {
    setCheck({ state: 'checking' });
    try {
      // A fresh request every time: this is a live check, not a cached answer.
      await dispatch(
        gatewayApi.endpoints.getProfile.initiate({}, { forceRefetch: true, subscribe: false }),
      ).unwrap();
      setCheck({ state: 'ok' });
    } catch (error) {
      setCheck({
        state: 'failed',
        message: errorMessageOf(error) ?? examplesText('status.failed'),
      });
    }
  }

  return (
    <>
      <h1>{examplesText('status.title')}</h1>
      <dl className="summary-list">
        <div className="summary-list__row">
          <dt>{examplesText('status.session')}</dt>
          <dd data-testid="auth-status">
            {examplesText(status === 'initialised' ? 'status.ready' : 'status.starting')}
          </dd>
        </div>
        <div className="summary-list__row">
          <dt>{examplesText('status.signedInAs')}</dt>
          <dd data-testid="auth-user">{user ? signedInAs(user) : examplesText('status.nobody')}</dd>
        </div>
        <div className="summary-list__row">
          <dt>{examplesText('status.appVersion')}</dt>
          <dd>{browserEnv.buildId}</dd>
        </div>
        <div className="summary-list__row">
          <dt>{examplesText('status.gateway')}</dt>
          <dd data-testid="gateway-status" aria-live="polite">
            {check.state === 'idle' && examplesText('status.notChecked')}
            {check.state === 'checking' && examplesText('status.checking')}
            {check.state === 'ok' && examplesText('status.reachable')}
            {check.state === 'failed' &&
              examplesText('status.notReachable', { reason: check.message })}
          </dd>
        </div>
      </dl>
      <button
        type="button"
        className="button button--secondary"
        onClick={checkGateway}
        disabled={!user}
      >
        {examplesText('status.checkGateway')}
      </button>
    </>
  );
}
