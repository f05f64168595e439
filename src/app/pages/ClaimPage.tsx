import { useEffect, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { callGateway } from '../../platform/gatewayClient';
import type { ClaimView } from '../../runtime/contract';
import { useAppSelector } from '../../store/hooks';
import { selectAuthUser } from '../../store/slices/authSlice';
import { ClaimConfirmation } from '../form/ClaimConfirmation';
import { pageUrl } from '../form/pageUrl';
import { funnelRegistry } from '../funnelRegistry';
import { paths } from '../paths';
import { usePageTitle } from '../usePageTitle';
import { GenericErrorPage } from '../ui/ErrorPage';

type Loading =
  { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; claim: ClaimView | null };

/**
 * One of the claimant's claims by id, `/claims/<funnelId>/<claimId>`: a sent claim's
 * confirmation (reference, status, signed letter), which the funnel's own pages show only
 * for the current claim. A draft is the claimant's current claim, so it opens where they
 * stopped. Someone else's claim is "not found", as the gateway answers.
 */
export function ClaimPage() {
  const { funnelId = '', claimId = '' } = useParams();
  const user = useAppSelector(selectAuthUser);
  const uid = user?.uid;
  const [loading, setLoading] = useState<Loading>({ state: 'loading' });
  usePageTitle(
    loading.state === 'loaded' && loading.claim?.status === 'submitted'
      ? 'Claim submitted'
      : 'Your claim',
  );

  useEffect(() => {
    if (!uid) return;
    let current = true;
    callGateway('getClaim', { funnelId, claimId })
      .then(({ claim }) => current && setLoading({ state: 'loaded', claim }))
      .catch((error: unknown) => {
        console.error(error);
        if (current) setLoading({ state: 'failed' });
      });
    return () => {
      current = false;
    };
  }, [uid, funnelId, claimId]);

  if (!uid || loading.state === 'loading') return <p aria-live="polite">Loading your claim…</p>;
  if (loading.state === 'failed')
    return <GenericErrorPage message="Sorry, we could not load your claim" />;
  const { claim } = loading;
  if (!claim) {
    return (
      <div className="narrow">
        <h1>Claim not found</h1>
        <p>
          We could not find that claim. If you made it in another account, sign in to that account.
        </p>
        <p>
          <Link to={paths.login(window.location.pathname)}>Sign in</Link> or{' '}
          <Link to={paths.home()}>go to the home page</Link>.
        </p>
      </div>
    );
  }
  if (claim.status === 'draft') {
    const pageId = claim.currentPageId ?? funnelRegistry().getFunnel(funnelId)?.pages[0]?.pageId;
    return <Navigate replace to={pageUrl(funnelId, pageId ?? 'start', uid)} />;
  }
  return (
    <ClaimConfirmation
      funnelId={funnelId}
      uid={uid}
      claim={{
        claimId: claim.claimId,
        reference: claim.reference,
        submittedAt: claim.submittedAt,
      }}
    />
  );
}
