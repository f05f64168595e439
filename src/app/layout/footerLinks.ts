import { paths } from '../paths';

export interface FooterLink {
  label: string;
  to: string;
}

/**
 * The footer's links: the pages a public service must have, and, in a development build
 * only, the developer pages (they stay at their spec routes, unlinked, in production).
 */
export function footerLinks(showDeveloperPages: boolean): FooterLink[] {
  const publicLinks: FooterLink[] = [
    { label: 'Start a claim', to: paths.start() },
    { label: 'Contact us', to: paths.contact() },
    { label: 'Privacy', to: paths.privacy() },
    { label: 'Cookies', to: paths.cookies() },
    { label: 'Accessibility statement', to: paths.accessibility() },
    { label: 'Terms of use', to: paths.terms() },
  ];
  if (!showDeveloperPages) return publicLinks;
  return [
    ...publicLinks,
    { label: 'Funnel examples', to: paths.examples() },
    { label: 'Form components', to: paths.uiExamples() },
    { label: 'Service status', to: paths.test() },
  ];
}
