import { useEffect, useState } from 'react';
import {
  Link,
  useMatches,
  useNavigate,
  useParams,
  type LoaderFunctionArgs,
} from 'react-router-dom';
import {
  resolveNextPage,
  resolvePreviousPage,
  resolveProgress,
  resolveResumePage,
} from '../../runtime/funnel';
import type { ClaimSummary } from '../../runtime/contract';
import type { Funnel, FunnelPage } from '../../runtime/funnel';
import { loadClaim } from '../../store/claimSync';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectAuthUser } from '../../store/slices/authSlice';
import { pageSubmitted } from '../../store/slices/claimSlice';
import { stepValidationFailed, stepViewed } from '../../store/funnelEvents';
import { funnelRegistry } from '../funnelRegistry';
import { paths } from '../paths';
import { claimsForVehicle } from '../../runtime/claim';
import { pageUrl } from './pageUrl';
import { pageNotFound } from '../routing/routeChecks';
import { usePageTitle } from '../usePageTitle';
import { GenericErrorPage } from '../ui/ErrorPage';
import { displayRegistration, DuplicateClaimNotice } from './DuplicateClaimNotice';
import { ReviewAndSign } from './ReviewAndSign';
import { StepForm } from './StepForm';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';

interface StepAddress {
  funnelId: string;
  pageId: string;
  /** The claim owner named in the URL; undefined means the signed-in claimant. */
  userId: string | undefined;
}

function useStepAddress(): StepAddress {
  const params = useParams();
  const handle = useMatches().at(-1)?.handle as { funnelId?: string; pageId?: string } | undefined;
  if (handle?.funnelId && handle.pageId)
    return { funnelId: handle.funnelId, pageId: handle.pageId, userId: params.id };
  return { funnelId: params.funnelId ?? '', pageId: params.pageId ?? '', userId: params.userId };
}

/** Unknown funnels and pages are 404s before anything renders (spec: route validation). */
export function formStepLoader({ params, request }: LoaderFunctionArgs) {
  const funnelId = params.funnelId;
  const pageId = params.pageId;
  if (funnelId && pageId && !funnelRegistry().getPage(funnelId, pageId)) {
    throw pageNotFound(new URL(request.url).pathname);
  }
  return null;
}

export function FormStepRoute() {
  const address = useStepAddress();
  const user = useAppSelector(selectAuthUser);
  const registry = funnelRegistry();
  const funnel = registry.getFunnel(address.funnelId);
  const page = registry.getPage(address.funnelId, address.pageId);
  if (!funnel || !page) return <GenericErrorPage message="Page Not Found" />;
  if (!user) return <p aria-live="polite">Loading your claim…</p>;
  if (address.userId && address.userId !== user.uid) {
    return <SignInAsOwner />;
  }
  return <ClaimStep funnel={funnel} page={page} uid={user.uid} />;
}

function SignInAsOwner() {
  usePageTitle('Sign in to continue this claim');
  const here = window.location.pathname;
  return (
    <div className="narrow">
      <h1>Sign in to continue this claim</h1>
      <p>
        This claim belongs to another account. To see or change it, sign in as the person who
        started it.
      </p>
      <Link className="button" to={paths.login(here)}>
        Sign in
      </Link>
      <p>
        Or <Link to={paths.builtInStep('start')}>start your own claim</Link>.
      </p>
    </div>
  );
}

/** Another claim for the vehicle just entered, shown before the claimant moves on. */
interface DuplicateFound {
  registration: string;
  claims: ClaimSummary[];
  nextUrl: string | null;
}

