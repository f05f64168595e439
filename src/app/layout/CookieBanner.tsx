import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { consentChosen, selectAnalyticsConsent } from '../../store/slices/consentSlice';
import { paths } from '../paths';
import { useHydrated } from '../hydration/useHydrated';
import { siteIdentity } from '../locale/siteIdentity';
import { MessageSentence } from '../ui/MessageSentence';
import { CookieQuestion } from './CookieQuestion';
import { shellText } from './shellText';

type Confirmation = 'accepted' | 'rejected' | null;

/**
 * The GOV.UK cookie banner: asks once whether analytics cookies may be used (PECR: none
 * before the visitor says yes), then confirms the choice until hidden. It is the first thing
 * on the page, above the header and in its flow, so it never covers a field or a button
 * (a banner fixed over the foot of the page hid most of a focused field on a small phone).
 * Not shown on the cookies page, which has the same choice as a form. Without JavaScript no
 * analytics run, so there is nothing to ask.
 *
 * A prerendered page carries the question in its HTML, so it paints with the page rather
 * than seconds later over it. Only this browser knows whether a choice was made: until the
 * app runs, the banner is marked `data-before-app`, and the stylesheet shows it only when
 * index.html's inline script found no remembered choice (and so JavaScript runs).
 */
export function CookieBanner() {
  const dispatch = useAppDispatch();
  const consent = useAppSelector(selectAnalyticsConsent);
  const { pathname } = useLocation();
  const [confirmation, setConfirmation] = useState<Confirmation>(null);
  const confirmationRef = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();

  // The buttons the claimant pressed are gone: take focus to the message that replaced them.
  useEffect(() => {
    if (confirmation) confirmationRef.current?.focus();
  }, [confirmation]);

  if (pathname === paths.cookies()) return null;
  if (hydrated && consent !== 'unset' && !confirmation) return null;

  function choose(analytics: boolean) {
    dispatch(consentChosen({ analytics }));
    setConfirmation(analytics ? 'accepted' : 'rejected');
  }

  function hide() {
    setConfirmation(null);
    document.getElementById('main-content')?.focus();
  }

  const heading = shellText('cookieBanner.heading', { serviceName: siteIdentity().name });
  return (
    <div
      className="cookie-banner"
      role="region"
      aria-label={heading}
      data-nosnippet
      data-before-app={hydrated ? undefined : ''}
    >
      <div className="container">
        {confirmation ? (
          <div className="cookie-banner__message" tabIndex={-1} ref={confirmationRef}>
            <p>
              <MessageSentence
                say={shellText}
                message={
                  confirmation === 'accepted' ? 'cookieBanner.accepted' : 'cookieBanner.rejected'
                }
                slots={{
                  settingsLink: (
                    <Link to={paths.cookies()}>{shellText('cookieBanner.settingsLink')}</Link>
                  ),
                }}
              />
            </p>
            <div className="button-group">
              <button type="button" className="button" onClick={hide}>
                {shellText('cookieBanner.hide')}
              </button>
            </div>
          </div>
        ) : (
          <CookieQuestion heading={heading} hydrated={hydrated} onChoose={choose} />
        )}
      </div>
    </div>
  );
}
