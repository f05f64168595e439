import { siteIdentity } from '../locale/siteIdentity';
import { errorsText } from './errorsText';

/**
 * The document title, "<page> – <the site's title suffix>" (errors' `documentTitle.page`), with GOV.UK's "Error: " prefix while a page
 * shows an error summary, so a screen reader user hears both the page and the problem. Two
 * sources set it (the page's usePageTitle and its ErrorSummary) in either order.
 */
const serviceName = () => siteIdentity().titleSuffix;

let pageTitle: string | null = null;
let summariesShown = 0;

/** The document title of a page (the build's prerendered pages use it too). */
export function documentTitleOf(title: string): string {
  const service = serviceName();
  return title === service ? service : errorsText('documentTitle.page', { page: title, service });
}

function render(): void {
  const title = documentTitleOf(pageTitle ?? serviceName());
  document.title = summariesShown > 0 ? errorsText('documentTitle.error', { title }) : title;
}

export function setPageTitle(title: string): void {
  pageTitle = title;
  render();
}

/** Marks an error summary as shown; call the returned function when it is gone. */
export function errorSummaryShown(): () => void {
  summariesShown += 1;
  render();
  return () => {
    summariesShown -= 1;
    render();
  };
}
