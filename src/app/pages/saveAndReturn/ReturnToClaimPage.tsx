import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  continueSavedClaim,
  emailForSignInLink,
  isEmailSignInLink,
  renewSaveAndReturnLink,
  type SavedClaimOutcome,
} from '../../../store/account';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectAuthStatus } from '../../../store/slices/authSlice';
import { pageUrl } from '../../form/pageUrl';
import { paths } from '../../paths';
import { ErrorSummary, useSubmitErrors } from '../../ui/ErrorSummary';
import { EmailField } from '../../ui/TextField';
import { EmailSentPanel } from '../../ui/EmailSentPanel';
import { checkEmail, errorFor } from '../../ui/formErrors';
import { usePageTitle } from '../../usePageTitle';
import { signInNoticeOf } from '../signInNotice';
import { LinkValidity } from './LinkValidity';
import { describeSaveAndReturnError, isUsedOrExpiredLink } from './saveAndReturnErrors';

/** Where the claimant goes on: the page they stopped at, or their claims to choose from. */
function destinationOf(outcome: SavedClaimOutcome): string {
  const choosing = outcome.merged && outcome.merged.choices.length > 0;
  if (outcome.continueAt && !choosing) {
    return pageUrl(outcome.continueAt.funnelId, outcome.continueAt.pageId, outcome.user.uid);
  }
  return paths.yourClaims();
}

type Stage =
  | { kind: 'confirm-email' }
  | { kind: 'working' }
  | { kind: 'expired' }
  | { kind: 'renewed'; email: string }
  | { kind: 'failed'; message: string };

/**
 * Where a "save and come back later" link lands (`/return?request=<id>&oobCode=...`). In the
 * browser that asked for it the address is known; elsewhere the claimant types it, as
 * Firebase's email-link sign-in requires. A link that ran out can be renewed from here.
 */
export function ReturnToClaimPage() {
  const [params] = useSearchParams();
  const requestId = params.get('request') ?? '';
  const isLink = isEmailSignInLink(window.location.href) && requestId !== '';
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const authStatus = useAppSelector(selectAuthStatus);
  const [stored] = useState(emailForSignInLink);
  const [stage, setStage] = useState<Stage>(
    isLink
      ? stored
        ? { kind: 'working' }
        : { kind: 'confirm-email' }
      : {
          kind: 'failed',
          message: 'This link is not complete. Copy the whole link from the email.',
        },
  );
  const [email, setEmail] = useState('');
  const [errors, setErrors, failedSubmits] = useSubmitErrors();
  const started = useRef(false);
  const confirmedEarly = useRef<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  usePageTitle(
    stage.kind === 'confirm-email'
      ? 'Confirm your email address'
      : stage.kind === 'expired'
        ? 'This link has run out'
        : stage.kind === 'renewed'
          ? 'Check your email'
          : stage.kind === 'failed'
            ? 'We could not open your claim'
            : 'Opening your claim',
  );

  async function complete(address: string) {
    setStage({ kind: 'working' });
    try {
      const outcome = await dispatch(continueSavedClaim(requestId, address, window.location.href));
      navigate(destinationOf(outcome), { replace: true, state: signInNoticeOf(outcome) });
    } catch (error) {
      if (isUsedOrExpiredLink(error)) {
        setStage({ kind: 'expired' });
      } else if ((error as { code?: string } | null)?.code === 'auth/invalid-email') {
        // Auth checks the typed address against the one the link was sent to.
        setStage({ kind: 'confirm-email' });
        setErrors([{ fieldId: 'email', message: 'Enter the email address the link was sent to' }]);
      } else {
        setStage({ kind: 'failed', message: describeSaveAndReturnError(error) });
      }
    }
  }

  useEffect(() => {
    if (authStatus !== 'initialised' || started.current) return;
    // An address confirmed before the session was ready (it starts after the page shows).
    const confirmed = confirmedEarly.current ?? (!stored || !isLink ? null : stored);
    if (!confirmed) return;
    started.current = true;
    void complete(confirmed);
    // complete() is the same whenever it is first possible to run it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [authStatus]);

  useEffect(() => {
    if (stage.kind === 'expired' || stage.kind === 'failed') heading.current?.focus();
  }, [stage.kind]);

  function onConfirm(event: FormEvent) {
    event.preventDefault();
    const found = checkEmail(email);
    setErrors(found);
    if (found.length > 0) return;
    if (authStatus === 'initialised') {
      void complete(email.trim());
    } else {
      // The session starts after the page shows: the address waits for it (see the effect).
      confirmedEarly.current = email.trim();
      setStage({ kind: 'working' });
    }
  }

  async function onRenew(event: FormEvent) {
    event.preventDefault();
    const found = checkEmail(email);
    setErrors(found);
    if (found.length > 0 || authStatus !== 'initialised') return;
    try {
      await dispatch(renewSaveAndReturnLink(requestId, email.trim(), paths.returnToClaim));
      setStage({ kind: 'renewed', email: email.trim() });
    } catch (error) {
      setErrors([{ fieldId: 'email', message: describeSaveAndReturnError(error) }]);
    }
  }

  const emailField = (
    <EmailField id="email" value={email} error={errorFor(errors, 'email')} onValue={setEmail} />
  );

  switch (stage.kind) {
    case 'working':
      return (
        <div className="narrow">
          <h1>Opening your claim</h1>
          <p aria-live="polite">Please wait…</p>
        </div>
      );
    case 'confirm-email':
      return (
        <div className="narrow">
          <ErrorSummary errors={errors} focusKey={failedSubmits} />
          <h1>Confirm your email address</h1>
          <p>
            You opened the link on a different device or browser. For your security, enter the email
            address you asked us to send it to.
          </p>
          <form noValidate onSubmit={onConfirm}>
            {emailField}
            {/* Never disabled: Enter in the field submits even before the session is ready. */}
            <button type="submit" className="button">
              Continue my claim
            </button>
          </form>
        </div>
      );
    case 'expired':
      return (
        <div className="narrow">
          <ErrorSummary errors={errors} focusKey={failedSubmits} />
          <h1 ref={heading} tabIndex={-1}>
            This link has run out
          </h1>
          <p>
            The link has expired or has been used already. Your answers are still saved: enter the
            email address we sent it to and we will send you a new one.
          </p>
          <form noValidate onSubmit={onRenew}>
            {emailField}
            <button type="submit" className="button">
              Send me a new link
            </button>
          </form>
        </div>
      );
    case 'renewed':
      return (
        <div className="narrow">
          <EmailSentPanel testId="save-and-return-sent">
            <p>
              We have sent a new link to <strong>{stage.email}</strong>.
            </p>
          </EmailSentPanel>
          <LinkValidity />
        </div>
      );
    case 'failed':
      return (
        <div className="narrow">
          <h1 ref={heading} tabIndex={-1}>
            We could not open your claim
          </h1>
          <div className="notice notice--warning" role="alert">
            {stage.message}
          </div>
          <p>
            <Link to={paths.login()}>Sign in</Link> if you have an account, or{' '}
            <Link to={paths.builtInStep('start')}>start a claim</Link>.
          </p>
        </div>
      );
  }
}
