import { fillSiteText, sectionId, type SitePageId } from '../../../content/site';
import { siteContent } from '../../locale/siteContent';
import { usePageTitle } from '../../usePageTitle';

/**
 * A public page whose words are data (privacy notice, accessibility statement, terms): from
 * src/content/site.json, with the firm's details filled in.
 */
function SitePage({ pageId }: { pageId: SitePageId }) {
  const page = siteContent().pages[pageId];
  usePageTitle(page.title);
  return (
    <div className="narrow">
      <h1>{page.title}</h1>
      <p className="lead">{page.summary}</p>
      {page.sections.map((section) => {
        const headingId = sectionId(pageId, section.heading);
        return (
          <section key={section.heading} aria-labelledby={headingId}>
            <h2 id={headingId}>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{fillSiteText(paragraph)}</p>
            ))}
          </section>
        );
      })}
    </div>
  );
}

export const PrivacyPage = () => <SitePage pageId="privacy" />;
export const AccessibilityPage = () => <SitePage pageId="accessibility" />;
export const TermsPage = () => <SitePage pageId="terms" />;
