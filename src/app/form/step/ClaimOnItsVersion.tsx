import { useEffect, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { type Funnel, type FunnelPage, type FunnelRegistry } from '../../../runtime/funnel';
import { draftMigrationPath } from '../../../runtime/versions';
import { gatewayApi } from '../../../store/gatewayApi';
import { loadClaim } from '../../../store/claimSync';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { draftMovedToVersion } from '../../../store/slices/claimSlice';
import { useVersionRegistry } from '../../versions/useVersionRegistry';
import { GenericErrorPage } from '../../ui/ErrorPage';
import { claimPagesText } from '../claimPagesText';
import { claimWording } from '../funnelWordingText';
import { formText } from '../formText';
import { pageUrl } from '../pageUrl';
import { ClaimLoading } from './ClaimLoading';

interface ClaimOnItsVersionProps {
  funnelId: string;
  /** The version the claimant's draft or sent claim is on (not the current one). */
  version: number;
  pageId: string;
  uid: string;
  /** The step as it is shown for a funnel version (FormStepRoute's ClaimStep). */
  renderStep: (step: {
    registry: FunnelRegistry;
    funnel: Funnel;
    page: FunnelPage;
    notice: ReactNode;
  }) => ReactNode;
}

/**
 * A claim started on an earlier version of its funnel is shown, checked and sent on that
 * version (its snapshot, loaded on demand). When every version since says drafts move, the
 * claimant is offered the current version instead; otherwise they finish where they began.
 */
function ClaimOnItsVersion({ funnelId, version, pageId, uid, renderStep }: ClaimOnItsVersionProps) {
  const found = useVersionRegistry(funnelId, version);
  const draft = useAppSelector((state) => state.claim.byFunnel[funnelId]);
  if (found.state === 'failed' || found.state === 'unknown') {
    return <GenericErrorPage message={formText('step.loadFailed')} />;
  }
  if (found.state === 'loading' || !draft) return <ClaimLoading />;
  const { registry } = found;
  const versions = found.versions!;
  const funnel = registry.getFunnel(funnelId)!;
  const page = registry.getPage(funnelId, pageId);
  if (!page) {
    // A page of another version (an old bookmark, or a link from the current one): the
    // claimant carries on where their claim is.
    const resume = registry.navigator(funnelId)!.resume(draft.answers);
    return <Navigate replace to={pageUrl(funnelId, resume.pageId, uid)} />;
  }
  const canMove =
    draft.status === 'draft' && draftMigrationPath(versions.steps(funnelId), version) !== undefined;
  const notice = canMove ? (
    <NewerVersionNotice
      funnelId={funnelId}
      claimId={draft.claimId}
      claimNoun={claimWording(funnel).claimNoun}
      waitingToSend={draft.unsavedPageIds.length > 0}
      uid={uid}
    />
  ) : null;
  return renderStep({ registry, funnel, page, notice });
}

/**
 * The step of a claim on an earlier version of its funnel: for a claim the step found on
 * one, or for a page the current version no longer has (FormStepRoute found it in an
 * earlier one; Page Not Found unless the claimant's claim is on such a version).
 */
export function ClaimOnEarlierVersion({
  funnel,
  pageId,
  uid,
  renderStep,
}: {
  /** The funnel as its current version has it. */
  funnel: Funnel;
  pageId: string;
  uid: string;
  renderStep: ClaimOnItsVersionProps['renderStep'];
}) {
  const dispatch = useAppDispatch();
  const loadStatus = useAppSelector((state) => state.claim.load[funnel.funnelId] ?? 'idle');
  const draft = useAppSelector((state) => state.claim.byFunnel[funnel.funnelId]);
  useEffect(() => {
    if (loadStatus === 'idle' || (draft && draft.ownerUid !== uid))
      void dispatch(loadClaim(funnel.funnelId, uid));
  }, [dispatch, funnel.funnelId, uid, loadStatus, draft]);
  if (loadStatus === 'failed') {
    return <GenericErrorPage message={formText('step.loadFailed')} />;
  }
  if (loadStatus !== 'loaded' || draft?.ownerUid !== uid) {
    return <ClaimLoading />;
  }
  if (draft.funnelVersion === null || draft.funnelVersion === funnel.version) {
    return <GenericErrorPage message={formText('step.notFound')} />;
  }
  return (
    <ClaimOnItsVersion
      funnelId={funnel.funnelId}
      version={draft.funnelVersion}
      pageId={pageId}
      uid={uid}
      renderStep={renderStep}
    />
  );
}

function NewerVersionNotice({
  funnelId,
  claimId,
  claimNoun,
  waitingToSend,
  uid,
}: {
  funnelId: string;
  claimId: string | null;
  claimNoun: string;
  /** Answers of this version not yet sent: moving now would leave them behind. */
  waitingToSend: boolean;
  uid: string;
}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [move, { isLoading, isError }] = gatewayApi.useMoveDraftToCurrentVersionMutation();
  if (!claimId) return null;
  const onMove = async () => {
    const result = await move({ funnelId, claimId });
    if (!('data' in result) || !result.data) return;
    dispatch(draftMovedToVersion({ claim: result.data.claim }));
    const pageId = result.data.claim.currentPageId;
    if (pageId) navigate(pageUrl(funnelId, pageId, uid));
  };
  return (
    <section className="notice" aria-labelledby="newer-version" data-testid="newer-version">
      <h2 id="newer-version">{claimPagesText('newerVersion.heading')}</h2>
      <p>{claimPagesText('newerVersion.body', { claimNoun })}</p>
      {waitingToSend && <p>{claimPagesText('newerVersion.stillSaving')}</p>}
      {isError && (
        <p className="error-message" role="alert">
          {claimPagesText('newerVersion.failed')}
        </p>
      )}
      <button
        type="button"
        className="button button--secondary"
        disabled={isLoading || waitingToSend}
        onClick={() => void onMove()}
      >
        {claimPagesText('newerVersion.move')}
      </button>
    </section>
  );
}
