import { useState, type FormEvent } from 'react';
import { sendEmailSignInLink, sendPasswordResetEmail } from '../../../store/account/account';
import { useAppDispatch } from '../../../store/hooks';
import { describeAuthError } from '../../ui/account/authErrorMessages';
import { ErrorSummary, useSubmitErrors } from '../../ui/ErrorSummary';
import { EmailSentPanel } from '../../ui/account/EmailSentPanel';
import { EmailField } from '../../ui/fields/TextField';
import { checkEmail, errorFor } from '../../ui/account/formErrors';
import { usePageTitle } from '../../usePageTitle';
import { accountText } from '../account/accountText';

export interface EmailProps {
  email: string;
  setEmail: (value: string) => void;
}

/** One email field and a confirmation panel: shared by the reset and sign-in-link forms. */
function EmailRequest({
  email,
  setEmail,
  back,
  title,
  intro,
  submitLabel,
  send,
  confirmation,
}: EmailProps & {
  back: () => void;
  title: string;
  intro: string;
  submitLabel: string;
  send: (email: string) => Promise<void>;
  confirmation: (email: string) => string;
}) {
  const [errors, setErrors, failedSubmits] = useSubmitErrors();
  const [sentTo, setSentTo] = useState<string | null>(null);
  // Once sent, the page says "Check your email" (its h1): the title follows.
  usePageTitle(sentTo ? accountText('emailRequest.sentTitle') : title);
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = checkEmail(email);
    setErrors(found);
    if (found.length > 0) return;
    setSending(true);
    try {
      await send(email.trim());
      setSentTo(email.trim());
    } catch (error) {
      setErrors([{ fieldId: 'email', message: describeAuthError(error) }]);
    } finally {
      setSending(false);
    }
  }

  if (sentTo) {
    return (
      <div className="narrow">
        <EmailSentPanel testId="email-sent">
          <p>{confirmation(sentTo)}</p>
        </EmailSentPanel>
        <p>{accountText('emailRequest.spam')}</p>
        <button type="button" className="link-button" onClick={back}>
          {accountText('emailRequest.backToSignIn')}
        </button>
      </div>
    );
  }
  return (
    <div className="narrow">
      <button type="button" className="link-button back-link" onClick={back}>
        {accountText('emailRequest.back')}
      </button>
      <ErrorSummary errors={errors} focusKey={failedSubmits} />
      <h1>{title}</h1>
      <p>{intro}</p>
      <form noValidate onSubmit={onSubmit}>
        <EmailField id="email" value={email} error={errorFor(errors, 'email')} onValue={setEmail} />
        <button type="submit" className="button" disabled={sending}>
          {sending ? accountText('emailRequest.sending') : submitLabel}
        </button>
      </form>
    </div>
  );
}

export function ForgottenPassword(props: EmailProps & { back: () => void }) {
  const dispatch = useAppDispatch();
  return (
    <EmailRequest
      {...props}
      title={accountText('reset.heading')}
      intro={accountText('reset.intro')}
      submitLabel={accountText('reset.button')}
      send={(email) => dispatch(sendPasswordResetEmail(email))}
      confirmation={(email) => accountText('reset.sent', { email })}
    />
  );
}

export function EmailMeALink(props: EmailProps & { back: () => void }) {
  const dispatch = useAppDispatch();
  return (
    <EmailRequest
      {...props}
      title={accountText('linkRequest.heading')}
      intro={accountText('linkRequest.intro')}
      submitLabel={accountText('linkRequest.button')}
      send={(email) => dispatch(sendEmailSignInLink(email))}
      confirmation={(email) => accountText('linkRequest.sent', { email })}
    />
  );
}
