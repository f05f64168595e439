import { useState } from 'react';
import { requestEmailConfirmation } from '../../../store/account/account';
import { useAppDispatch } from '../../../store/hooks';
import { describeAuthError } from '../../ui/account/authErrorMessages';
import { accountText } from './accountText';

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
          ? accountText('confirmEmail.already', { email })
          : accountText('confirmEmail.sent', { email }),
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
      <h2 id="confirm-email">{accountText('confirmEmail.heading')}</h2>
      <p>{accountText('confirmEmail.intro')}</p>
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
        {sending ? accountText('confirmEmail.sending') : accountText('confirmEmail.button')}
      </button>
    </section>
  );
}
