import { useState, type FormEvent } from 'react';
import { sendEmailSignInLink, sendPasswordResetEmail } from '../../../store/account';
import { useAppDispatch } from '../../../store/hooks';
import { describeAuthError } from '../../ui/authErrorMessages';
import { ErrorSummary, useSubmitErrors } from '../../ui/ErrorSummary';
import { EmailSentPanel } from '../../ui/EmailSentPanel';
import { EmailField } from '../../ui/TextField';
import { checkEmail, errorFor } from '../../ui/formErrors';
import { usePageTitle } from '../../usePageTitle';

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
  usePageTitle(sentTo ? 'Check your email' : title);
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
        <p>If nothing arrives within a few minutes, check your spam folder.</p>
        <button type="button" className="link-button" onClick={back}>
          Back to sign in
        </button>
      </div>
    );
  }
  return (
    <div className="narrow">
      <button type="button" className="link-button back-link" onClick={back}>
        Back
      </button>
      <ErrorSummary errors={errors} focusKey={failedSubmits} />
      <h1>{title}</h1>
      <p>{intro}</p>
      <form noValidate onSubmit={onSubmit}>
        <EmailField id="email" value={email} error={errorFor(errors, 'email')} onValue={setEmail} />
        <button type="submit" className="button" disabled={sending}>
          {sending ? 'Sending…' : submitLabel}
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
      title="Reset your password"
      intro="Enter the email address of your account and we will email you a link to choose a new password."
      submitLabel="Send reset email"
      send={(email) => dispatch(sendPasswordResetEmail(email))}
      confirmation={(email) =>
        `If there is an account for ${email}, we have sent it an email with a link to reset your password. The link brings you back here to sign in.`
      }
    />
  );
}

export function EmailMeALink(props: EmailProps & { back: () => void }) {
  const dispatch = useAppDispatch();
  return (
    <EmailRequest
      {...props}
      title="Sign in with an email link"
      intro="We will email you a link that signs you in without a password. It works once, on any device."
      submitLabel="Email me a sign-in link"
      send={(email) => dispatch(sendEmailSignInLink(email))}
      confirmation={(email) =>
        `We have sent a sign-in link to ${email}. It works once, for an hour: open it on any device to sign in.`
      }
    />
  );
}
