import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { consentChosen, selectAnalyticsConsent } from '../../../store/slices/consentSlice';
import { usePageTitle } from '../../usePageTitle';
import { AnalyticsChoiceForm, type AnalyticsChoice } from './AnalyticsChoiceForm';
import { pagesText } from './pagesText';
import { StoredInBrowser } from './StoredInBrowser';

/**
 * What this service keeps in the browser and why, and the analytics choice as a form
 * (GOV.UK cookies page pattern), so consent can be given or withdrawn at any time.
 */
export function CookiesPage() {
  usePageTitle(pagesText('cookies.title'));
  const dispatch = useAppDispatch();
  const consent = useAppSelector(selectAnalyticsConsent);
  const [choice, setChoice] = useState<AnalyticsChoice>(
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

      <StoredInBrowser />

      <h2 id="cookie-settings">{pagesText('cookies.settingsHeading')}</h2>
      <AnalyticsChoiceForm choice={choice} onChoice={setChoice} missing={missing} onSave={save} />
    </div>
  );
}
