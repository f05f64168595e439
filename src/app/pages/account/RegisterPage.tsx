import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isAccountExistsError, registerAccount, signInToAccount } from '../../../store/account';
import { describeAuthError } from '../../ui/authErrorMessages';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { ensureProfile } from '../../../store/profileSync';
import { useKnownContact } from './useKnownContact';
import { selectAuthUser } from '../../../store/slices/authSlice';
import { selectProfileState } from '../../../store/slices/profileSlice';
import { ErrorSummary, useSubmitErrors } from '../../ui/ErrorSummary';
import { paths } from '../../paths';
import { signInNoticeOf } from '../login/signInNotice';
import { usePageTitle } from '../../usePageTitle';
import { EmailField, TextField } from '../../ui/TextField';
import { checkEmail, checkNewPassword, checkPhone, errorFor } from '../../ui/formErrors';

/**
 * "Save your progress": an anonymous claimant chooses a password and becomes a registered
 * user with the same uid, so every answer stays theirs. When the email already has an
 * account, they sign in to it instead and their answers move there.
 */
export function RegisterPage() {
  usePageTitle('Create an account');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const user = useAppSelector(selectAuthUser);
  const profileState = useAppSelector(selectProfileState);
  const [email, setEmail] = useState('');
  const [phoneNumber, setPhoneNumber] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors, failedSubmits] = useSubmitErrors();
  const [submitting, setSubmitting] = useState(false);
  const [existingEmail, setExistingEmail] = useState<string | null>(null);
  const [prefilled, setPrefilled] = useState(false);

  const uid = user?.uid;
  useEffect(() => {
    if (uid && user?.isAnonymous) void dispatch(ensureProfile(uid));
  }, [dispatch, uid, user?.isAnonymous]);

  // The contact details already given (the funnels' email and phone roles) are offered once
  // the profile is here.
  const known = useKnownContact();
  const profile = profileState.uid === uid ? profileState.profile : null;
  if (!prefilled && profile && profileState.status !== 'loading') {
    setPrefilled(true);
    if (!email) setEmail(known.email);
    if (!phoneNumber) setPhoneNumber(known.phoneNumber);
  }

  if (!user) return <p aria-live="polite">Starting your session…</p>;
  if (!user.isAnonymous) {
    return (
      <div className="narrow">
        <h1>You already have an account</h1>
        <p>
          You are signed in as {user.email ?? 'a registered user'}. Your answers are saved in it.
        </p>
        <Link className="button" to={paths.yourClaims()}>
          See your claims
        </Link>
      </div>
    );
  }
  if (existingEmail) {
    return <SignInAndMerge email={existingEmail} back={() => setExistingEmail(null)} />;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = [
      ...checkEmail(email),
      ...checkPhone(phoneNumber),
      ...checkNewPassword(password, confirmPassword),
    ];
    setErrors(found);
    if (found.length > 0) return;
    setSubmitting(true);
    try {
      const outcome = await dispatch(
        registerAccount({ email: email.trim(), phoneNumber: phoneNumber.trim(), password }),
      );
      navigate(paths.yourClaims(), {
        replace: true,
        state: {
          notice:
            outcome.warning ??
            (outcome.confirmationSent
              ? `Your account is ready. Everything you have answered is saved in it. We have sent a link to ${email.trim()}: open it to confirm the address is yours.`
              : 'Your account is ready. Everything you have answered is saved in it.'),
        },
      });
    } catch (error) {
      setSubmitting(false);
      if (isAccountExistsError(error)) {
        setExistingEmail(error.email);
        return;
      }
      const message = describeAuthError(error);
      const field = /password/i.test(message)
        ? 'password'
        : /mobile/i.test(message)
          ? 'phoneNumber'
          : 'email';
      setErrors([{ fieldId: field, message }]);
    }
  }

  return (
    <div className="narrow">
      <ErrorSummary errors={errors} focusKey={failedSubmits} />
      <h1>Save your progress: create an account</h1>
      <p>
        Choose a password to keep your claim safe. You can then sign in on any device and carry on
        where you left off. Nothing you have answered is lost.
      </p>
      <form noValidate onSubmit={onSubmit}>
        <EmailField id="email" value={email} error={errorFor(errors, 'email')} onValue={setEmail} />
        <TextField
          id="phoneNumber"
          label="UK mobile number"
          hint="For example, 07700 900 982."
          type="tel"
          autoComplete="tel"
          value={phoneNumber}
          error={errorFor(errors, 'phoneNumber')}
          onValue={setPhoneNumber}
        />
        <TextField
          id="password"
          label="Create a password"
          hint="Use at least 8 characters."
          type="password"
          autoComplete="new-password"
          value={password}
          error={errorFor(errors, 'password')}
          onValue={setPassword}
        />
        <TextField
          id="confirmPassword"
          label="Confirm your password"
          type="password"
          autoComplete="new-password"
          value={confirmPassword}
          error={errorFor(errors, 'confirmPassword')}
          onValue={setConfirmPassword}
        />
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? 'Creating your account…' : 'Create account'}
        </button>
      </form>
      <p>
        Already have an account?{' '}
        <Link to={paths.login(params.get('redirect') ?? undefined)}>Sign in</Link>: your answers
        move into it.
      </p>
    </div>
  );
}

/** The email already has an account: sign in to it and bring this session's answers along. */
function SignInAndMerge({ email, back }: { email: string; back: () => void }) {
  usePageTitle('You already have an account');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [errors, setErrors, failedSubmits] = useSubmitErrors();
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setErrors([{ fieldId: 'existingPassword', message: 'Enter your password' }]);
      return;
    }
    setErrors([]);
    setSubmitting(true);
    try {
      const result = await dispatch(signInToAccount(email, password));
      navigate(paths.yourClaims(), {
        replace: true,
        state: signInNoticeOf(result) ?? {
          notice:
            'You are signed in. The answers you gave before signing in are now saved in your account.',
        },
      });
    } catch (error) {
      setErrors([{ fieldId: 'existingPassword', message: describeAuthError(error) }]);
      setSubmitting(false);
    }
  }

  return (
    <div className="narrow">
      <ErrorSummary errors={errors} focusKey={failedSubmits} />
      <h1>You already have an account</h1>
      <div className="notice">
        <p>
          There is already an account for <strong>{email}</strong>. Sign in to it and we will move
          the answers you have given into that account, so nothing is lost.
        </p>
      </div>
      <form noValidate onSubmit={onSubmit}>
        <TextField
          id="existingPassword"
          label="Password for this account"
          type="password"
          autoComplete="current-password"
          value={password}
          error={errorFor(errors, 'existingPassword')}
          onValue={setPassword}
        />
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? 'Signing in…' : 'Sign in and keep my answers'}
        </button>
      </form>
      <ul className="list">
        <li>
          <Link to={paths.login()}>Forgotten your password? Reset it or get a sign-in link</Link>
        </li>
        <li>
          <button type="button" className="link-button" onClick={back}>
            Use a different email address
          </button>
        </li>
      </ul>
    </div>
  );
}
