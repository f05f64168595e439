import { Link } from 'react-router-dom';
import type { selectAuthUser } from '../../store/slices/authSlice';
import { paths } from '../paths';
import { siteIdentity } from '../locale/siteIdentity';
import { shellText } from './shellText';

/**
 * The site's header: its name and the account links, which depend on the session. The
 * layout keeps the hooks that feed it (their effects run in the layout's order).
 */
export function SiteHeader({
  user,
  here,
  yourClaim,
}: {
  /** The session's user, null until the session exists. */
  user: ReturnType<typeof selectAuthUser>;
  /** This page's address, where registering returns to. */
  here: string;
  /** Where "Your claim" leads (useYourClaimLink). */
  yourClaim: string;
}) {
  const registered = user !== null && !user.isAnonymous;
  return (
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
  );
}
