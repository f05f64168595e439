import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { consentChosen, selectAnalyticsConsent } from '../../../store/slices/consentSlice';
import { usePageTitle } from '../../usePageTitle';
import { pagesText } from './pagesText';

/**
 * The names this service keeps things under in the browser, as the browser's storage shows
 * them: code's names, the same in every language, so not in the content file.
 */
const STORED_AS = {
  draft: 'claimDraft:…',
  referral: 'referral_…',
  consent: 'cookieConsent',
  analytics: '_ga, _ga_…',
};

/**
 * What this service keeps in the browser and why, and the analytics choice as a form
 * (GOV.UK cookies page pattern), so consent can be given or withdrawn at any time.
 */
// eslint-disable-next-line max-lines-per-function -- not yet split: one screen, its state, handlers and markup read together
export function CookiesPage() {
  usePageTitle(pagesText('cookies.title'));
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
          <h2>{pagesText('cookies.saved')}</h2>
        </div>
      )}
      {missing && (
        <div className="error-summary" role="alert" tabIndex={-1} ref={noticeRef}>
          <h2 className="error-summary__title">{pagesText('cookies.problem')}</h2>
          <ul className="error-summary__list">
            <li>
              <a href="#analytics-yes">{pagesText('cookies.missing')}</a>
            </li>
          </ul>
        </div>
      )}
      <h1>{pagesText('cookies.title')}</h1>
      <p>{pagesText('cookies.intro')}</p>

      <h2>{pagesText('cookies.essentialHeading')}</h2>
      <p>{pagesText('cookies.essentialIntro')}</p>
      <table className="cookie-table">
        <caption className="visually-hidden">{pagesText('cookies.essentialCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{pagesText('cookies.name')}</th>
            <th scope="col">{pagesText('cookies.purpose')}</th>
            <th scope="col">{pagesText('cookies.expires')}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>{pagesText('cookies.sessionName')}</td>
            <td>{pagesText('cookies.sessionPurpose')}</td>
            <td>{pagesText('cookies.sessionExpires')}</td>
          </tr>
          <tr>
            <td>
              <code>{STORED_AS.draft}</code>
            </td>
            <td>{pagesText('cookies.draftPurpose')}</td>
            <td>{pagesText('cookies.draftExpires')}</td>
          </tr>
          <tr>
            <td>
              <code>{STORED_AS.referral}</code>
            </td>
            <td>{pagesText('cookies.referralPurpose')}</td>
            <td>{pagesText('cookies.referralExpires')}</td>
          </tr>
          <tr>
            <td>
              <code>{STORED_AS.consent}</code>
            </td>
            <td>{pagesText('cookies.consentPurpose')}</td>
            <td>{pagesText('cookies.consentExpires')}</td>
          </tr>
        </tbody>
      </table>

      <h2>{pagesText('cookies.analyticsHeading')}</h2>
      <p>{pagesText('cookies.analyticsIntro')}</p>
      <table className="cookie-table">
        <caption className="visually-hidden">{pagesText('cookies.analyticsCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{pagesText('cookies.name')}</th>
            <th scope="col">{pagesText('cookies.purpose')}</th>
            <th scope="col">{pagesText('cookies.expires')}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              <code>{STORED_AS.analytics}</code>
            </td>
            <td>{pagesText('cookies.analyticsPurpose')}</td>
            <td>{pagesText('cookies.analyticsExpires')}</td>
          </tr>
        </tbody>
      </table>

      <h2 id="cookie-settings">{pagesText('cookies.settingsHeading')}</h2>
      <form onSubmit={save} noValidate>
        <div className={missing ? 'field field--error' : 'field'}>
          <fieldset>
            <legend>{pagesText('cookies.question')}</legend>
            {missing && (
              <p className="field__error" id="analytics-error">
                {pagesText('cookies.missing')}
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
              <label htmlFor="analytics-yes">{pagesText('cookies.yes')}</label>
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
              <label htmlFor="analytics-no">{pagesText('cookies.no')}</label>
            </div>
          </fieldset>
        </div>
        <button type="submit" className="button">
          {pagesText('cookies.save')}
        </button>
      </form>
    </div>
  );
}
