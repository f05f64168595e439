import { skipToken } from '@reduxjs/toolkit/query';
import { Link, Navigate, useParams } from 'react-router-dom';
import { gatewayApi } from '../../../store/gatewayApi';
import { useAppSelector } from '../../../store/hooks';
import { selectAuthUser } from '../../../store/slices/authSlice';
import { filesOfClaim } from '../../../runtime/funnel';
import { ClaimConfirmation } from '../../form/review/ClaimConfirmation';
import { pageUrl } from '../../form/pageUrl';
import { funnelRegistry, offeredLocales } from '../../funnelRegistry';
import { useClaimLanguage } from '../../form/step/useClaimLanguage';
import { LanguageSwitch } from '../../layout/LanguageSwitch';
import { claimWording } from '../../form/funnelWordingText';
import { paths } from '../../paths';
import { usePageTitle } from '../../usePageTitle';
import { GenericErrorPage } from '../../ui/ErrorPage';
import { AccountSentence } from './AccountSentence';
import { accountText } from './accountText';

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
  const { data, isError, isLoading } = gatewayApi.useGetClaimQuery(
    uid ? { funnelId, claimId } : skipToken,
  );
  const claim = data?.claim;
  const funnel = funnelRegistry().getFunnel(funnelId);
  // Opened from one of its emails on another device, the claim is shown in its language.
  useClaimLanguage(funnel, claim?.locale);
  const wording = claimWording(funnel ?? {});
  usePageTitle(
    claim?.withdrawnAt
      ? wording.withdrawnTitle
      : claim?.status === 'submitted'
        ? wording.confirmationTitle
        : data
          ? accountText('claim.notFound')
          : accountText('claim.pageTitle'),
  );

  if (!funnel) return <GenericErrorPage message={accountText('claim.funnelNotFound')} />;
  if (isError) return <GenericErrorPage message={accountText('claim.loadFailed')} />;
  if (!uid || isLoading || !data) return <p aria-live="polite">{accountText('claim.loading')}</p>;
  if (!claim) {
    return (
      <div className="narrow">
        <h1>{accountText('claim.notFound')}</h1>
        <p>{accountText('claim.notFoundBody')}</p>
        <p>
          <AccountSentence
            message="claim.waysOn"
            slots={{
              signInLink: (
                <Link to={paths.login(window.location.pathname)}>
                  {accountText('claim.signInLink')}
                </Link>
              ),
              homeLink: <Link to={paths.home()}>{accountText('claim.homeLink')}</Link>,
            }}
          />
        </p>
      </div>
    );
  }
  if (claim.status === 'draft') {
    const pageId = claim.currentPageId ?? funnel.pages[0]?.pageId;
    return <Navigate replace to={pageUrl(funnelId, pageId ?? 'start', uid)} />;
  }
  return (
    <>
      {/* The languages both the site and the claim's funnel are complete in. */}
      <LanguageSwitch locales={offeredLocales(funnel)} />
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
        files={filesOfClaim(claim.answers)}
      />
    </>
  );
}