function ClaimStep({ funnel, page, uid }: { funnel: Funnel; page: FunnelPage; uid: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const registry = funnelRegistry();
  const loadStatus = useAppSelector((state) => state.claim.load[funnel.funnelId] ?? 'idle');
  const draft = useAppSelector((state) => state.claim.byFunnel[funnel.funnelId]);
  const [duplicate, setDuplicate] = useState<DuplicateFound | null>(null);
  usePageTitle(duplicate ? `You already have a claim for ${duplicate.registration}` : page.title);

  useEffect(() => {
    if (loadStatus === 'idle' || (draft && draft.ownerUid !== uid))
      void dispatch(loadClaim(funnel.funnelId, uid));
  }, [dispatch, funnel.funnelId, uid, loadStatus, draft]);

  // Analytics: one step view per page shown, once the claim (and so the step number) is known.
  const viewedStep =
    draft && loadStatus === 'loaded'
      ? (resolveProgress(funnel, page.pageId, draft.answers, registry.evaluateCondition)?.step ??
        null)
      : undefined;
  useEffect(() => {
    if (viewedStep !== undefined)
      dispatch(stepViewed({ funnelId: funnel.funnelId, pageId: page.pageId, step: viewedStep }));
  }, [dispatch, funnel.funnelId, page.pageId, viewedStep]);

  if (loadStatus === 'failed') {
    return <GenericErrorPage message="Sorry, we could not load your claim" />;
  }
  if (!draft || loadStatus !== 'loaded') return <p aria-live="polite">Loading your claim…</p>;

  const answers = draft.answers;
  const progress = resolveProgress(funnel, page.pageId, answers, registry.evaluateCondition);
  const previous = resolvePreviousPage(funnel, page.pageId, answers, registry.evaluateCondition);
  const schema = registry.bundlePageSchema(page.schema) as RJSFSchema;
  const backLink = previous ? (
    <Link className="back-link" to={pageUrl(funnel.funnelId, previous.pageId, uid)}>
      Back
    </Link>
  ) : null;
  const heading = (
    <>
      {progress && (
        <p className="progress" data-testid="progress">
          Step {progress.step} of {progress.total}
        </p>
      )}
      <h1>
        <span className="caption">{funnel.title}</span>
        {page.title}
      </h1>
      {page.description && <p className="lead">{page.description}</p>}
    </>
  );

  if (page.kind === 'review-and-sign' || draft.status === 'submitted') {
    return (
      <ReviewAndSign
        funnel={funnel}
        page={page}
        uid={uid}
        draft={draft}
        backLink={backLink}
        heading={heading}
      />
    );
  }
  if (page.kind === 'exit') {
    return (
      <div className="narrow">
        {backLink}
        {heading}
        <p>
          If your answers were wrong,{' '}
          <Link to={previous ? pageUrl(funnel.funnelId, previous.pageId, uid) : '/'}>
            go back and change them
          </Link>
          .
        </p>
        <Link className="button button--secondary" to={paths.home()}>
          Go to the home page
        </Link>
      </div>
    );
  }

  if (duplicate) {
    return (
      <DuplicateClaimNotice
        registration={duplicate.registration}
        claims={duplicate.claims}
        onBack={() => setDuplicate(null)}
        onContinueAnyway={() => {
          setDuplicate(null);
          if (duplicate.nextUrl) navigate(duplicate.nextUrl);
        }}
      />
    );
  }

  // A claimant coming back to the first page (the "Your claim" link) is offered the page
  // where they stopped; they can still change their first answers here.
  const resumePage =
    page.pageId === funnel.pages[0]?.pageId && answers[page.pageId]
      ? resolveResumePage(funnel, answers, registry.evaluateCondition, registry.isPageValid)
      : undefined;

  return (
    <div className="narrow">
      {backLink}
      {resumePage && resumePage.pageId !== page.pageId && (
        <div className="notice" data-testid="resume-notice">
          <p>
            Your answers so far are saved.{' '}
            <Link to={pageUrl(funnel.funnelId, resumePage.pageId, uid)}>
              Continue from “{resumePage.title}”
            </Link>
          </p>
        </div>
      )}
      <StepForm
        key={`${funnel.funnelId}/${page.pageId}`}
        schema={schema}
        uiSchema={page.uiSchema as UiSchema | undefined}
        initialAnswers={answers[page.pageId]}
        validate={(data) => registry.validatePage(funnel.funnelId, page.pageId, data)}
        submitLabel="Continue"
        onInvalid={(errors) =>
          dispatch(stepValidationFailed({ funnelId: funnel.funnelId, pageId: page.pageId, errors }))
        }
        onValid={(data) => {
          const nextAnswers = { ...answers, [page.pageId]: data };
          const next = resolveNextPage(
            funnel,
            page.pageId,
            nextAnswers,
            registry.evaluateCondition,
          );
          dispatch(
            pageSubmitted({
              funnelId: funnel.funnelId,
              ownerUid: uid,
              pageId: page.pageId,
              answers: data,
              nextPageId: next?.pageId ?? null,
            }),
          );
          const nextUrl = next ? pageUrl(funnel.funnelId, next.pageId, uid) : null;
          // Any page of any funnel that asks for a registration checks it against the
          // claimant's other claims before moving on (the answers are kept either way).
          const registration = data.registrationNumber;
          if (typeof registration !== 'string' || !registration.trim()) {
            if (nextUrl) navigate(nextUrl);
            return;
          }
          const claims = claimsForVehicle(draft.otherClaims, registration);
          if (claims.length > 0) {
            setDuplicate({ registration: displayRegistration(registration), claims, nextUrl });
            window.scrollTo(0, 0);
          } else if (nextUrl) navigate(nextUrl);
        }}
      >
        {heading}
      </StepForm>
      <SyncStatusLine funnelId={funnel.funnelId} />
    </div>
  );
}

function SyncStatusLine({ funnelId }: { funnelId: string }) {
  const sync = useAppSelector((state) => state.claim.byFunnel[funnelId]?.sync);
  return (
    <p className="sync-status" role="status" data-testid="sync-status">
      {sync?.state === 'saving' && 'Saving your answers…'}
      {sync?.state === 'saved' && 'Your answers are saved.'}
      {sync?.state === 'failed' && sync.message}
    </p>
  );
}
