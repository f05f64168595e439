import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  isAccountExistsError,
  registerAccount,
  signInToAccount,
  type RegisterWarning,
} from '../../../store/account/account';
import { describeAuthError } from '../../ui/account/authErrorMessages';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { ensureProfile } from '../../../store/account/profileCalls';
import { useKnownContact } from './useKnownContact';
import { selectAuthUser } from '../../../store/slices/authSlice';
import { selectProfileState } from '../../../store/slices/profileSlice';
import { ErrorSummary, useSubmitErrors, type SummaryError } from '../../ui/ErrorSummary';
import { paths } from '../../paths';
import { signInNoticeOf } from '../login/signInNotice';
import { usePageTitle } from '../../usePageTitle';
import { EmailField, TextField } from '../../ui/fields/TextField';
import { checkEmail, checkNewPassword, checkPhone, errorFor } from '../../ui/account/formErrors';
import { AccountSentence } from './AccountSentence';
import { accountText } from './accountText';

/** What the claimant typed on the form, each with its setter. */
interface RegisterFields {
  email: string;
  setEmail: (email: string) => void;
  phoneNumber: string;
  setPhoneNumber: (phoneNumber: string) => void;
  password: string;
  setPassword: (password: string) => void;
  confirmPassword: string;
  setConfirmPassword: (confirmPassword: string) => void;
}

/**
 * The form's fields and its submit: checks what was typed, makes the account and goes to the
 * claims with what to tell the claimant, or says what went wrong on the field it concerns.
 * An email that already has an account is kept in `existingEmail`, to sign in to it instead.
 */
function useRegistration() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [phoneNumber, setPhoneNumber] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors, failedSubmits] = useSubmitErrors();
  const [submitting, setSubmitting] = useState(false);
  const [existingEmail, setExistingEmail] = useState<string | null>(null);
  const fields: RegisterFields = {
    email,
    setEmail,
    phoneNumber,
    setPhoneNumber,
    password,
    setPassword,
    confirmPassword,
    setConfirmPassword,
  };

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
        state: { notice: registeredNotice(outcome, email.trim()) },
      });
    } catch (error) {
      setSubmitting(false);
      if (isAccountExistsError(error)) {
        setExistingEmail(error.email);
        return;
      }
      const message = describeAuthError(error);
      setErrors([{ fieldId: fieldOfAuthMessage(message), message }]);
    }
  }

  return { fields, errors, failedSubmits, submitting, onSubmit, existingEmail, setExistingEmail };
}

/**
 * "Save your progress": an anonymous claimant chooses a password and becomes a registered
 * user with the same uid, so every answer stays theirs. When the email already has an
 * account, they sign in to it instead and their answers move there.
 */
export function RegisterPage() {
  usePageTitle(accountText('register.pageTitle'));
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const user = useAppSelector(selectAuthUser);
  const profileState = useAppSelector(selectProfileState);
  const registration = useRegistration();
  const { fields, errors, failedSubmits, existingEmail, setExistingEmail } = registration;
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
    if (!fields.email) fields.setEmail(known.email);
    if (!fields.phoneNumber) fields.setPhoneNumber(known.phoneNumber);
  }

  if (!user) return <p aria-live="polite">{accountText('register.starting')}</p>;
  if (!user.isAnonymous) return <RegisteredAlready email={user.email} />;
  if (existingEmail) {
    return <SignInAndMerge email={existingEmail} back={() => setExistingEmail(null)} />;
  }

  return (
    <div className="narrow">
      <ErrorSummary errors={errors} focusKey={failedSubmits} />
      <h1>{accountText('register.heading')}</h1>
      <p>{accountText('register.intro')}</p>
      <RegisterForm
        fields={fields}
        errors={errors}
        submitting={registration.submitting}
        onSubmit={registration.onSubmit}
      />
      <p>
        <AccountSentence
          message="register.signInInstead"
          slots={{
            signInLink: (
              <Link to={paths.login(params.get('redirect') ?? undefined)}>
                {accountText('register.signInLink')}
              </Link>
            ),
          }}
        />
      </p>
    </div>
  );
}

/** Someone already signed in to an account: nothing to make, only their claims to go to. */
function RegisteredAlready({ email }: { email: string | null | undefined }) {
  return (
    <div className="narrow">
      <h1>{accountText('register.registeredHeading')}</h1>
      <p>
        {accountText('register.signedInAs', {
          email: email ?? accountText('register.someone'),
        })}
      </p>
      <Link className="button" to={paths.yourClaims()}>
        {accountText('register.claimsLink')}
      </Link>
    </div>
  );
}

