import { useState, type FormEvent, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { renewClaimLink } from '../../../store/account/account';
import { useAppDispatch } from '../../../store/hooks';
import { paths } from '../../paths';
import { EmailSentPanel } from '../../ui/account/EmailSentPanel';
import { ErrorSummary, useSubmitErrors } from '../../ui/ErrorSummary';
import { checkEmail, errorFor } from '../../ui/account/formErrors';
import { EmailField } from '../../ui/fields/TextField';
import { describeSaveAndReturnError } from '../saveAndReturn/saveAndReturnErrors';
import { AccountSentence } from '../account/AccountSentence';
import { accountText } from '../account/accountText';

/**
 * A link from an email about one claim that ran out or was used: why, and a new one sent to
 * the address the claim holds, when the claimant types that address (it is not shown).
 */
export function ClaimLinkRenewal({
  heading,
  title,
  message,
  claimId,
}: {
  heading: RefObject<HTMLHeadingElement | null>;
  title: string;
  message: string;
  claimId: string;
}) {
  const dispatch = useAppDispatch();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [errors, setErrors, failedSubmits] = useSubmitErrors();

  async function onRenew(event: FormEvent) {
    event.preventDefault();
    const found = checkEmail(email);
    setErrors(found);
    if (found.length > 0) return;
    try {
      await dispatch(renewClaimLink(claimId, email.trim()));
      setSentTo(email.trim());
    } catch (error) {
      setErrors([{ fieldId: 'email', message: describeSaveAndReturnError(error) }]);
    }
  }

  if (sentTo) {
    return (
      <div className="narrow">
        <EmailSentPanel testId="claim-link-sent">
          <p>
            <AccountSentence message="renewal.sent" slots={{ email: <strong>{sentTo}</strong> }} />
          </p>
        </EmailSentPanel>
      </div>
    );
  }
  return (
    <div className="narrow">
      <ErrorSummary errors={errors} focusKey={failedSubmits} />
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <div className="notice notice--warning" role="alert">
        {message}
      </div>
      <p>{accountText('renewal.intro')}</p>
      <form noValidate onSubmit={(event) => void onRenew(event)}>
        <EmailField id="email" value={email} error={errorFor(errors, 'email')} onValue={setEmail} />
        <button type="submit" className="button">
          {accountText('renewal.button')}
        </button>
      </form>
      <p>
        <AccountSentence
          message="renewal.signInInstead"
          slots={{
            signInLink: <Link to={paths.login()}>{accountText('renewal.signInLink')}</Link>,
          }}
        />
      </p>
    </div>
  );
}
