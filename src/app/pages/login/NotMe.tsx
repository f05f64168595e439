import { useEffect, useRef, useState, type FormEvent } from 'react';
import { refuseLink } from '../../../store/account/account';
import { useAppDispatch } from '../../../store/hooks';
import { ErrorSummary, useSubmitErrors } from '../../ui/ErrorSummary';
import { checkEmail, errorFor } from '../../ui/account/formErrors';
import { EmailField } from '../../ui/fields/TextField';
import { usePageTitle } from '../../usePageTitle';
import { describeSaveAndReturnError } from '../saveAndReturn/saveAndReturnErrors';
import { accountText } from '../account/accountText';

/**
 * `/login?link=<token>&notMe=1`, from a confirm-your-address email: whoever holds the address
 * says they did not make the account, typing the address to show it is theirs, and every way
 * into that account ends (its password and its sessions).
 */
export function NotMe({ token }: { token: string }) {
  const dispatch = useAppDispatch();
  const [email, setEmail] = useState('');
  const [done, setDone] = useState(false);
  const [errors, setErrors, failedSubmits] = useSubmitErrors();
  const heading = useRef<HTMLHeadingElement>(null);
  usePageTitle(accountText(done ? 'notMe.doneTitle' : 'notMe.title'));
  useEffect(() => {
    if (done) heading.current?.focus();
  }, [done]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = checkEmail(email);
    setErrors(found);
    if (found.length > 0) return;
    try {
      await dispatch(refuseLink(token, email.trim()));
      setDone(true);
    } catch (error) {
      setErrors([{ fieldId: 'email', message: describeSaveAndReturnError(error) }]);
    }
  }

  if (done) {
    return (
      <div className="narrow">
        <h1 ref={heading} tabIndex={-1}>
          {accountText('notMe.doneTitle')}
        </h1>
        <p>{accountText('notMe.doneBody')}</p>
      </div>
    );
  }
  return (
    <div className="narrow">
      <ErrorSummary errors={errors} focusKey={failedSubmits} />
      <h1 ref={heading} tabIndex={-1}>
        {accountText('notMe.title')}
      </h1>
      <p>{accountText('notMe.intro')}</p>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <EmailField id="email" value={email} error={errorFor(errors, 'email')} onValue={setEmail} />
        <button type="submit" className="button">
          {accountText('notMe.button')}
        </button>
      </form>
    </div>
  );
}