/** The register form itself: email, mobile, a new password twice, and the button. */
function RegisterForm({
  fields,
  errors,
  submitting,
  onSubmit,
}: {
  fields: RegisterFields;
  errors: SummaryError[];
  submitting: boolean;
  onSubmit: (event: FormEvent) => Promise<void>;
}) {
  return (
    <form noValidate onSubmit={onSubmit}>
      <EmailField
        id="email"
        value={fields.email}
        error={errorFor(errors, 'email')}
        onValue={fields.setEmail}
      />
      <TextField
        id="phoneNumber"
        label={accountText('register.phoneLabel')}
        hint={accountText('register.phoneHint')}
        type="tel"
        autoComplete="tel"
        value={fields.phoneNumber}
        error={errorFor(errors, 'phoneNumber')}
        onValue={fields.setPhoneNumber}
      />
      <TextField
        id="password"
        label={accountText('register.passwordLabel')}
        hint={accountText('register.passwordHint')}
        type="password"
        autoComplete="new-password"
        value={fields.password}
        error={errorFor(errors, 'password')}
        onValue={fields.setPassword}
      />
      <TextField
        id="confirmPassword"
        label={accountText('register.confirmLabel')}
        type="password"
        autoComplete="new-password"
        value={fields.confirmPassword}
        error={errorFor(errors, 'confirmPassword')}
        onValue={fields.setConfirmPassword}
      />
      <button type="submit" className="button" disabled={submitting}>
        {submitting ? accountText('register.creating') : accountText('register.button')}
      </button>
    </form>
  );
}

/** The email already has an account: sign in to it and bring this session's answers along. */
function SignInAndMerge({ email, back }: { email: string; back: () => void }) {
  usePageTitle(accountText('merge.heading'));
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [errors, setErrors, failedSubmits] = useSubmitErrors();
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setErrors([{ fieldId: 'existingPassword', message: accountText('merge.passwordMissing') }]);
      return;
    }
    setErrors([]);
    setSubmitting(true);
    try {
      const result = await dispatch(signInToAccount(email, password));
      navigate(paths.yourClaims(), {
        replace: true,
        state: signInNoticeOf(result) ?? {
          notice: accountText('merge.signedIn'),
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
      <h1>{accountText('merge.heading')}</h1>
      <div className="notice">
        <p>
          <AccountSentence message="merge.body" slots={{ email: <strong>{email}</strong> }} />
        </p>
      </div>
      <form noValidate onSubmit={onSubmit}>
        <TextField
          id="existingPassword"
          label={accountText('merge.passwordLabel')}
          type="password"
          autoComplete="current-password"
          value={password}
          error={errorFor(errors, 'existingPassword')}
          onValue={setPassword}
        />
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? accountText('merge.signingIn') : accountText('merge.button')}
        </button>
      </form>
      <ul className="list">
        <li>
          <Link to={paths.login()}>{accountText('merge.forgottenLink')}</Link>
        </li>
        <li>
          <button type="button" className="link-button" onClick={back}>
            {accountText('merge.otherEmail')}
          </button>
        </li>
      </ul>
    </div>
  );
}

/** What the claimant is told when the account was made but a later step was not. */
function registerWarningText(warning: RegisterWarning): string {
  switch (warning.step) {
    case 'detailsNotSaved':
      return accountText('register.detailsNotSaved');
    case 'mobileNotAdded':
      return accountText('register.mobileNotAdded', { reason: warning.reason });
    case 'confirmationNotSent':
      return accountText('register.confirmationNotSent');
  }
}

/** What the claimant is told on their claims once the account is made. */
function registeredNotice(
  outcome: { warning: RegisterWarning | null; confirmationSent: boolean },
  email: string,
): string {
  return (
    (outcome.warning && registerWarningText(outcome.warning)) ??
    (outcome.confirmationSent
      ? accountText('register.readyConfirm', { email })
      : accountText('register.ready'))
  );
}

/** The field an error from making the account concerns, by what its message speaks of. */
function fieldOfAuthMessage(message: string): string {
  if (/password/i.test(message)) return 'password';
  return /mobile/i.test(message) ? 'phoneNumber' : 'email';
}
