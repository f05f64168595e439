import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { consentChosen, selectAnalyticsConsent } from '../../../store/slices/consentSlice';
import { usePageTitle } from '../../usePageTitle';

/**
 * What this service keeps in the browser and why, and the analytics choice as a form
 * (GOV.UK cookies page pattern), so consent can be given or withdrawn at any time.
 */
export function CookiesPage() {
  usePageTitle('Cookies');
  const dispatch = useAppDispatch();
  const consent = useAppSelector(selectAnalyticsConsent);
  const [choice, setChoice] = useState<'yes' | 'no' | null>(
    consent === 'unset' ? null : consent === 'granted' ? 'yes' : 'no',
  );
  const [saved, setSaved] = useState(false);
  const [missing, setMissing] = useState(false);
  const noticeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (saved || missing) noticeRef.current?.focus();
  }, [saved, missing]);

  function save(event: FormEvent) {
    event.preventDefault();
    if (!choice) {
      setSaved(false);
      setMissing(true);
      return;
    }
    dispatch(consentChosen({ analytics: choice === 'yes' }));
    setMissing(false);
    setSaved(true);
  }

  return (
    <div className="narrow">
      {saved && (
        <div className="notice notice--success" role="status" tabIndex={-1} ref={noticeRef}>
          <h2>You’ve set your cookie preferences.</h2>
        </div>
      )}
      {missing && (
        <div className="error-summary" role="alert" tabIndex={-1} ref={noticeRef}>
          <h2 className="error-summary__title">There is a problem</h2>
          <ul className="error-summary__list">
            <li>
              <a href="#analytics-yes">Select yes if you want to accept analytics cookies</a>
            </li>
          </ul>
        </div>
      )}
      <h1>Cookies</h1>
      <p>
        Cookies are small files saved on your phone, tablet or computer when you visit a website.
        This service also keeps some information in your browser’s storage, which works in the same
        way.
      </p>

      <h2>Essential cookies</h2>
      <p>These make the service work. We do not need to ask to use them.</p>
      <table className="cookie-table">
        <caption className="visually-hidden">Essential storage we use</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Purpose</th>
            <th scope="col">Expires</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>Sign-in session</td>
            <td>Keeps you signed in, including the anonymous session your claim starts with</td>
            <td>When you sign out</td>
          </tr>
          <tr>
            <td>claimDraft:…</td>
            <td>Keeps your answers on this device so nothing is lost if the connection drops</td>
            <td>When your claim is sent</td>
          </tr>
          <tr>
            <td>referral_…</td>
            <td>Remembers the link or advert that brought you here, to attach to your claim</td>
            <td>When you arrive through another link</td>
          </tr>
          <tr>
            <td>cookieConsent</td>
            <td>Saves your cookie settings</td>
            <td>When you change them</td>
          </tr>
        </tbody>
      </table>

      <h2>Analytics cookies (optional)</h2>
      <p>
        With your permission, we use Google Analytics to count which steps of a claim people view
        and complete and where they meet a problem. We record the names of questions that had an
        error, never your answers.
      </p>
      <table className="cookie-table">
        <caption className="visually-hidden">Analytics cookies we use</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Purpose</th>
            <th scope="col">Expires</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>_ga, _ga_…</td>
            <td>Tells visits apart, so we can count how people use the service</td>
            <td>2 years</td>
          </tr>
        </tbody>
      </table>

      <h2 id="cookie-settings">Change your cookie settings</h2>
      <form onSubmit={save} noValidate>
        <div className={missing ? 'field field--error' : 'field'}>
          <fieldset>
            <legend>Do you want to accept analytics cookies?</legend>
            {missing && (
              <p className="field__error" id="analytics-error">
                Select yes if you want to accept analytics cookies
              </p>
            )}
            <div className="choice">
              <input
                type="radio"
                id="analytics-yes"
                name="analytics"
                value="yes"
                checked={choice === 'yes'}
                onChange={() => setChoice('yes')}
                aria-describedby={missing ? 'analytics-error' : undefined}
              />
              <label htmlFor="analytics-yes">Yes</label>
            </div>
            <div className="choice">
              <input
                type="radio"
                id="analytics-no"
                name="analytics"
                value="no"
                checked={choice === 'no'}
                onChange={() => setChoice('no')}
              />
              <label htmlFor="analytics-no">No</label>
            </div>
          </fieldset>
        </div>
        <button type="submit" className="button">
          Save cookie settings
        </button>
      </form>
    </div>
  );
}
