import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { callGateway } from '../../platform/gatewayClient';
import type { ClaimSummary } from '../../runtime/gatewayContract';
import { signOutOfAccount } from '../../store/account';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectAuthUser } from '../../store/slices/authSlice';
import { pageUrl } from '../form/FormStepRoute';
import { funnelRegistry } from '../funnelRegistry';
import { paths } from '../paths';
import { usePageTitle } from '../usePageTitle';

type Listing =
  { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; claims: ClaimSummary[] };

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** Where "continue" takes the claimant: the page they were on, or the funnel's first page. */
function resumeUrl(claim: ClaimSummary, uid: string): string {
  const pageId =
    claim.currentPageId ?? funnelRegistry().getFunnel(claim.funnelId)?.pages[0]?.pageId;
  return pageUrl(claim.funnelId, pageId ?? 'start', uid);
}

/** A registered claimant's claims (route guard `auth`), each one resumable. */
export function YourClaimsPage() {
  usePageTitle('Your claims');
  const user = useAppSelector(selectAuthUser);
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice;
  const [listing, setListing] = useState<Listing>({ state: 'loading' });
  const uid = user?.uid;

  useEffect(() => {
    if (!uid) return;
    let current = true;
    callGateway('listClaims', {})
      .then(({ claims }) => current && setListing({ state: 'loaded', claims }))
      .catch((error: unknown) => {
        console.error(error);
        if (current) setListing({ state: 'failed' });
      });
    return () => {
      current = false;
    };
  }, [uid]);

  return (
    <div className="narrow">
      {notice && (
        <div className="notice notice--success" role="status">
          {notice}
        </div>
      )}
      <h1>Your claims</h1>
      {user?.email && <p>Signed in as {user.email}.</p>}
      {listing.state === 'loading' && <p aria-live="polite">Loading your claims…</p>}
      {listing.state === 'failed' && (
        <p className="notice notice--warning" role="alert">
          Sorry, we could not load your claims. Reload the page to try again.
        </p>
      )}
      {listing.state === 'loaded' && uid && listing.claims.length === 0 && (
        <p>
          You have no claims yet. <Link to={paths.builtInStep('start')}>Start a claim</Link>.
        </p>
      )}
      {listing.state === 'loaded' && uid && listing.claims.length > 0 && (
        <ul className="card-list" data-testid="claims">
          {listing.claims.map((claim) => (
            <li key={claim.funnelId}>
              <h2>{claim.title}</h2>
              <p>
                {claim.status === 'submitted' ? (
                  <span className="tag tag--green">Sent</span>
                ) : (
                  <span className="tag">In progress</span>
                )}{' '}
                {claim.reference && <>Reference {claim.reference}. </>}
                Last changed {DATE.format(new Date(claim.updatedAt))}.
              </p>
              <Link className="button" to={resumeUrl(claim, uid)}>
                {claim.status === 'submitted' ? 'View' : 'Continue'}
                <span className="visually-hidden"> {claim.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to={paths.account()}>Your account details</Link>
      </p>
      <SignOutButton />
    </div>
  );
}

/** Signs out; a fresh anonymous session starts at once, so the claimant can start again. */
export function SignOutButton() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="button button--secondary"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void dispatch(signOutOfAccount())
          .then(() => navigate(paths.home(), { replace: true }))
          .finally(() => setBusy(false));
      }}
    >
      Sign out
    </button>
  );
}
