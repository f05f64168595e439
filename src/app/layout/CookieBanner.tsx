import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { consentChosen, selectAnalyticsConsent } from '../../store/slices/consentSlice';
import { paths } from '../paths';

type Confirmation = 'accepted' | 'rejected' | null;

/**
 * The GOV.UK cookie banner: asks once whether analytics cookies may be used (PECR: none
 * before the visitor says yes), then confirms the choice until hidden. Not shown on the
 * cookies page, which has the same choice as a form.
 */
export function CookieBanner() {
  const dispatch = useAppDispatch();
  const consent = useAppSelector(selectAnalyticsConsent);
  const { pathname } = useLocation();
  const [confirmation, setConfirmation] = useState<Confirmation>(null);
  const confirmationRef = useRef<HTMLDivElement>(null);

  // The buttons the claimant pressed are gone: take focus to the message that replaced them.
  useEffect(() => {
    if (confirmation) confirmationRef.current?.focus();
  }, [confirmation]);

  if (pathname === paths.cookies()) return null;
  if (consent !== 'unset' && !confirmation) return null;

  function choose(analytics: boolean) {
    dispatch(consentChosen({ analytics }));
    setConfirmation(analytics ? 'accepted' : 'rejected');
  }

  function hide() {
    setConfirmation(null);
    document.getElementById('main-content')?.focus();
  }

  return (
    <div
      className="cookie-banner"
      role="region"
      aria-label="Cookies on Vehicle Claims"
      data-nosnippet
    >
      <div className="container">
        {confirmation ? (
          <div className="cookie-banner__message" tabIndex={-1} ref={confirmationRef}>
            <p>
              You’ve {confirmation} analytics cookies. You can{' '}
              <Link to={paths.cookies()}>change your cookie settings</Link> at any time.
            </p>
            <div className="button-group">
              <button type="button" className="button" onClick={hide}>
                Hide this message
              </button>
            </div>
          </div>
        ) : (
          <div className="cookie-banner__message">
            <h2 className="cookie-banner__heading">Cookies on Vehicle Claims</h2>
            <p>We use some essential cookies to make this service work.</p>
            <p>
              We’d also like to use analytics cookies so we can understand how you use the service
              and make improvements.
            </p>
            <div className="button-group">
              <button type="button" className="button" onClick={() => choose(true)}>
                Accept analytics cookies
              </button>
              <button type="button" className="button" onClick={() => choose(false)}>
                Reject analytics cookies
              </button>
              <Link to={paths.cookies()}>View cookies</Link>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
