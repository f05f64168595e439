import { site } from '../../content/site';
import { errorsText } from './errorsText';

/**
 * The document title, "<page> – <the site's title suffix>", with GOV.UK's "Error: " prefix while a page
 * shows an error summary, so a screen reader user hears both the page and the problem. Two
 * sources set it (the page's usePageTitle and its ErrorSummary) in either order.
 */
const SERVICE_NAME = site.identity.titleSuffix;

let pageTitle = SERVICE_NAME;
let summariesShown = 0;

/** The document title of a page (the build's prerendered pages use it too). */
export function documentTitleOf(title: string): string {
  return title === SERVICE_NAME ? SERVICE_NAME : `${title} – ${SERVICE_NAME}`;
}

function render(): void {
  const title = documentTitleOf(pageTitle);
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
