import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { stageShown } from '../../locale/claimStagesShown';
import type { ClaimSummary } from '../../../runtime/contract';
import { signOutOfAccount } from '../../../store/account/account';
import { gatewayApi } from '../../../store/gatewayApi';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectAuthUser } from '../../../store/slices/authSlice';
import { pageUrl } from '../../form/pageUrl';
import { StartAnotherClaimButton } from '../../form/review/StartAnotherClaimButton';
import { funnelRegistry } from '../../funnelRegistry';
import { paths } from '../../paths';
import { usePageTitle } from '../../usePageTitle';
import { DraftChoice } from './DraftChoice';
import { AccountSentence } from './AccountSentence';
import { accountText } from './accountText';
import { dateTimeFormat } from '../../locale/localeFormats';

const DATE = dateTimeFormat({ day: 'numeric', month: 'long', year: 'numeric' });

/**
 * Where a claim's link takes the claimant: a sent claim's confirmation, or for the draft the
 * page they were on (the funnel's first page before any).
 */
export function claimUrl(claim: ClaimSummary, uid: string): string {
  if (claim.status === 'submitted') return paths.claim(claim.funnelId, claim.claimId);
  const pageId =
    claim.currentPageId ?? funnelRegistry().getFunnel(claim.funnelId)?.pages[0]?.pageId;
  return pageUrl(claim.funnelId, pageId ?? 'start', uid);
}

/**
 * The funnels whose latest sent claim offers "start another claim": those with no draft (a
 * claimant has at most one draft per funnel), once each, on the most recent claim.
 */
function startAnotherOffers(claims: ClaimSummary[]): Set<string> {
  const withDraft = new Set(claims.filter((c) => c.status === 'draft').map((c) => c.funnelId));
  const offers = new Set<string>();
  const seen = new Set<string>();
  for (const claim of claims) {
    if (!withDraft.has(claim.funnelId) && !seen.has(claim.funnelId)) offers.add(claim.claimId);
    seen.add(claim.funnelId);
  }
  return offers;
}

/** The claimant's drafts by funnel, for funnels holding more than one. */
function draftsByFunnelWithChoice(claims: ClaimSummary[]): Map<string, ClaimSummary[]> {
  const drafts = new Map<string, ClaimSummary[]>();
  for (const claim of claims) {
    if (claim.status !== 'draft') continue;
    drafts.set(claim.funnelId, [...(drafts.get(claim.funnelId) ?? []), claim]);
  }
  for (const [funnelId, list] of drafts) if (list.length < 2) drafts.delete(funnelId);
  return drafts;
}

/**
 * The claimant's claims as the page shows them: loading, failed, or loaded with the funnels
 * where they choose between drafts set apart from the claims listed one by one.
 */
function useClaimsListing(uid: string | undefined) {
  const { data, isError } = gatewayApi.useListClaimsQuery(uid ? {} : skipToken);
  const listing = isError
    ? ({ state: 'failed' } as const)
    : data
      ? ({ state: 'loaded', claims: data.claims } as const)
      : ({ state: 'loading' } as const);
  const offers = listing.state === 'loaded' ? startAnotherOffers(listing.claims) : new Set();
  // Funnels where the claimant holds more than one draft: they choose which to continue.
  const choices = listing.state === 'loaded' ? draftsByFunnelWithChoice(listing.claims) : new Map();
  const listed =
    listing.state === 'loaded'
      ? listing.claims.filter((claim) => !choices.has(claim.funnelId) || claim.status !== 'draft')
      : [];
  return { listing, offers, choices, listed };
}

/** A registered claimant's claims (route guard `auth`), each one resumable. */
export function YourClaimsPage() {
  usePageTitle(accountText('claims.heading'));
  const user = useAppSelector(selectAuthUser);
  const location = useLocation();
  // React Router types navigation state as unknown; sign-in passes { notice } when it sends the claimant here.
  const notice = (location.state as { notice?: string } | null)?.notice;
  const uid = user?.uid;
  const { listing, offers, choices, listed } = useClaimsListing(uid);

  return (
    <div className="narrow">
      {notice && (
        <div className="notice notice--success" role="status">
          {notice}
        </div>
      )}
      <h1>{accountText('claims.heading')}</h1>
      {user?.email && <p>{accountText('claims.signedInAs', { email: user.email })}</p>}
      {listing.state === 'loading' && <p aria-live="polite">{accountText('claims.loading')}</p>}
      {listing.state === 'failed' && (
        <p className="notice notice--warning" role="alert">
          {accountText('claims.loadFailed')}
        </p>
      )}
      {listing.state === 'loaded' && uid && listing.claims.length === 0 && (
        <p>
          <AccountSentence
            message="claims.none"
            slots={{ startLink: <Link to={paths.home()}>{accountText('claims.startLink')}</Link> }}
          />
        </p>
      )}
      {uid &&
        [...choices.values()].map((drafts: ClaimSummary[]) => (
          <DraftChoice key={drafts[0]!.funnelId} drafts={drafts} uid={uid} />
        ))}
      {listing.state === 'loaded' && uid && listed.length > 0 && (
        <ul className="card-list" data-testid="claims">
          {listed.map((claim) => (
            <ClaimCard
              key={claim.claimId}
              claim={claim}
              uid={uid}
              offersAnother={offers.has(claim.claimId)}
            />
          ))}
        </ul>
      )}
      <p>
        <Link to={paths.account()}>{accountText('claims.accountLink')}</Link>
      </p>
      <SignOutButton />
    </div>
  );
}

/** One claim in the list: where it stands, what it is about, and the way back to it. */
function ClaimCard({
  claim,
  uid,
  offersAnother,
}: {
  claim: ClaimSummary;
  uid: string;
  /** Whether this claim offers "start another claim" (see startAnotherOffers). */
  offersAnother: boolean;
}) {
  return (
    <li>
      <h2>{claim.title}</h2>
      <p>
        {claim.status === 'submitted' ? (
          <span className="tag tag--green">
            {stageShown(claim.funnelId, claim.stage ?? '')?.claimantLabel ??
              accountText('claims.sent')}
          </span>
        ) : (
          <span className="tag">{accountText('claims.inProgress')}</span>
        )}{' '}
        {claim.reference && <>{accountText('claims.reference', { reference: claim.reference })} </>}
        {claim.subject && (
          <>
            {accountText('claims.subject', {
              label: claim.subjectLabel ?? accountText('claims.about'),
              subject: claim.subject,
            })}{' '}
          </>
        )}
        {accountText('claims.lastChanged', {
          date: DATE.format(new Date(claim.updatedAt)),
        })}
      </p>
      <div className="button-group">
        <Link className="button" to={claimUrl(claim, uid)}>
          {accountText(claim.status === 'submitted' ? 'claims.view' : 'claims.continue')}
          <span className="visually-hidden">
            {' '}
            {claim.title}
            {claim.reference && ` ${claim.reference}`}
          </span>
        </Link>
        {offersAnother && <StartAnotherClaimButton funnelId={claim.funnelId} uid={uid} />}
      </div>
    </li>
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
      {accountText('claims.signOut')}
    </button>
  );
}
