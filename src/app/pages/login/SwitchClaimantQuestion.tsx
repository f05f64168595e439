import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { GatewayResponse } from '../../../runtime/contract';
import { pageUrl } from '../../form/pageUrl';
import { paths } from '../../paths';
import { AccountSentence } from '../account/AccountSentence';
import { accountText } from '../account/accountText';

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
        {accountText('switch.heading')}
      </h1>
      <p>{accountText(check.purpose === 'claim' ? 'switch.forClaim' : 'switch.forSupport')}</p>
      <ul className="list">
        {check.claimsInProgress.map((claim) => (
          <li key={claim.funnelId}>{claim.title}</li>
        ))}
      </ul>
      {check.inAccount ? (
        <p>{accountText('switch.inAccount')}</p>
      ) : (
        <p>
          <AccountSentence
            message="switch.notInAccount"
            slots={{
              saveLink: (
                <Link to={paths.saveAndReturn(first!.funnelId)}>
                  {accountText('switch.saveLink')}
                </Link>
              ),
            }}
          />
        </p>
      )}
      <div className="button-group">
        <Link to={stay} className="button" replace>
          {accountText('switch.stay')}
        </Link>
        {check.inAccount && (
          <button type="button" className="button button--secondary" onClick={onSwitch}>
            {accountText('switch.switch')}
          </button>
        )}
      </div>
    </div>
  );
}
