import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { emptyProfile, selectProfileState } from '../../../store/slices/profileSlice';
import { describeAuthError } from '../../ui/account/authErrorMessages';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { changeEmailAddress, setAccountPassword } from '../../../store/account/account';
import { ConfirmEmail } from './ConfirmEmail';
import { ensureProfile, saveProfile } from '../../../store/account/profileCalls';
import { selectAuthUser } from '../../../store/slices/authSlice';
import { ErrorSummary, useSubmitErrors } from '../../ui/ErrorSummary';
import { paths } from '../../paths';
import { usePageTitle } from '../../usePageTitle';
import { EmailField, TextField } from '../../ui/fields/TextField';
import { checkEmail, checkNewPassword, errorFor } from '../../ui/account/formErrors';
import { SignOutButton } from './YourClaimsPage';
import { YourData } from './YourData';
import { DataWithoutAccount } from './DataWithoutAccount';
import { accountText } from './accountText';

/**
 * `/account`. A registered claimant's details: change email, set a password, their data,
 * sign out. A session without an account (anonymous, or opened by a claim's link) is not
 * sent to sign in: its page is the claimant's rights over what they gave (DataWithoutAccount).
 */
export function AccountPage() {
  const user = useAppSelector(selectAuthUser);
  // Until the session is known the page names neither: it may have no account.
  usePageTitle(
    user ? accountText(user.isAnonymous ? 'noAccount.heading' : 'account.heading') : null,
  );
  if (!user) return <p aria-live="polite">{accountText('account.loading')}</p>;
  if (user.isAnonymous) return <DataWithoutAccount uid={user.uid} />;
  return <AccountDetails />;
}

function AccountDetails() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectAuthUser);
  const profileState = useAppSelector(selectProfileState);
  const uid = user?.uid;
  useEffect(() => {
    if (uid) void dispatch(ensureProfile(uid));
  }, [dispatch, uid]);
  if (!user || !uid) return <p aria-live="polite">{accountText('account.loading')}</p>;
  const profile = profileState.uid === uid ? profileState.profile : null;
  // The name a funnel's name role gave (one field or several), else the profile's own fields.
  const name = profile
    ? profile.name?.trim() || `${profile.firstName} ${profile.lastName}`.trim()
    : '';

  return (
    <div className="narrow">
      <h1>{accountText('account.heading')}</h1>
      <dl className="summary-list">
        <div className="summary-list__row">
          <dt>{accountText('account.name')}</dt>
          <dd>{name || accountText('account.notGiven')}</dd>
        </div>
        <div className="summary-list__row">
          <dt>{accountText('account.email')}</dt>
          <dd data-testid="account-email">{user.email}</dd>
        </div>
        <div className="summary-list__row">
          <dt>{accountText('account.mobile')}</dt>
          <dd>{profile?.phoneNumber || user.phoneNumber || accountText('account.notGiven')}</dd>
        </div>
      </dl>
      <p>
        <Link to={paths.yourClaims()}>{accountText('account.claimsLink')}</Link>
      </p>
      <ChangeEmail
        onChanged={async (email) => {
          const current = { ...emptyProfile(uid), ...profile };
          await dispatch(
            saveProfile(uid, {
              firstName: current.firstName,
              lastName: current.lastName,
              email,
              phoneNumber: current.phoneNumber,
            }),
          );
        }}
      />
      <ConfirmEmail />
      <ChoosePassword />
      <YourData />
      <SignOutButton />
    </div>
  );
}

function ChangeEmail({ onChanged }: { onChanged: (email: string) => Promise<void> }) {
  const dispatch = useAppDispatch();
  const [email, setEmail] = useState('');
  const [errors, setErrors, failedSubmits] = useSubmitErrors();
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = checkEmail(email, 'newEmail');
    setErrors(found);
    setDone(null);
    if (found.length > 0) return;
    setBusy(true);
    try {
      const outcome = await dispatch(changeEmailAddress(email.trim()));
      if (outcome === 'updated') {
        await onChanged(email.trim());
        setDone(accountText('changeEmail.changed'));
      } else {
        setDone(accountText('changeEmail.linkSent', { email: email.trim() }));
      }
      setEmail('');
    } catch (error) {
      setErrors([{ fieldId: 'newEmail', message: describeAuthError(error) }]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="change-email">
      <h2 id="change-email">{accountText('changeEmail.heading')}</h2>
      <ErrorSummary errors={errors} focusKey={failedSubmits} />
      {done && (
        <p className="notice notice--success" role="status">
          {done}
        </p>
      )}
      <form noValidate onSubmit={onSubmit}>
        <EmailField
          id="newEmail"
          label={accountText('changeEmail.label')}
          value={email}
          error={errorFor(errors, 'newEmail')}
          onValue={setEmail}
        />
        <button type="submit" className="button button--secondary" disabled={busy}>
          {accountText('changeEmail.button')}
        </button>
      </form>
    </section>
  );
}

/** Sets a password: how a claimant who signs in by email link gets one. */
function ChoosePassword() {
  const dispatch = useAppDispatch();
  const [password, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors, failedSubmits] = useSubmitErrors();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const ids = { password: 'newPassword', confirm: 'confirmNewPassword' };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = checkNewPassword(password, confirm, ids);
    setErrors(found);
    setDone(false);
    if (found.length > 0) return;
    setBusy(true);
    try {
      await dispatch(setAccountPassword(password));
      setDone(true);
      setNewPassword('');
      setConfirm('');
    } catch (error) {
      setErrors([{ fieldId: ids.password, message: describeAuthError(error) }]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="choose-password">
      <h2 id="choose-password">{accountText('password.heading')}</h2>
      <p>{accountText('password.intro')}</p>
      <ErrorSummary errors={errors} focusKey={failedSubmits} />
      {done && (
        <p className="notice notice--success" role="status">
          {accountText('password.set')}
        </p>
      )}
      <form noValidate onSubmit={onSubmit}>
        <TextField
          id={ids.password}
          label={accountText('password.newLabel')}
          hint={accountText('password.hint')}
          type="password"
          autoComplete="new-password"
          value={password}
          error={errorFor(errors, ids.password)}
          onValue={setNewPassword}
        />
        <TextField
          id={ids.confirm}
          label={accountText('password.confirmLabel')}
          type="password"
          autoComplete="new-password"
          value={confirm}
          error={errorFor(errors, ids.confirm)}
          onValue={setConfirm}
        />
        <button type="submit" className="button button--secondary" disabled={busy}>
          {accountText('password.button')}
        </button>
      </form>
    </section>
  );
}
