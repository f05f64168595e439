import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { POST_LOGIN_REDIRECT } from '../../../runtime/constants';
import type { LinkOutcome } from '../../../store/account/account';
import { usePageTitle } from '../../usePageTitle';
import { paths } from '../../paths';
import { signInNoticeOf } from './signInNotice';
import { pageUrl } from '../../form/pageUrl';
import { ClaimLinkRenewal } from './ClaimLinkRenewal';
import { LinkOpening } from './LinkOpening';
import type { LinkOpeningStage } from './useLinkOpening';
import { LinkProblem } from './LinkProblem';
import { redirectAfterSignIn } from './redirectAfterSignIn';
import { accountText } from '../account/accountText';

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
 * support's, or the link in an email about one claim, `&claim=<claimId>`), opened as
 * LinkOpening requires: the address typed where this browser did not ask for it, and a yes
 * before it changes who is signed in here. A confirm link opened where it was asked for
 * confirms and signs nobody in.
 */
export function LinkSignIn({ token, claimId }: { token: string; claimId: string | null }) {
  const navigate = useNavigate();
  const [confirmed, setConfirmed] = useState(false);
  if (confirmed) return <AddressConfirmed />;
  return (
    <LinkOpening
      token={token}
      onRedeemed={(outcome) => {
        if (outcome.purpose === 'confirm-email' && !outcome.signedIn) return setConfirmed(true);
        navigate(destinationOf(outcome), { replace: true, state: signInNoticeOf(outcome) });
      }}
      render={(stage) => <LinkStage stage={stage} claimId={claimId} />}
    />
  );
}

function AddressConfirmed() {
  const heading = useRef<HTMLHeadingElement>(null);
  usePageTitle(accountText('link.confirmed'));
  useEffect(() => heading.current?.focus(), []);
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
}

const TITLES = { working: 'link.working', used: 'link.used', failed: 'link.failed' } as const;

/** The stages this page words itself: working, a link that cannot be used, a failure. */
function LinkStage({
  stage,
  claimId,
}: {
  stage: Extract<LinkOpeningStage, { kind: 'working' | 'used' | 'failed' }>;
  claimId: string | null;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  usePageTitle(accountText(TITLES[stage.kind]));
  useEffect(() => {
    if (stage.kind !== 'working') heading.current?.focus();
  }, [stage.kind]);
  switch (stage.kind) {
    case 'working':
      return (
        <div className="narrow">
          <h1>{accountText('link.working')}</h1>
          <p aria-live="polite">{accountText('link.wait')}</p>
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
          message={stage.message ?? accountText('link.expired')}
        />
      );
    case 'failed':
      return (
        <LinkProblem heading={heading} title={accountText('link.failed')} message={stage.message} />
      );
  }
}
