import { useEffect, useRef, useState } from 'react';
import { gatewayApi } from '../../../store/gatewayApi';
import { claimPagesText } from '../claimPagesText';

/**
 * Withdraw a sent claim, and the letter of authority signed with it if any, after a clear
 * confirmation. An optional reason goes to the claim's history, for staff.
 */
export function WithdrawClaim({
  funnelId,
  claimId,
  claimNoun,
  endsAuthority,
}: {
  funnelId: string;
  claimId: string;
  /** The funnel's word for a claim ("claim", "appeal"). */
  claimNoun: string;
  /**
   * Whether a letter of authority was signed with it: withdrawing then ends the authority to
   * act for the claimant (a declaration, or nothing signed, authorises nobody).
   */
  endsAuthority: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const say = (key: Parameters<typeof claimPagesText>[0]) => claimPagesText(key, { claimNoun });
  const [reason, setReason] = useState('');
  const [withdraw, { isLoading, isError }] = gatewayApi.useWithdrawClaimMutation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (confirming) heading.current?.focus();
  }, [confirming]);

  if (!confirming) {
    return (
      <>
        <h2>{say('withdraw.heading')}</h2>
        <p>{say(endsAuthority ? 'withdraw.introWithLetter' : 'withdraw.intro')}</p>
        <button
          type="button"
          className="button button--warning"
          onClick={() => setConfirming(true)}
        >
          {say('withdraw.button')}
        </button>
      </>
    );
  }
  return (
    <div className="notice notice--warning" data-testid="confirm-withdraw">
      <h2 ref={heading} tabIndex={-1}>
        {say('withdraw.confirmHeading')}
      </h2>
      <p>{say('withdraw.confirmBody')}</p>
      <div className="field">
        <label className="field__label" htmlFor="withdraw-reason">
          {say('withdraw.reason')}
        </label>
        <textarea
          id="withdraw-reason"
          className="field__input"
          rows={3}
          maxLength={1000}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      {isError && (
        <div className="notice notice--warning" role="alert">
          {say('withdraw.failed')}
        </div>
      )}
      <div className="button-group">
        <button
          type="button"
          className="button button--warning"
          disabled={isLoading}
          onClick={() => void withdraw({ funnelId, claimId, ...(reason.trim() ? { reason } : {}) })}
        >
          {say('withdraw.confirm')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setConfirming(false)}
        >
          {say('withdraw.keep')}
        </button>
      </div>
    </div>
  );
}
