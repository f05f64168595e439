import { Link, useLocation } from 'react-router-dom';
import { siteContent } from '../../locale/siteContent';
import { usePageTitle } from '../../usePageTitle';
import { paths } from '../../paths';
import { funnelRegistry } from '../../funnelRegistry';
import { pageUrl } from '../../form/pageUrl';
import { StartButton } from '../../ui/StartButton';
import { MessageSentence } from '../../ui/MessageSentence';
import { pagesText } from './pagesText';

/** The first page of a funnel, where a home page entry starts it. */
export function funnelStartUrl(funnelId: string): string {
  const funnel = funnelRegistry().getFunnel(funnelId);
  return funnel ? pageUrl(funnelId, funnel.pages[0]!.pageId) : paths.start();
}

/**
 * The service start page (GOV.UK start page pattern), in the deployment's own words
 * (src/content/site.json `home`): one entry per live funnel, each with its start button.
 */
export function HomePage() {
  const { home } = siteContent();
  usePageTitle(home.title);
  // Said once after leaving an account (deleted): where the claimant lands next.
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const entries = home.entries.filter((entry) => funnelRegistry().getFunnel(entry.funnelId));
  return (
    <>
      {notice && (
        <div className="notice notice--success" role="status">
          {notice}
        </div>
      )}
      <h1>{home.title}</h1>
      {home.intro.map((paragraph, index) => (
        <p key={index} className={index === 0 ? 'lead' : undefined}>
          {paragraph}
        </p>
      ))}
      {entries.map((entry, index) => {
        const id = `home-entry-${entry.funnelId}`;
        return (
          <section key={entry.funnelId} aria-labelledby={id} className="home-entry">
            <h2 id={id}>{entry.heading}</h2>
            <p>{entry.text}</p>
            {entry.needs && entry.needs.length > 0 && (
              <>
                <p>{pagesText('home.needs')}</p>
                <ul className="list">
                  {entry.needs.map((need) => (
                    <li key={need}>{need}</li>
                  ))}
                </ul>
              </>
            )}
            <StartButton to={funnelStartUrl(entry.funnelId)} withArrow={index === 0}>
              {entry.button}
            </StartButton>
          </section>
        );
      })}
      <h2>{pagesText('home.carryOnHeading')}</h2>
      <p>
        <MessageSentence
          say={pagesText}
          message="home.carryOn"
          slots={{
            signInLink: <Link to={paths.login()}>{pagesText('home.signInLink')}</Link>,
            startLink: <Link to={paths.start()}>{pagesText('home.startLink')}</Link>,
          }}
        />
      </p>
    </>
  );
}
