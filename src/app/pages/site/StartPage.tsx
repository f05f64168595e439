import { Link } from 'react-router-dom';
import { selectAuthUser } from '../../../store/slices/authSlice';
import { useAppSelector } from '../../../store/hooks';
import { funnelRegistry } from '../../funnelRegistry';
import { pageUrl } from '../../form/pageUrl';
import { usePageTitle } from '../../usePageTitle';

/** Every claim a claimant can make: one entry per funnel in funnels/, no code per funnel. */
export function StartPage() {
  usePageTitle('Start a claim');
  const user = useAppSelector(selectAuthUser);
  const funnels = funnelRegistry().listFunnels();
  return (
    <>
      <h1>Start a claim</h1>
      <p className="lead">Choose the claim you want to make. Your answers are saved as you go.</p>
      <ul className="card-list">
        {funnels.map((funnel) => {
          const first = funnel.pages[0]!;
          return (
            <li key={funnel.funnelId}>
              <h2>{funnel.title}</h2>
              {funnel.description && <p>{funnel.description}</p>}
              {user ? (
                <Link className="button" to={pageUrl(funnel.funnelId, first.pageId, user.uid)}>
                  Start<span className="visually-hidden"> {funnel.title.toLowerCase()}</span>
                </Link>
              ) : (
                <p aria-live="polite">Getting ready…</p>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
