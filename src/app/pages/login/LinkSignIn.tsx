import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { POST_LOGIN_REDIRECT } from '../../../runtime/constants';
import type { GatewayResponse } from '../../../runtime/contract';
import { checkLink, redeemLink, type LinkOutcome } from '../../../store/account';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectAuthStatus, selectAuthUser } from '../../../store/slices/authSlice';
import { describeAuthError } from '../../ui/authErrorMessages';
import { usePageTitle } from '../../usePageTitle';
import { paths } from '../../paths';
import { signInNoticeOf } from './signInNotice';
import { LinkProblem } from './LinkProblem';
import { SwitchClaimantQuestion } from './SwitchClaimantQuestion';
import { redirectAfterSignIn } from './redirectAfterSignIn';

type Stage =
  | { kind: 'working' }
  | { kind: 'asking'; check: GatewayResponse<'checkEmailLink'> }
  | { kind: 'used' }
  | { kind: 'confirmed' }
  | { kind: 'failed'; message: string };

const TITLES: Record<Stage['kind'], string> = {
  working: 'Signing you in',
  asking: 'This link is for a different claimant',
  used: 'This link cannot be used',
  confirmed: 'Your email address is confirmed',
  failed: 'We could not sign you in',
};

/** Where a redeemed link takes the claimant. */
function destinationOf(outcome: LinkOutcome): string {
  return outcome.purpose === 'support' ? POST_LOGIN_REDIRECT : redirectAfterSignIn(null, outcome);
}

/**
 * `/login?link=<token>`: a single-use link (emailed sign-in, confirm-your-address, or
 * support's). It is checked first, without being used: a support link that would replace
 * another claimant's claim in progress asks before anything changes.
 */
export function LinkSignIn({ token }: { token: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const authStatus = useAppSelector(selectAuthStatus);
  const user = useAppSelector(selectAuthUser);
  const [stage, setStage] = useState<Stage>({ kind: 'working' });
  const started = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  usePageTitle(TITLES[stage.kind]);

  async function redeem() {
    setStage({ kind: 'working' });
    try {
      const outcome = await dispatch(redeemLink(token));
      if (outcome.purpose === 'confirm-email') return setStage({ kind: 'confirmed' });
      navigate(destinationOf(outcome), { replace: true, state: signInNoticeOf(outcome) });
    } catch (error) {
      const code = (error as { code?: string } | null)?.code;
      setStage(
        code === 'failed-precondition'
          ? { kind: 'used' }
          : { kind: 'failed', message: describeAuthError(error) },
      );
    }
  }

  useEffect(() => {
    if (authStatus !== 'initialised' || started.current) return;
    started.current = true;
    dispatch(checkLink(token))
      .then((check) => {
        if (!check.live) return setStage({ kind: 'used' });
        if (check.switchesClaimant && check.claimsInProgress.length > 0) {
          return setStage({ kind: 'asking', check });
        }
        return redeem();
      })
      .catch((error: unknown) => setStage({ kind: 'failed', message: describeAuthError(error) }));
    // redeem() is the same whenever it is first possible to run it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [authStatus, token, dispatch]);

  useEffect(() => {
    if (stage.kind !== 'working' && stage.kind !== 'asking') heading.current?.focus();
  }, [stage.kind]);

  switch (stage.kind) {
    case 'working':
      return (
        <div className="narrow">
          <h1>Signing you in</h1>
          <p aria-live="polite">Please wait…</p>
        </div>
      );
    case 'asking':
      return (
        <SwitchClaimantQuestion
          check={stage.check}
          uid={user?.uid ?? ''}
          onSwitch={() => void redeem()}
        />
      );
    case 'confirmed':
      return (
        <div className="narrow">
          <h1 ref={heading} tabIndex={-1}>
            Your email address is confirmed
          </h1>
          <p>
            When you sign in, anything you started without signing in is moved into your account.
          </p>
          <p>
            <Link to={paths.yourClaims()}>See your claims</Link>
          </p>
        </div>
      );
    case 'used':
    case 'failed':
      return (
        <LinkProblem
          heading={heading}
          title={TITLES[stage.kind]}
          message={
            stage.kind === 'used'
              ? 'This link has expired or has been used already. Each link works once, for a short time.'
              : stage.message
          }
        />
      );
  }
}
