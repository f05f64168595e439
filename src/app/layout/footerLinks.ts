import { paths } from '../paths';
import { shellText } from './shellText';

interface FooterLink {
  label: string;
  to: string;
}

/**
 * The footer's links: the pages a public service must have, and, in a development build
 * only, the developer pages (they stay at their spec routes, unlinked, in production).
 */
export function footerLinks(showDeveloperPages: boolean): FooterLink[] {
  const publicLinks: FooterLink[] = [
    { label: shellText('footer.start'), to: paths.start() },
    { label: shellText('footer.contact'), to: paths.contact() },
    { label: shellText('footer.privacy'), to: paths.privacy() },
    { label: shellText('footer.cookies'), to: paths.cookies() },
    { label: shellText('footer.accessibility'), to: paths.accessibility() },
    { label: shellText('footer.terms'), to: paths.terms() },
  ];
  if (!showDeveloperPages) return publicLinks;
  return [
    ...publicLinks,
    { label: shellText('footer.examples'), to: paths.examples() },
    { label: shellText('footer.uiExamples'), to: paths.uiExamples() },
    { label: shellText('footer.status'), to: paths.test() },
  ];
}
