import { Link } from 'react-router-dom';
import { selectAuthUser } from '../../../store/slices/authSlice';
import { useAppSelector } from '../../../store/hooks';
import { funnelRegistry } from '../../funnelRegistry';
import { inSentence } from '../../../runtime/funnel';
import { pageUrl } from '../../form/pageUrl';
import { usePageTitle } from '../../usePageTitle';
import { MessageSentence } from '../../ui/MessageSentence';
import { pagesText } from './pagesText';

/** Every claim a claimant can make: one entry per funnel in funnels/, no code per funnel. */
export function StartPage() {
  usePageTitle(pagesText('start.title'));
  const user = useAppSelector(selectAuthUser);
  const funnels = funnelRegistry().listFunnels();
  return (
    <>
      <h1>{pagesText('start.title')}</h1>
      <p className="lead">{pagesText('start.lead')}</p>
      <ul className="card-list">
        {funnels.map((funnel) => {
          const first = funnel.pages[0]!;
          return (
            <li key={funnel.funnelId}>
              <h2>{funnel.title}</h2>
              {funnel.description && <p>{funnel.description}</p>}
              {user ? (
                <Link className="button" to={pageUrl(funnel.funnelId, first.pageId, user.uid)}>
                  {/* Each button shows "Start"; a screen reader hears which claim it starts. */}
                  <MessageSentence
                    say={pagesText}
                    message="start.button"
                    slots={{
                      funnelTitle: <span className="visually-hidden">{funnel.title}</span>,
                      funnelTitleInSentence: (
                        <span className="visually-hidden">{inSentence(funnel.title)}</span>
                      ),
                    }}
                  />
                </Link>
              ) : (
                <p aria-live="polite">{pagesText('start.gettingReady')}</p>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
