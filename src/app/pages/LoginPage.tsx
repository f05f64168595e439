import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { describeAuthError, signInWithEmail } from '../../platform/authService';
import { POST_LOGIN_REDIRECT } from '../../runtime/constants';
import { ErrorSummary, type SummaryError } from '../form/ErrorSummary';
import { usePageTitle } from '../usePageTitle';
import { paths } from '../paths';

/** Only same-site paths are followed after sign-in, so a crafted link cannot send a claimant away. */
function safeRedirect(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : POST_LOGIN_REDIRECT;
}

export function LoginPage() {
  usePageTitle('Sign in');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<SummaryError[]>([]);
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
      await signInWithEmail(email.trim(), password);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (error) {
      setErrors([{ fieldId: 'email', message: describeAuthError(error) }]);
    } finally {
      setSubmitting(false);
    }
  }

  const errorFor = (id: string) => errors.find((e) => e.fieldId === id)?.message;
  return (
    <div className="narrow">
      <ErrorSummary errors={errors} />
      <h1>Sign in</h1>
      <p>Sign in to see your claims and carry on where you left off.</p>
      <form noValidate onSubmit={onSubmit}>
        <div className={`field${errorFor('email') ? ' field--error' : ''}`}>
          <label htmlFor="email">Email address</label>
          {errorFor('email') && (
            <p className="field__error" id="email-error">
              <span className="visually-hidden">Error:</span> {errorFor('email')}
            </p>
          )}
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            spellCheck={false}
            value={email}
            aria-describedby={errorFor('email') ? 'email-error' : undefined}
            aria-invalid={errorFor('email') ? true : undefined}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className={`field${errorFor('password') ? ' field--error' : ''}`}>
          <label htmlFor="password">Password</label>
          {errorFor('password') && (
            <p className="field__error" id="password-error">
              <span className="visually-hidden">Error:</span> {errorFor('password')}
            </p>
          )}
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            aria-describedby={errorFor('password') ? 'password-error' : undefined}
            aria-invalid={errorFor('password') ? true : undefined}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <p>
        No account? You do not need one:{' '}
        <Link to={paths.builtInStep('start')}>start your claim</Link> and you can save it with a
        password later.
      </p>
    </div>
  );
}
