import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { signInToAccount, type SignInResult } from '../../../store/account/account';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectAuthUser } from '../../../store/slices/authSlice';
import { describeAuthError } from '../../ui/account/authErrorMessages';
import { ErrorSummary, useSubmitErrors, type SummaryError } from '../../ui/ErrorSummary';
import { EmailField, TextField } from '../../ui/fields/TextField';
import { errorFor } from '../../ui/account/formErrors';
import { usePageTitle } from '../../usePageTitle';
import { paths } from '../../paths';
import type { EmailProps } from './EmailRequest';
import { AccountSentence } from '../account/AccountSentence';
import { accountText } from '../account/accountText';
import { noticeAfterSignIn, redirectAfterSignIn } from './redirectAfterSignIn';

/** Email and password sign-in; an anonymous claimant's answers move into the account. */
export function PasswordSignIn({
  redirect,
  email,
  setEmail,
  onForgotten,
  onLink,
}: EmailProps & { redirect: string | null; onForgotten: () => void; onLink: () => void }) {
  usePageTitle(accountText('signIn.heading'));
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [errors, setErrors, failedSubmits] = useSubmitErrors();
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found: SummaryError[] = [];
    if (!email.trim())
      found.push({ fieldId: 'email', message: accountText('signIn.emailMissing') });
    if (!password)
      found.push({ fieldId: 'password', message: accountText('signIn.passwordMissing') });
    setErrors(found);
    if (found.length > 0) return;
    setSubmitting(true);
    let result: SignInResult;
    try {
      result = await dispatch(signInToAccount(email.trim(), password));
    } catch (error) {
      setErrors([{ fieldId: 'email', message: describeAuthError(error) }]);
      setSubmitting(false);
      return;
    }
    // Signed in: what follows is only where to go, never a sign-in error.
    navigate(redirectAfterSignIn(redirect, result), {
      replace: true,
      state: noticeAfterSignIn(redirect, result),
    });
  }

  return (
    <div className="narrow">
      <ErrorSummary errors={errors} focusKey={failedSubmits} />
      <h1>{accountText('signIn.heading')}</h1>
      <SignInIntro />
      <form noValidate onSubmit={onSubmit}>
        <EmailField id="email" value={email} error={errorFor(errors, 'email')} onValue={setEmail} />
        <TextField
          id="password"
          label={accountText('signIn.passwordLabel')}
          type="password"
          autoComplete="current-password"
          value={password}
          error={errorFor(errors, 'password')}
          onValue={setPassword}
        />
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? accountText('signIn.signingIn') : accountText('signIn.button')}
        </button>
      </form>
      <OtherWaysIn onForgotten={onForgotten} onLink={onLink} />
      <p>
        <AccountSentence
          message="signIn.noAccount"
          slots={{ startLink: <Link to={paths.home()}>{accountText('signIn.startLink')}</Link> }}
        />
      </p>
    </div>
  );
}

/** What the page says first: who is signed in already, or how signing in helps. */
function SignInIntro() {
  const user = useAppSelector(selectAuthUser);
  if (user && !user.isAnonymous) {
    return (
      <p className="notice">
        <AccountSentence
          message="signIn.signedInAs"
          values={{ email: user.email ?? '' }}
          slots={{
            claimsLink: <Link to={paths.yourClaims()}>{accountText('signIn.claimsLink')}</Link>,
          }}
        />
      </p>
    );
  }
  return <p>{accountText('signIn.intro')}</p>;
}

/** The ways in without this password: a reset email, or a sign-in link. */
function OtherWaysIn({ onForgotten, onLink }: { onForgotten: () => void; onLink: () => void }) {
  return (
    <ul className="list">
      <li>
        <button type="button" className="link-button" onClick={onForgotten}>
          {accountText('signIn.forgotten')}
        </button>
      </li>
      <li>
        <button type="button" className="link-button" onClick={onLink}>
          {accountText('signIn.emailLink')}
        </button>
      </li>
    </ul>
  );
}
