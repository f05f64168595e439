import { fillSiteText } from '../../../content/site';
import { siteContent } from '../../locale/siteContent';
import { usePageTitle } from '../../usePageTitle';
import { pagesText } from './pagesText';

// The page's words and the firm's contact channels are data (src/content/site.json), so a
// business edits JSON, not TSX.

const CHANNEL_HREF: Record<string, (value: string) => string | null> = {
  email: (value) => `mailto:${value}`,
  phone: (value) => `tel:${value.replace(/\s+/g, '')}`,
  post: () => null,
};

/** Help and contact (`/contact`), linked from every page's footer. */
export function ContactPage() {
  const content = siteContent().contact;
  usePageTitle(content.title);
  return (
    <div className="narrow">
      <h1>{content.title}</h1>
      <p className="lead">{content.intro}</p>
      {content.channels.length === 0 ? (
        <div className="notice notice--warning">
          <p>{pagesText('contact.notPublished')}</p>
        </div>
      ) : (
        <dl className="summary-list">
          {content.channels.map((channel) => {
            const href = CHANNEL_HREF[channel.kind]?.(channel.value);
            return (
              <div className="summary-list__row" key={`${channel.kind}:${channel.value}`}>
                <dt>{channel.label}</dt>
                <dd>
                  {href ? <a href={href}>{channel.value}</a> : channel.value}
                  {channel.hours && <p className="field__hint">{channel.hours}</p>}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
      <h2>{pagesText('contact.referenceHeading')}</h2>
      <p>{fillSiteText(content.referenceHelp)}</p>
      <h2>{pagesText('contact.complaintsHeading')}</h2>
      <p>{content.complaints}</p>
    </div>
  );
}
