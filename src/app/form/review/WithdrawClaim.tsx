import { useEffect, useRef, useState } from 'react';
import { useWithdrawClaimMutation } from '../../../store/gatewayApi';

/**
 * Withdraw a sent claim, and the letter of authority signed with it if any, after a clear
 * confirmation. An optional reason goes to the claim's history, for staff.
 */
export function WithdrawClaim({
  funnelId,
  claimId,
  claimNoun,
  hasLetter,
}: {
  funnelId: string;
  claimId: string;
  /** The funnel's word for a claim ("claim", "appeal"). */
  claimNoun: string;
  /** Whether a letter of authority was signed with it (else there is none to mention). */
  hasLetter: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const [withdraw, { isLoading, isError }] = useWithdrawClaimMutation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (confirming) heading.current?.focus();
  }, [confirming]);

  if (!confirming) {
    return (
      <>
        <h2>Withdraw your {claimNoun}</h2>
        <p>
          You can withdraw your {claimNoun} at any time. We will stop acting for you
          {hasLetter ? ', and the letter of authority you signed will no longer apply' : ''}.
        </p>
        <button
          type="button"
          className="button button--warning"
          onClick={() => setConfirming(true)}
        >
          Withdraw this {claimNoun}
        </button>
      </>
    );
  }
  return (
    <div className="notice notice--warning" data-testid="confirm-withdraw">
      <h2 ref={heading} tabIndex={-1}>
        Are you sure you want to withdraw this {claimNoun}?
      </h2>
      <p>
        We will stop working on it. You cannot undo this, but you can make a new {claimNoun} later.
      </p>
      <div className="field">
        <label className="field__label" htmlFor="withdraw-reason">
          Why are you withdrawing it? (optional)
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
          Sorry, we could not withdraw your {claimNoun}. Try again in a few minutes.
        </div>
      )}
      <div className="button-group">
        <button
          type="button"
          className="button button--warning"
          disabled={isLoading}
          onClick={() => void withdraw({ funnelId, claimId, ...(reason.trim() ? { reason } : {}) })}
        >
          Yes, withdraw my {claimNoun}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setConfirming(false)}
        >
          Keep my {claimNoun}
        </button>
      </div>
    </div>
  );
}
