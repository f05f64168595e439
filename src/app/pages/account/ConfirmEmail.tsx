import { useState } from 'react';
import { requestEmailConfirmation } from '../../../store/account';
import { useAppDispatch } from '../../../store/hooks';
import { describeAuthError } from '../../ui/authErrorMessages';

/**
 * Asks for the confirm-your-address email: until the address is confirmed, nothing the
 * claimant starts without signing in can be moved into the account.
 */
export function ConfirmEmail() {
  const dispatch = useAppDispatch();
  const [said, setSaid] = useState<{ text: string; problem: boolean } | null>(null);
  const [sending, setSending] = useState(false);

  async function onSend() {
    setSending(true);
    try {
      const { alreadyConfirmed, email } = await dispatch(requestEmailConfirmation());
      setSaid({
        text: alreadyConfirmed
          ? `${email} is confirmed already.`
          : `We have sent a link to ${email}. Open it to confirm the address is yours.`,
        problem: false,
      });
    } catch (error) {
      setSaid({ text: describeAuthError(error), problem: true });
    } finally {
      setSending(false);
    }
  }

  return (
    <section aria-labelledby="confirm-email">
      <h2 id="confirm-email">Confirm your email address</h2>
      <p>
        Until your address is confirmed, anything you start without signing in cannot be moved into
        your account.
      </p>
      {said && (
        <p
          className={said.problem ? 'notice notice--warning' : 'notice'}
          role={said.problem ? 'alert' : 'status'}
        >
          {said.text}
        </p>
      )}
      <button
        type="button"
        className="button button--secondary"
        disabled={sending}
        onClick={() => void onSend()}
      >
        {sending ? 'Sending…' : 'Send me a link to confirm it'}
      </button>
    </section>
  );
}
