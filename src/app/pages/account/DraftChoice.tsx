import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ClaimSummary } from '../../../runtime/contract';
import { gatewayApi } from '../../../store/gatewayApi';
import { useAppDispatch } from '../../../store/hooks';
import { claimReloadRequested } from '../../../store/slices/claimSlice';
import { pageUrl } from '../../form/pageUrl';
import { funnelRegistry } from '../../funnelRegistry';
import { accountText } from './accountText';
import { dateTimeFormat } from '../../locale/localeFormats';

const WHEN = dateTimeFormat({
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

function pageTitles(claim: ClaimSummary): string[] {
  const funnel = funnelRegistry().getFunnel(claim.funnelId);
  return (funnel?.pages ?? [])
    .filter((page) => claim.answeredPageIds.includes(page.pageId))
    .map((page) => page.title);
}

/**
 * Continuing or deleting one of the drafts, with the one being confirmed for deletion and
 * what went wrong last.
 */
function useDraftActions(uid: string) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [choose, choosing] = gatewayApi.useChooseDraftMutation();
  const [remove, removing] = gatewayApi.useDeleteDraftMutation();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const continueWith = async (claim: ClaimSummary) => {
    setFailure(null);
    try {
      await choose({ funnelId: claim.funnelId, claimId: claim.claimId }).unwrap();
      dispatch(claimReloadRequested({ funnelId: claim.funnelId }));
      const pageId =
        claim.currentPageId ?? funnelRegistry().getFunnel(claim.funnelId)?.pages[0]?.pageId;
      navigate(pageUrl(claim.funnelId, pageId ?? 'start', uid));
    } catch {
      setFailure(accountText('choice.openFailed'));
    }
  };
  const deleteDraft = async (claim: ClaimSummary) => {
    setFailure(null);
    try {
      await remove({ funnelId: claim.funnelId, claimId: claim.claimId }).unwrap();
      dispatch(claimReloadRequested({ funnelId: claim.funnelId }));
      setConfirming(null);
    } catch {
      setFailure(accountText('choice.deleteFailed'));
    }
  };

  return {
    confirming,
    setConfirming,
    failure,
    continueWith,
    deleteDraft,
    choosing: choosing.isLoading,
    removing: removing.isLoading,
  };
}

type DraftActions = ReturnType<typeof useDraftActions>;

/**
 * Two (or more) drafts in one funnel, side by side, after signing in joined an anonymous
 * session to an account that already had one: what each holds and when it was last changed,
 * and the claimant chooses which to continue. The other stays; it can be opened or deleted.
 */
export function DraftChoice({ drafts, uid }: { drafts: ClaimSummary[]; uid: string }) {
  const actions = useDraftActions(uid);
  const first = drafts[0];
  if (!first) return null;
  const title = first.title;
  const headingId = `choose-${first.funnelId}`;

  return (
    <section className="draft-choice" aria-labelledby={headingId} data-testid="draft-choice">
      <h2 id={headingId}>{accountText('choice.heading', { count: drafts.length, title })}</h2>
      <p>{accountText('choice.intro')}</p>
      {actions.failure && (
        <p className="notice notice--warning" role="alert">
          {actions.failure}
        </p>
      )}
      <ul className="draft-choice__list">
        {drafts.map((claim, index) => (
          <li key={claim.claimId} className="draft-choice__item" data-testid="draft">
            <h3>
              {accountText('choice.claim', { number: index + 1 })}
              {claim.current && <span className="tag"> {accountText('choice.continuedLast')}</span>}
            </h3>
            <DraftDetails claim={claim} />
            <DraftButtons claim={claim} number={index + 1} actions={actions} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What a draft holds: how it started, when it last changed, the pages answered, its subject. */
function DraftDetails({ claim }: { claim: ClaimSummary }) {
  const pages = pageTitles(claim);
  return (
    <dl className="summary-list">
      <div className="summary-list__row">
        <dt>{accountText('choice.started')}</dt>
        <dd>
          {claim.startedBeforeSignIn
            ? accountText('choice.beforeSignIn')
            : accountText('choice.whileSignedIn')}
        </dd>
      </div>
      <div className="summary-list__row">
        <dt>{accountText('choice.lastChanged')}</dt>
        <dd>{WHEN.format(new Date(claim.updatedAt))}</dd>
      </div>
      <div className="summary-list__row">
        <dt>{accountText('choice.answered')}</dt>
        <dd>{pages.length > 0 ? pages.join(', ') : accountText('choice.nothingYet')}</dd>
      </div>
      {claim.subject && (
        <div className="summary-list__row">
          <dt>{claim.subjectLabel ?? accountText('choice.about')}</dt>
          <dd>{claim.subject}</dd>
        </div>
      )}
    </dl>
  );
}

/** A draft's "continue" and "delete", or while deleting it is being confirmed, "yes" and "keep". */
function DraftButtons({
  claim,
  number,
  actions,
}: {
  claim: ClaimSummary;
  number: number;
  actions: DraftActions;
}) {
  if (actions.confirming === claim.claimId) {
    return (
      <div className="notice notice--warning" role="alert">
        <p>{accountText('choice.deleteQuestion', { number })}</p>
        <div className="button-group">
          <button
            type="button"
            className="button button--warning"
            disabled={actions.removing}
            onClick={() => void actions.deleteDraft(claim)}
          >
            {accountText('choice.deleteYes', { number })}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => actions.setConfirming(null)}
          >
            {accountText('choice.keep')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="button-group">
      <button
        type="button"
        className="button"
        disabled={actions.choosing}
        onClick={() => void actions.continueWith(claim)}
      >
        {accountText('choice.continue', { number })}
      </button>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => actions.setConfirming(claim.claimId)}
      >
        {accountText('choice.delete', { number })}
      </button>
    </div>
  );
}
