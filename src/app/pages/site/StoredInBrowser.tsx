import type { ReactNode } from 'react';
import { pagesText } from './pagesText';

/** What this service keeps in the browser under one name, as the cookies page lists it. */
interface StoredThing {
  /**
   * The name the browser's storage shows it under: code's name, the same in every language,
   * so not in the content file.
   */
  storedAs: string;
  purpose: string;
  expires: string;
}

/** Google Analytics' cookies, by the names the browser shows (its names, not words to translate). */
const ANALYTICS_COOKIES = '_ga, _ga_…';

/**
 * Everything the service keeps without asking: each is needed for something the visitor
 * asked for (their claim, their sign-in, their choices), so PECR needs no consent, but the
 * visitor may still read what each is. A new thing kept in the browser is listed here.
 */
const essentialStorage = (): StoredThing[] => [
  {
    storedAs: 'claimDraft:…',
    purpose: pagesText('cookies.draftPurpose'),
    expires: pagesText('cookies.draftExpires'),
  },
  {
    storedAs: 'claimLatest:…',
    purpose: pagesText('cookies.latestPurpose'),
    expires: pagesText('cookies.latestExpires'),
  },
  {
    storedAs: 'claimSession',
    purpose: pagesText('cookies.lastSessionPurpose'),
    expires: pagesText('cookies.lastSessionExpires'),
  },
  {
    storedAs: 'evidenceUploads',
    purpose: pagesText('cookies.uploadsPurpose'),
    expires: pagesText('cookies.uploadsExpires'),
  },
  {
    storedAs: 'linkRequester',
    purpose: pagesText('cookies.linkRequesterPurpose'),
    expires: pagesText('cookies.linkRequesterExpires'),
  },
  {
    storedAs: 'referral_…',
    purpose: pagesText('cookies.referralPurpose'),
    expires: pagesText('cookies.referralExpires'),
  },
  {
    storedAs: 'claimLocale',
    purpose: pagesText('cookies.localePurpose'),
    expires: pagesText('cookies.localeExpires'),
  },
  {
    storedAs: 'cookieConsent',
    purpose: pagesText('cookies.consentPurpose'),
    expires: pagesText('cookies.consentExpires'),
  },
  {
    storedAs: 'reloadGuard',
    purpose: pagesText('cookies.reloadGuardPurpose'),
    expires: pagesText('cookies.reloadGuardExpires'),
  },
];

/**
 * The cookies page's account of what this service keeps in the browser: the essential
 * things, then the analytics cookies the visitor may refuse, each as a table.
 */
export function StoredInBrowser() {
  return (
    <>
      <h2>{pagesText('cookies.essentialHeading')}</h2>
      <p>{pagesText('cookies.essentialIntro')}</p>
      <CookieTable caption={pagesText('cookies.essentialCaption')}>
        <CookieRow
          name={pagesText('cookies.sessionName')}
          purpose={pagesText('cookies.sessionPurpose')}
          expires={pagesText('cookies.sessionExpires')}
        />
        {essentialStorage().map(({ storedAs, purpose, expires }) => (
          <CookieRow
            key={storedAs}
            name={<code>{storedAs}</code>}
            purpose={purpose}
            expires={expires}
          />
        ))}
      </CookieTable>

      <h2>{pagesText('cookies.analyticsHeading')}</h2>
      <p>{pagesText('cookies.analyticsIntro')}</p>
      <CookieTable caption={pagesText('cookies.analyticsCaption')}>
        <CookieRow
          name={<code>{ANALYTICS_COOKIES}</code>}
          purpose={pagesText('cookies.analyticsPurpose')}
          expires={pagesText('cookies.analyticsExpires')}
        />
      </CookieTable>
    </>
  );
}

/** A table of things kept in the browser, its caption for screen readers only. */
function CookieTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <table className="cookie-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{pagesText('cookies.name')}</th>
          <th scope="col">{pagesText('cookies.purpose')}</th>
          <th scope="col">{pagesText('cookies.expires')}</th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** One thing kept in the browser: its name, why it is kept and for how long. */
function CookieRow({
  name,
  purpose,
  expires,
}: {
  name: ReactNode;
  purpose: string;
  expires: string;
}) {
  return (
    <tr>
      <td>{name}</td>
      <td>{purpose}</td>
      <td>{expires}</td>
    </tr>
  );
}
