import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { selectAuthUser } from '../../store/slices/authSlice';
import { useAppSelector } from '../../store/hooks';
import { paths } from '../paths';
import { CookieBanner } from './CookieBanner';
import { SiteFooter } from './SiteFooter';
import { usePageHeadingFocus } from '../routing/usePageHeadingFocus';
import { useScrollOnNavigation } from '../routing/useScrollOnNavigation';
import { RouteErrorBoundary } from '../ui/ErrorPage';
import { AfterFirstCommit } from '../hydration/AfterFirstCommit';
import { siteIdentity } from '../locale/siteIdentity';
import { useYourClaimLink } from './useYourClaimLink';
import { shellText } from './shellText';
import { LanguageSwitch } from './LanguageSwitch';
import { siteLocaleList } from '../locale/siteLocale';

/** A claim's question pages offer the languages their funnel has too (FormStepRoute). */
/** A funnel's pages and a claim's page offer only the languages the funnel is in: their own switch. */
const OWN_LANGUAGES_PAGE = /^\/(form|claims)\//;

/** The one layout around every screen: skip link, header, a single page outlet, footer. */
export function DefaultLayout({
  onFirstPageCommit,
}: {
  /**
   * Run in the commit that first shows a page: for a prerendered page, the one that hydrates
   * it (the page hydrates after the layout around it, as a Suspense boundary of its own).
   */
  onFirstPageCommit: () => void;
}) {
  const user = useAppSelector(selectAuthUser);
  const registered = user !== null && !user.isAnonymous;
  const location = useLocation();
  const here = location.pathname + location.search;
  const yourClaim = useYourClaimLink();
  usePageHeadingFocus();
  useScrollOnNavigation();
  return (
    <>
      {/* First on the page, before the cookie banner: the first Tab reaches it. */}
      <a className="skip-link" href="#main-content">
        {shellText('layout.skipLink')}
      </a>
      <CookieBanner />
      <header className="site-header">
        <div className="container site-header__inner">
          <Link to={paths.home()} className="site-header__name">
            {siteIdentity().name}
          </Link>
          <nav aria-label={shellText('layout.accountNav')}>
            <ul className="site-header__nav">
              <li>
                <Link to={yourClaim}>{shellText('layout.yourClaim')}</Link>
              </li>
              {registered ? (
                <>
                  <li>
                    <Link to={paths.yourClaims()}>{shellText('layout.yourClaims')}</Link>
                  </li>
                  <li>
                    <Link to={paths.account()}>{shellText('layout.yourAccount')}</Link>
                  </li>
                </>
              ) : (
                <>
                  {/* Its place is kept (hidden) until the session exists, so the header does
                      not move under a claimant already reading the first question. */}
                  <li className={user ? undefined : 'site-header__pending'}>
                    <Link to={paths.register(here)}>{shellText('layout.register')}</Link>
                  </li>
                  <li>
                    <Link to={paths.login()}>{shellText('layout.signIn')}</Link>
                  </li>
                </>
              )}
            </ul>
          </nav>
        </div>
      </header>
      <main id="main-content" className="container main" tabIndex={-1}>
        {!OWN_LANGUAGES_PAGE.test(location.pathname) && (
          <LanguageSwitch locales={siteLocaleList()} />
        )}
        <RouteErrorBoundary locationKey={location.key}>
          {/* The header and footer show while a screen's file loads: only the page waits. */}
          <Suspense fallback={<p aria-live="polite">{shellText('layout.loading')}</p>}>
            <Outlet />
            <AfterFirstCommit run={onFirstPageCommit} />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <SiteFooter />
    </>
  );
}
