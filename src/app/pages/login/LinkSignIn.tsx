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
import { pageUrl } from '../../form/pageUrl';
import { describeSaveAndReturnError } from '../saveAndReturn/saveAndReturnErrors';
import { ClaimLinkRenewal } from './ClaimLinkRenewal';
import { LinkProblem } from './LinkProblem';
import { SwitchClaimantQuestion } from './SwitchClaimantQuestion';
import { redirectAfterSignIn } from './redirectAfterSignIn';
import { accountText, type AccountTextKey } from '../account/accountText';

type Stage =
  | { kind: 'working' }
  | { kind: 'asking'; check: GatewayResponse<'checkEmailLink'> }
  | { kind: 'used'; message?: string }
  | { kind: 'confirmed' }
  | { kind: 'failed'; message: string };

const TITLES: Record<Stage['kind'], AccountTextKey> = {
  working: 'link.working',
  asking: 'link.asking',
  used: 'link.used',
  confirmed: 'link.confirmed',
  failed: 'link.failed',
};

/**
 * Where a redeemed link takes the claimant. A claim link opens its claim: a draft at the page
 * where it stopped, a sent one (even if it was sent after the email) as sent.
 */
function destinationOf(outcome: LinkOutcome): string {
  if (outcome.purpose === 'claim' && outcome.claim) {
    return outcome.continueAt
      ? pageUrl(outcome.continueAt.funnelId, outcome.continueAt.pageId, outcome.user.uid)
      : paths.claim(outcome.claim.funnelId, outcome.claim.claimId);
  }
  return outcome.purpose === 'support' ? POST_LOGIN_REDIRECT : redirectAfterSignIn(null, outcome);
}

/**
 * `/login?link=<token>`: a single-use link (emailed sign-in, confirm-your-address,
 * support's, or the link in an email about one claim, `&claim=<claimId>`). It is checked first, without being used: a support link that would replace
 * another claimant's claim in progress asks before anything changes.
 */
export function LinkSignIn({ token, claimId }: { token: string; claimId: string | null }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const authStatus = useAppSelector(selectAuthStatus);
  const user = useAppSelector(selectAuthUser);
  const [stage, setStage] = useState<Stage>({ kind: 'working' });
  const started = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  usePageTitle(accountText(TITLES[stage.kind]));

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
          ? { kind: 'used', message: describeSaveAndReturnError(error) }
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
          <h1>{accountText('link.working')}</h1>
          <p aria-live="polite">{accountText('link.wait')}</p>
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
            {accountText('link.confirmed')}
          </h1>
          <p>{accountText('link.confirmedBody')}</p>
          <p>
            <Link to={paths.yourClaims()}>{accountText('link.claimsLink')}</Link>
          </p>
        </div>
      );
    case 'used':
      // A claim link names its claim, so it can be renewed from here.
      if (claimId) {
        return (
          <ClaimLinkRenewal
            heading={heading}
            title={accountText('link.used')}
            message={stage.message ?? accountText('link.expired')}
            claimId={claimId}
          />
        );
      }
      return (
        <LinkProblem
          heading={heading}
          title={accountText('link.used')}
          message={accountText('link.expired')}
        />
      );
    case 'failed':
      return (
        <LinkProblem heading={heading} title={accountText('link.failed')} message={stage.message} />
      );
  }
}
