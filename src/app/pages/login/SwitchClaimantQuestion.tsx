import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { GatewayResponse } from '../../../runtime/contract';
import { pageUrl } from '../../form/pageUrl';
import { paths } from '../../paths';

type Check = GatewayResponse<'checkEmailLink'>;

/**
 * Asked before a support link (or the link in an email about another claimant's claim) replaces this browser's session while it holds another
 * claimant's claim in progress: a link someone was sent must never swap their claim out of
 * view unasked. Staying is the first choice. A claim not in an account could not be opened
 * again from this device after switching, so then the only way on is to save it first.
 */
export function SwitchClaimantQuestion({
  check,
  uid,
  onSwitch,
}: {
  check: Check;
  uid: string;
  onSwitch: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const [first] = check.claimsInProgress;
  const stay = first?.pageId ? pageUrl(first.funnelId, first.pageId, uid) : paths.yourClaims();
  return (
    <div className="narrow">
      <h1 ref={heading} tabIndex={-1}>
        This link is for a different claimant
      </h1>
      <p>
        {check.purpose === 'claim'
          ? 'It signs this browser in as the claimant whose claim it opens.'
          : 'It signs this browser in as the claimant our support team made it for.'}{' '}
        You have a claim in progress here:
      </p>
      <ul className="list">
        {check.claimsInProgress.map((claim) => (
          <li key={claim.funnelId}>{claim.title}</li>
        ))}
      </ul>
      {check.inAccount ? (
        <p>
          It is saved in your account: if you switch, sign in again to get back to it. If you did
          not expect this link, stay as you are.
        </p>
      ) : (
        <p>
          It is not in an account, so after switching this browser could not open it again. To keep
          it, first use{' '}
          <Link to={paths.saveAndReturn(first!.funnelId)}>Save and come back later</Link> to email
          yourself a link back to it, then open this link again. If you did not expect this link,
          stay as you are.
        </p>
      )}
      <div className="button-group">
        <Link to={stay} className="button" replace>
          Stay as I am and keep my claim
        </Link>
        {check.inAccount && (
          <button type="button" className="button button--secondary" onClick={onSwitch}>
            Switch to the other claimant
          </button>
        )}
      </div>
    </div>
  );
}
