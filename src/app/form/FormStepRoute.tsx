import { useState } from 'react';
import {
  Link,
  useMatches,
  useNavigate,
  useParams,
  useSearchParams,
  type LoaderFunctionArgs,
} from 'react-router-dom';
import { decideContinue } from '../../runtime/claim';
import type { ClaimSummary } from '../../runtime/contract';
import type { Funnel, FunnelPage } from '../../runtime/funnel';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectAuthUser } from '../../store/slices/authSlice';
import { pageSubmitted } from '../../store/slices/claimSlice';
import { stepValidationFailed } from '../../store/funnelEvents';
import { funnelRegistry } from '../funnelRegistry';
import { paths } from '../paths';
import { CHANGE_FROM_REVIEW, CHANGE_PARAM, pageUrl } from './pageUrl';
import { ExitPage } from './ExitPage';
import { useClaimDraft } from './useClaimDraft';
import { useKeptEdits } from './useKeptEdits';
import { SyncStatusLine } from './SyncStatusLine';
import { SaveAndComeBackLink } from './SaveAndComeBackLink';
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
  const [searchParams] = useSearchParams();
  const registry = funnelRegistry();
  const navigator = registry.navigator(funnel.funnelId)!;
  const { loadStatus, draft } = useClaimDraft(funnel, page, uid, navigator);
  const [duplicate, setDuplicate] = useState<DuplicateFound | null>(null);
  const keepEdit = useKeptEdits(funnel.funnelId, uid, page.pageId);
  // Pages of different funnels share titles ("Your details"): the funnel names which it is.
  usePageTitle(
    duplicate
      ? `You already have a claim for ${duplicate.registration}`
      : `${page.title} – ${funnel.title}`,
  );

  if (loadStatus === 'failed') {
    return <GenericErrorPage message="Sorry, we could not load your claim" />;
  }
  if (!draft || loadStatus !== 'loaded') return <p aria-live="polite">Loading your claim…</p>;

  const answers = draft.answers;
  const progress = navigator.progress(page.pageId, answers);
  const previous = navigator.previous(page.pageId, answers);
  const urlOf = (pageId: string) => pageUrl(funnel.funnelId, pageId, uid);
  const schema = registry.bundlePageSchema(page.schema) as RJSFSchema;
  const backLink = previous ? (
    <Link className="back-link" to={urlOf(previous.pageId)}>
      Back
    </Link>
  ) : null;
  const heading = (
    <>
      {progress && page.kind !== 'exit' && (
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
      <ExitPage
        heading={heading}
        backLink={backLink}
        changeAnswersUrl={previous ? urlOf(previous.pageId) : null}
      />
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

  // What the claimant typed here and has not continued yet comes first, then the page as
  // continued, then what they told us in an earlier claim (theirs to confirm, never invented).
  const known = draft.knownAnswers[page.schema];
  const typed = draft.typed[page.pageId];
  const prefilled = !answers[page.pageId] && !!known;
  const initialAnswers = typed ?? answers[page.pageId] ?? known;

  // A claimant coming back to the first page (the "Your claim" link) is offered the page
  // where they stopped; they can still change their first answers here.
  const resumePage =
    page.pageId === funnel.pages[0]?.pageId && answers[page.pageId]
      ? navigator.resume(answers)
      : undefined;

  return (
    <div className="narrow">
      {backLink}
      {resumePage && resumePage.pageId !== page.pageId && (
        <div className="notice" data-testid="resume-notice">
          <p>
            Your answers so far are saved.{' '}
            <Link to={urlOf(resumePage.pageId)}>Continue from “{resumePage.title}”</Link>
          </p>
        </div>
      )}
      <StepForm
        key={`${funnel.funnelId}/${page.pageId}`}
        schema={schema}
        uiSchema={page.uiSchema as UiSchema | undefined}
        initialAnswers={initialAnswers}
        validate={(data) => registry.validatePage(funnel.funnelId, page.pageId, data)}
        onEdit={keepEdit}
        submitLabel="Continue"
        onInvalid={(errors) =>
          dispatch(stepValidationFailed({ funnelId: funnel.funnelId, pageId: page.pageId, errors }))
        }
        onValid={(typed) => {
          // Saved and shown back one way (postcodes, registrations), however they were typed.
          const data = registry.normalisePage(funnel.funnelId, page.pageId, typed);
          const outcome = decideContinue({
            navigator,
            pageId: page.pageId,
            answers: { ...answers, [page.pageId]: data },
            // As typed, so a duplicate notice names the vehicle as the claimant wrote it.
            pageAnswers: typed,
            otherClaims: draft.otherClaims,
            changingFromReview: searchParams.get(CHANGE_PARAM) === CHANGE_FROM_REVIEW,
          });
          const nextPageId =
            outcome.kind === 'go'
              ? outcome.pageId
              : outcome.kind === 'duplicate'
                ? outcome.nextPageId
                : null;
          // The answers are kept whatever happens next.
          dispatch(
            pageSubmitted({
              funnelId: funnel.funnelId,
              ownerUid: uid,
              pageId: page.pageId,
              answers: data,
              nextPageId,
            }),
          );
          if (outcome.kind === 'go') navigate(urlOf(outcome.pageId));
          if (outcome.kind === 'duplicate') {
            setDuplicate({
              registration: displayRegistration(outcome.registration),
              claims: outcome.claims,
              nextUrl: outcome.nextPageId ? urlOf(outcome.nextPageId) : null,
            });
            window.scrollTo(0, 0);
          }
        }}
      >
        {heading}
        {prefilled && (
          <div className="notice" data-testid="prefilled-notice">
            <p>
              We have filled in what you told us before. Check it is still right, change anything
              that is not, then continue.
            </p>
          </div>
        )}
      </StepForm>
      <SyncStatusLine funnelId={funnel.funnelId} />
      <SaveAndComeBackLink funnelId={funnel.funnelId} />
    </div>
  );
}
