import { useState } from 'react';
import { gatewayApi } from '../../../store/gatewayApi';
import { selectAuthStatus, selectAuthUser } from '../../../store/slices/authSlice';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { usePageTitle } from '../../usePageTitle';
import { showDeveloperPages } from '../../developerPages';
import { browserEnv } from '../../../browserEnv';

type GatewayCheck =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'ok' }
  | { state: 'failed'; message: string };

/** Service status for support staff and developers: session, build and a live gateway check. */
export function TestPage() {
  usePageTitle('Service status');
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
      setCheck({ state: 'failed', message: (error as { message?: string }).message ?? 'failed' });
    }
  }

  return (
    <>
      <h1>Service status</h1>
      <dl className="summary-list">
        <div className="summary-list__row">
          <dt>Session</dt>
          <dd data-testid="auth-status">{status === 'initialised' ? 'Ready' : 'Starting…'}</dd>
        </div>
        <div className="summary-list__row">
          <dt>Signed in as</dt>
          <dd data-testid="auth-user">
            {user
              ? `${user.isAnonymous ? 'Anonymous claimant' : (user.email ?? 'Registered user')}${
                  // A production build shows no user ids on a page anyone can open.
                  showDeveloperPages ? ` (${user.uid})` : ''
                }`
              : 'Nobody yet'}
          </dd>
        </div>
        <div className="summary-list__row">
          <dt>App version</dt>
          <dd>{browserEnv.buildId}</dd>
        </div>
        <div className="summary-list__row">
          <dt>Gateway</dt>
          <dd data-testid="gateway-status" aria-live="polite">
            {check.state === 'idle' && 'Not checked'}
            {check.state === 'checking' && 'Checking…'}
            {check.state === 'ok' && 'Reachable'}
            {check.state === 'failed' && `Not reachable: ${check.message}`}
          </dd>
        </div>
      </dl>
      <button
        type="button"
        className="button button--secondary"
        onClick={checkGateway}
        disabled={!user}
      >
        Check the gateway
      </button>
    </>
  );
}
