import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { POST_LOGIN_REDIRECT } from '../../runtime/constants';
import {
  emailForSignInLink,
  isEmailSignInLink,
  sendEmailSignInLink,
  sendPasswordResetEmail,
  signInToAccount,
  signInWithEmailLink,
  signInWithSupportToken,
  type SignInResult,
} from '../../store/account';
import { describeAuthError } from '../ui/authErrorMessages';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectAuthStatus, selectAuthUser } from '../../store/slices/authSlice';
import { ErrorSummary, useSubmitErrors, type SummaryError } from '../ui/ErrorSummary';
import { usePageTitle } from '../usePageTitle';
import { paths } from '../paths';
import { signInNoticeOf } from './signInNotice';
import { safeRedirect } from '../routing/safeRedirect';
import { EmailField, TextField } from '../ui/TextField';
import { EmailSentPanel } from '../ui/EmailSentPanel';
import { checkEmail, errorFor } from '../ui/formErrors';

/**
 * Where to go after a sign-in: a page of the anonymous session's claim (its uid in the URL)
 * is now the account's, so the URL follows the claim.
 */
export function redirectAfterSignIn(redirect: string | null, result: SignInResult): string {
  // Two drafts in one funnel: the claimant sees both and chooses which to continue.
  if (result.merged && result.merged.choices.length > 0) return paths.yourClaims();
  const target = safeRedirect(redirect);
  const from = result.merged?.mergedUid;
  return from
    ? target.split(encodeURIComponent(from)).join(encodeURIComponent(result.user.uid))
    : target;
}

type Mode = 'password' | 'forgotten' | 'link';

/**
 * Sign in: email and password, a password-reset email, or an emailed sign-in link. Also
 * where links land: `?token=` (a custom token from support) and email sign-in links.
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const emailLink = isEmailSignInLink(window.location.href);
  if (token) return <TokenSignIn token={token} />;
  if (emailLink) return <EmailLinkSignIn redirect={params.get('redirect')} />;
  return <SignInForms redirect={params.get('redirect')} />;
}

/** `/login?token=<customToken>`: replaces the session, then goes to /form/start/ (spec). */
function TokenSignIn({ token }: { token: string }) {
  const dispatch = useAppDispatch();
  usePageTitle('Signing you in');
  const navigate = useNavigate();
  const authStatus = useAppSelector(selectAuthStatus);
  const started = useRef(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (authStatus !== 'initialised' || started.current) return;
    started.current = true;
    dispatch(signInWithSupportToken(token))
      .then(() => navigate(POST_LOGIN_REDIRECT, { replace: true }))
      .catch((failure: unknown) => setError(describeAuthError(failure)));
  }, [authStatus, token, navigate, dispatch]);

  if (!error) {
    return (
      <div className="narrow">
        <h1>Signing you in</h1>
        <p aria-live="polite">Please wait while we open your claim…</p>
      </div>
    );
  }
  return (
    <div className="narrow">
      <h1>We could not sign you in</h1>
      <div className="notice notice--warning" role="alert">
        {error}
      </div>
      <p>
        <Link to={paths.login()}>Sign in with your email address</Link> or{' '}
        <Link to={paths.builtInStep('start')}>start a claim</Link>.
      </p>
    </div>
  );
}

