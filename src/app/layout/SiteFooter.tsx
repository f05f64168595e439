import { Link } from 'react-router-dom';
import { linkDeveloperPages } from '../developerPages';
import { siteIdentity } from '../locale/siteIdentity';
import { footerLinks } from './footerLinks';
import { shellText } from './shellText';

/** The site's footer: the support links (footerLinks) and what the service is. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container">
        <h2 className="visually-hidden">{shellText('layout.supportLinks')}</h2>
        <ul className="site-footer__links">
          {footerLinks(linkDeveloperPages).map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{link.label}</Link>
            </li>
          ))}
        </ul>
        <p className="site-footer__meta">{siteIdentity().footerBlurb}</p>
      </div>
    </footer>
  );
}
