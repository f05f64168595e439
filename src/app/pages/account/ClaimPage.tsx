import { skipToken } from '@reduxjs/toolkit/query';
import { Link, Navigate, useParams } from 'react-router-dom';
import { useGetClaimQuery } from '../../../store/gatewayApi';
import { useAppSelector } from '../../../store/hooks';
import { selectAuthUser } from '../../../store/slices/authSlice';
import { ClaimConfirmation } from '../../form/review/ClaimConfirmation';
import { pageUrl } from '../../form/pageUrl';
import { funnelRegistry } from '../../funnelRegistry';
import { funnelWording } from '../../../runtime/funnel';
import { paths } from '../../paths';
import { usePageTitle } from '../../usePageTitle';
import { GenericErrorPage } from '../../ui/ErrorPage';

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
  // The claim is asked for once the session (anonymous or not) exists: it is the caller's.
  const { data, isError, isLoading } = useGetClaimQuery(uid ? { funnelId, claimId } : skipToken);
  const claim = data?.claim;
  const funnel = funnelRegistry().getFunnel(funnelId);
  const wording = funnelWording(funnel ?? {});
  usePageTitle(
    claim?.withdrawnAt
      ? wording.withdrawnTitle
      : claim?.status === 'submitted'
        ? wording.confirmationTitle
        : data
          ? 'Claim not found'
          : 'Your claim',
  );

  if (!funnel) return <GenericErrorPage message="Page Not Found" />;
  if (isError) return <GenericErrorPage message="Sorry, we could not load your claim" />;
  if (!uid || isLoading || !data) return <p aria-live="polite">Loading your claim…</p>;
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
    const pageId = claim.currentPageId ?? funnel.pages[0]?.pageId;
    return <Navigate replace to={pageUrl(funnelId, pageId ?? 'start', uid)} />;
  }
  return (
    <ClaimConfirmation
      funnel={funnel}
      uid={uid}
      claim={{
        claimId: claim.claimId,
        reference: claim.reference,
        submittedAt: claim.submittedAt,
        withdrawnAt: claim.withdrawnAt,
        stage: claim.stage,
        timeline: claim.timeline,
      }}
    />
  );
}
