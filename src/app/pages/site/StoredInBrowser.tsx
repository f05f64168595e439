import type { ReactNode } from 'react';
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
        <CookieRow
          name={<code>{STORED_AS.draft}</code>}
          purpose={pagesText('cookies.draftPurpose')}
          expires={pagesText('cookies.draftExpires')}
        />
        <CookieRow
          name={<code>{STORED_AS.referral}</code>}
          purpose={pagesText('cookies.referralPurpose')}
          expires={pagesText('cookies.referralExpires')}
        />
        <CookieRow
          name={<code>{STORED_AS.consent}</code>}
          purpose={pagesText('cookies.consentPurpose')}
          expires={pagesText('cookies.consentExpires')}
        />
      </CookieTable>

      <h2>{pagesText('cookies.analyticsHeading')}</h2>
      <p>{pagesText('cookies.analyticsIntro')}</p>
      <CookieTable caption={pagesText('cookies.analyticsCaption')}>
        <CookieRow
          name={<code>{STORED_AS.analytics}</code>}
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