/** An emailed sign-in link: the address comes from this browser, or the claimant types it. */
function EmailLinkSignIn({ redirect }: { redirect: string | null }) {
  usePageTitle('Sign in with your email link');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const authStatus = useAppSelector(selectAuthStatus);
  const [stored] = useState(emailForSignInLink);
  const started = useRef(false);
  const confirmedEarly = useRef<string | null>(null);
  const [email, setEmail] = useState('');
  const [errors, setErrors, failedSubmits] = useSubmitErrors();
  const [working, setWorking] = useState(stored !== null);

  async function complete(address: string) {
    setWorking(true);
    try {
      const result = await dispatch(signInWithEmailLink(address, window.location.href));
      navigate(redirectAfterSignIn(redirect, result), {
        replace: true,
        state: signInNoticeOf(result),
      });
    } catch (error) {
      // The address was checked for its format here, so Auth refusing it means it is not the
      // one the link was sent to.
      const mismatch = (error as { code?: string } | null)?.code === 'auth/invalid-email';
      setErrors([
        {
          fieldId: 'email',
          message: mismatch
            ? 'Enter the email address the sign-in link was sent to'
            : describeAuthError(error),
        },
      ]);
      setWorking(false);
    }
  }

  useEffect(() => {
    if (authStatus !== 'initialised' || started.current) return;
    // An address confirmed before the session was ready (it starts after the page shows).
    const confirmed = confirmedEarly.current ?? (!stored ? null : stored);
    if (!confirmed) return;
    started.current = true;
    void complete(confirmed);
    // complete() is the same whenever it is first possible to run it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [authStatus]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = checkEmail(email);
    setErrors(found);
    if (found.length > 0) return;
    if (authStatus === 'initialised') void complete(email.trim());
    else confirmedEarly.current = email.trim();
  }

  if (working) {
    return (
      <div className="narrow">
        <h1>Signing you in</h1>
        <p aria-live="polite">Please wait…</p>
      </div>
    );
  }
  return (
    <div className="narrow">
      <ErrorSummary errors={errors} focusKey={failedSubmits} />
      <h1>Confirm your email address</h1>
      <p>
        You opened the sign-in link on a different device or browser. For your security, enter the
        email address you asked us to send it to.
      </p>
      <form noValidate onSubmit={onSubmit}>
        <EmailField id="email" value={email} error={errorFor(errors, 'email')} onValue={setEmail} />
        {/* Until the session is ready a press would do nothing: the button waits with it. */}
        <button type="submit" className="button" disabled={authStatus !== 'initialised'}>
          Sign in
        </button>
      </form>
    </div>
  );
}

function SignInForms({ redirect }: { redirect: string | null }) {
  const [mode, setMode] = useState<Mode>('password');
  const [email, setEmail] = useState('');
  const show = (next: Mode) => () => setMode(next);
  if (mode === 'forgotten') {
    return <ForgottenPassword email={email} setEmail={setEmail} back={show('password')} />;
  }
  if (mode === 'link') {
    return <EmailMeALink email={email} setEmail={setEmail} back={show('password')} />;
  }
  return (
    <PasswordSignIn
      redirect={redirect}
      email={email}
      setEmail={setEmail}
      onForgotten={show('forgotten')}
      onLink={show('link')}
    />
  );
}

interface EmailProps {
  email: string;
  setEmail: (value: string) => void;
}

function PasswordSignIn({
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
    try {
      const result = await dispatch(signInToAccount(email.trim(), password));
      navigate(redirectAfterSignIn(redirect, result), {
        replace: true,
        state: signInNoticeOf(result),
      });
    } catch (error) {
      setErrors([{ fieldId: 'email', message: describeAuthError(error) }]);
      setSubmitting(false);
    }
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
        No account? You do not need one:{' '}
        <Link to={paths.builtInStep('start')}>start your claim</Link> and you can save it with a
        password later.
      </p>
    </div>
  );
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
  usePageTitle(title);
  const [errors, setErrors, failedSubmits] = useSubmitErrors();
  const [sentTo, setSentTo] = useState<string | null>(null);
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

function ForgottenPassword(props: EmailProps & { back: () => void }) {
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

function EmailMeALink(props: EmailProps & { back: () => void }) {
  const dispatch = useAppDispatch();
  return (
    <EmailRequest
      {...props}
      title="Sign in with an email link"
      intro="We will email you a link that signs you in without a password. Open it in this browser."
      submitLabel="Email me a sign-in link"
      send={(email) => dispatch(sendEmailSignInLink(email))}
      confirmation={(email) =>
        `We have sent a sign-in link to ${email}. Open it on this device to sign in.`
      }
    />
  );
}
