import { site, siteContentIn, type SiteContent } from '../../content/site';
import { activeLocale, activeSiteTexts } from './siteLocale';

const byLocale = new Map<string, SiteContent>();

/**
 * The site file's content (src/content/site.json) with its words in the locale the page is
 * read in: the service's name, the home page's entries, the footer, the public pages.
 */
export function siteContent(): SiteContent {
  const texts = activeSiteTexts();
  if (!texts) return site;
  const locale = activeLocale();
  let content = byLocale.get(locale);
  if (!content) {
    content = siteContentIn(texts);
    byLocale.set(locale, content);
  }
  return content;
}
