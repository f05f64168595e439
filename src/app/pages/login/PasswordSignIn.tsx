import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { signInToAccount, type SignInResult } from '../../../store/account';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectAuthUser } from '../../../store/slices/authSlice';
import { describeAuthError } from '../../ui/authErrorMessages';
import { ErrorSummary, useSubmitErrors, type SummaryError } from '../../ui/ErrorSummary';
import { EmailField, TextField } from '../../ui/TextField';
import { errorFor } from '../../ui/formErrors';
import { usePageTitle } from '../../usePageTitle';
import { paths } from '../../paths';
import type { EmailProps } from './EmailRequest';
import { noticeAfterSignIn, redirectAfterSignIn } from './redirectAfterSignIn';

/** Email and password sign-in; an anonymous claimant's answers move into the account. */
export function PasswordSignIn({
  redirect,
  email,
  setEmail,
  onForgotten,
  onLink,
}: EmailProps & { redirect: string | null; onForgotten: () => void; onLink: () => void }) {
  usePageTitle('Sign in');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector(selectAuthUser);
  const [password, setPassword] = useState('');
  const [errors, setErrors, failedSubmits] = useSubmitErrors();
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found: SummaryError[] = [];
    if (!email.trim()) found.push({ fieldId: 'email', message: 'Enter your email address' });
    if (!password) found.push({ fieldId: 'password', message: 'Enter your password' });
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
      <h1>Sign in</h1>
      {user && !user.isAnonymous ? (
        <p className="notice">
          You are signed in as {user.email}. <Link to={paths.yourClaims()}>See your claims</Link>,
          or sign in to a different account below.
        </p>
      ) : (
        <p>
          Sign in to see your claims and carry on where you left off. Anything you have answered
          without an account is moved into it.
        </p>
      )}
      <form noValidate onSubmit={onSubmit}>
        <EmailField id="email" value={email} error={errorFor(errors, 'email')} onValue={setEmail} />
        <TextField
          id="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={errorFor(errors, 'password')}
          onValue={setPassword}
        />
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <ul className="list">
        <li>
          <button type="button" className="link-button" onClick={onForgotten}>
            Forgotten your password?
          </button>
        </li>
        <li>
          <button type="button" className="link-button" onClick={onLink}>
            Email me a sign-in link
          </button>
        </li>
      </ul>
      <p>
        No account? You do not need one: <Link to={paths.home()}>start your claim</Link> and you can
        save it with a password later.
      </p>
    </div>
  );
}
