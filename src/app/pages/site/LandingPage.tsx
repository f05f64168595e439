import type { SiteContent } from '../../../content/site';
import { siteContent } from '../../locale/siteContent';
import { usePageTitle } from '../../usePageTitle';
import { StartButton } from '../../ui/StartButton';
import { funnelStartUrl, HomePage } from './HomePage';
import { pagesText } from './pagesText';

/**
 * The campaign landing page that adverts link to (referral parameters are captured on
 * arrival), in the deployment's words (site.json `landing`); without one, the home page.
 */
export function LandingPage() {
  const { landing } = siteContent();
  if (!landing) return <HomePage />;
  return <Landing landing={landing} />;
}

function Landing({ landing }: { landing: NonNullable<SiteContent['landing']> }) {
  usePageTitle(landing.title);
  return (
    <>
      <h1>{landing.title}</h1>
      <p className="lead">{landing.lead}</p>
      <h2>{pagesText('landing.stepsHeading')}</h2>
      <ol className="list list--number">
        {landing.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p>{landing.text}</p>
      <StartButton to={funnelStartUrl(landing.funnelId)}>{landing.button}</StartButton>
    </>
  );
}
