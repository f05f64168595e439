import { site, type SiteContent } from '../../content/site';
import { activeSiteContent } from './siteLocale';

/**
 * The site file's content (src/content/site.json) with its words in the locale the page is
 * read in: the service's name, the home page's entries, the footer, the public pages.
 */
export function siteContent(): SiteContent {
  return activeSiteContent() ?? site;
}
