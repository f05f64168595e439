import identity from 'virtual:site-identity';
import type { LayoutIdentity } from '../../content/site';
import { activeSiteContent } from './siteLocale';

/**
 * The service's name, title suffix and footer words (site.json `identity`) in the locale the
 * page is read in: all the layout around every page draws of the site file. It is read on
 * its own so every page's first download carries this part only; the home, contact and
 * public pages' words come with those pages (siteContent).
 */
export function siteIdentity(): LayoutIdentity {
  return activeSiteContent()?.identity ?? identity;
}
