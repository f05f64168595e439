import {
  use,
  useEffect,
  useEffectEvent,
  useMemo,
  useState,
  type ComponentProps,
  type ReactNode,
} from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { decideContinue } from '../../runtime/claim';
import { retryUntilDone } from '../../runtime/web';
import type { ClaimSummary } from '../../runtime/contract';
import {
  slimFormSupport,
  type Funnel,
  type FunnelPage,
  type FunnelRegistry,
  type JsonSchemaObject,
  type PageAnswers,
} from '../../runtime/funnel';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectAuthUser } from '../../store/slices/authSlice';
import { pageSubmitted } from '../../store/slices/claimSlice';
import { stepValidationFailed } from '../../store/funnelEvents';
import {
  allValidatorsLoaded,
  funnelProblems,
  funnelRegistry,
  loadAllValidators,
} from '../funnelRegistry';
import { BrokenFunnelPage } from '../pages/BrokenFunnelPage';
import { paths } from '../paths';
import { CHANGE_FROM_REVIEW, CHANGE_PARAM, pageUrl } from './pageUrl';
import { ExitPage } from './ExitPage';
import { useClaimDraft } from './useClaimDraft';
import { useKeptEdits } from './useKeptEdits';
import { SyncStatusLine } from './SyncStatusLine';
import { SaveAndComeBackLink } from './SaveAndComeBackLink';
import { NotFoundPage } from '../pages/NotFoundPage';
import { BUILT_IN_FUNNEL_ID } from '../builtInFunnel';
import { usePageTitle } from '../usePageTitle';
import { GenericErrorPage } from '../ui/ErrorPage';
import { displayRegistration } from './displayRegistration';
import {
  claimOnEarlierVersion,
  duplicateClaimNotice,
  reviewAndSign,
  stepForm,
} from './formsOnDemand';
import { SlimStepForm } from './SlimStepForm';
import type { StepFormProps } from './useStepForm';

interface StepAddress {
  funnelId: string;
  pageId: string;
  /** The claim owner named in the URL; undefined means the signed-in claimant. */
  userId: string | undefined;
}

function useStepAddress(builtInStep: string | undefined): StepAddress {
  const params = useParams();
  if (builtInStep) return { funnelId: BUILT_IN_FUNNEL_ID, pageId: builtInStep, userId: params.id };
  return { funnelId: params.funnelId ?? '', pageId: params.pageId ?? '', userId: params.userId };
}

const earlierVersionPages = new Map<string, Promise<boolean>>();

/**
 * Whether an earlier version of the funnel has this page (a claim on it may still be
 * finishing there): one promise per page, so a screen suspended on it resumes with it.
 */
function isEarlierVersionPage(funnelId: string, pageId: string): Promise<boolean> {
  const key = `${funnelId}/${pageId}`;
  let found = earlierVersionPages.get(key);
  if (!found) {
    found = import('../funnelVersions')
      .then(({ isPageOfAnEarlierVersion }) => isPageOfAnEarlierVersion(funnelId, pageId))
      .catch(() => false);
    earlierVersionPages.set(key, found);
  }
  return found;
}

/** True when the validators of every page can run (they load when the browser is idle). */
function useAllValidators(): boolean {
  const [loaded, setLoaded] = useState(allValidatorsLoaded);
  useEffect(() => {
    if (loaded) return;
    let stopTrying = () => {};
    // After the frame that shows the page: what only Continue needs does not delay it.
    const frame = requestAnimationFrame(() =>
      setTimeout(() => {
        stopTrying = retryUntilDone(() => loadAllValidators().then(() => setLoaded(true)), window);
      }),
    );
    return () => {
      cancelAnimationFrame(frame);
      stopTrying();
    };
  }, [loaded]);
  return loaded;
}

/** A page's title: pages of different funnels share titles ("Your details"), so it names the funnel. */
export function stepTitle(funnel: Funnel, page: FunnelPage): string {
  return `${page.title} – ${funnel.title}`;
}

/**
 * A funnel page. Unknown funnels and pages are 404s (spec: route validation); a later page
 * waits for its validators (those of first pages come with the app) while the page before
 * it stays on screen.
 */
export function FormStepRoute({ builtInStep }: { builtInStep?: string }) {
  const address = useStepAddress(builtInStep);
  const user = useAppSelector(selectAuthUser);
  const registry = funnelRegistry();
  const funnel = registry.getFunnel(address.funnelId);
  const page = registry.getPage(address.funnelId, address.pageId);
  if (!funnel) {
    const problems = funnelProblems(address.funnelId);
    if (problems.length > 0)
      return <BrokenFunnelPage funnelId={address.funnelId} problems={problems} />;
    return <NotFoundPage />;
  }
  if (!page && !use(isEarlierVersionPage(address.funnelId, address.pageId))) {
    return <NotFoundPage />;
  }
  if (page && page.pageId !== funnel.pages[0]?.pageId && !allValidatorsLoaded()) {
    use(loadAllValidators());
  }
  if (funnel && !page && user && (!address.userId || address.userId === user.uid)) {
    return (
      <claimOnEarlierVersion.Component
        funnel={funnel}
        pageId={address.pageId}
        uid={user.uid}
        renderStep={stepOnItsVersion(user.uid)}
      />
    );
  }
  if (!page) return <GenericErrorPage message="Page Not Found" />;
  // A funnel's first page, opened without a claim owner in its URL, shows its questions
  // before the session exists (and is prerendered): what is typed is kept and saved once it does.
  const opensBeforeSession = !address.userId && page.pageId === funnel.pages[0]?.pageId;
  if (!user && !opensBeforeSession) return <p aria-live="polite">Loading your claim…</p>;
  if (user && address.userId && address.userId !== user.uid) {
    return <SignInAsOwner />;
  }
  return <ClaimStep registry={registry} funnel={funnel} page={page} uid={user?.uid ?? null} />;
}

/** The step as the claim's own version has it (see ClaimOnItsVersion). */
const stepOnItsVersion =
  (uid: string) =>
  (step: Pick<ComponentProps<typeof ClaimStep>, 'registry' | 'funnel' | 'page' | 'notice'>) => (
    <ClaimStep key={step.funnel.version} uid={uid} {...step} />
  );

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

function ClaimStep({
  registry,
  funnel,
  page,
  uid,
  notice,
}: {
  /** The registry holding the funnel at the version shown (the claim's own, see ClaimOnItsVersion). */
  registry: FunnelRegistry;
  funnel: Funnel;
  page: FunnelPage;
  /** Null until the session exists (only a funnel's first page shows before it). */
  uid: string | null;
  /** Shown above the questions (the offer of a newer version). */
  notice?: ReactNode;
}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const navigator = registry.navigator(funnel.funnelId)!;
  const { loadStatus, draft } = useClaimDraft(funnel, page, uid, navigator);
  const [duplicate, setDuplicate] = useState<DuplicateFound | null>(null);
  const keepEdit = useKeptEdits(funnel.funnelId, uid, page.pageId);
  const validatorsLoaded = useAllValidators();
  // Everything this page needs from the session and the server; until then only a first page shows.
  const ready =
    uid !== null && loadStatus === 'loaded' && draft?.ownerUid === uid && validatorsLoaded;
  // Answers typed before the claim loaded win over the claim's (they are newer); Continue
  // pressed before it waits for it.
  const [typedBeforeReady, setTypedBeforeReady] = useState(false);
  const [continueWhenReady, setContinueWhenReady] = useState<PageAnswers | null>(null);
  const answers = (ready && draft?.answers) || {};
  const urlOf = (pageId: string) => pageUrl(funnel.funnelId, pageId, uid ?? '');
  // Shown before its claim loaded, the first page is filled from it then: what was typed
  // here wins field by field over the page as continued, or as told in an earlier claim.
  const fillFromClaim = useMemo(
    () =>
      ready
        ? {
            ...(draft?.answers[page.pageId] ?? draft?.knownAnswers[page.schema]),
            ...draft?.typed[page.pageId],
          }
        : undefined,
    [ready, draft, page.pageId, page.schema],
  );

  /** Continue with the page's valid answers, once the session and the claim are here. */
  const continueWith = (typed: PageAnswers): void => {
    if (!ready || !uid || !draft) {
      setContinueWhenReady(typed);
      return;
    }
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
  };
  const continueNowReady = useEffectEvent((typed: PageAnswers) => {
    setContinueWhenReady(null);
    continueWith(typed);
  });
  useEffect(() => {
    if (!continueWhenReady || !ready) return;
    // After this render has committed: continuing navigates.
    const timer = setTimeout(() => continueNowReady(continueWhenReady));
    return () => clearTimeout(timer);
  }, [continueWhenReady, ready]);
  usePageTitle(
    duplicate ? `You already have a claim for ${duplicate.registration}` : stepTitle(funnel, page),
  );

  if (loadStatus === 'failed') {
    return <GenericErrorPage message="Sorry, we could not load your claim" />;
  }
  // A claim on an earlier version is shown as that version has it.
  if (ready && uid && draft.funnelVersion !== null && draft.funnelVersion !== funnel.version) {
    return (
      <claimOnEarlierVersion.Component
        funnel={funnel}
        pageId={page.pageId}
        uid={uid}
        renderStep={stepOnItsVersion(uid)}
      />
    );
  }
  const firstPage = page.pageId === funnel.pages[0]?.pageId;
  if (!ready && !firstPage) return <p aria-live="polite">Loading your claim…</p>;

  const progress = navigator.progress(page.pageId, answers);
  const previous = navigator.previous(page.pageId, answers);
  const schema = registry.bundlePageSchema(page.schema)!;
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

  if (ready && uid && draft && (page.kind === 'review-and-sign' || draft.status === 'submitted')) {
    return (
      <reviewAndSign.Component
        registry={registry}
        notice={notice}
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
      <duplicateClaimNotice.Component
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
  const known = ready ? draft?.knownAnswers[page.schema] : undefined;
  const typed = ready ? draft?.typed[page.pageId] : undefined;
  const prefilled = !answers[page.pageId] && !!known && !typedBeforeReady;
  const initialAnswers = typed ?? answers[page.pageId] ?? known;
  const slim = slimFormSupport(schema, page.uiSchema);

  // A claimant coming back to the first page (the "Your claim" link) is offered the page
  // where they stopped; they can still change their first answers here.
  const resumePage =
    page.pageId === funnel.pages[0]?.pageId && answers[page.pageId]
      ? navigator.resume(answers)
      : undefined;

  return (
    // The renderer is named for hydration: a prerendered RJSF page waits for RJSF (src/main.tsx).
    <div className="narrow" data-form-renderer={slim.slim ? 'slim' : 'rjsf'}>
      {backLink}
      {notice}
      {resumePage && resumePage.pageId !== page.pageId && (
        <div className="notice" data-testid="resume-notice">
          <p>
            Your answers so far are saved.{' '}
            <Link to={urlOf(resumePage.pageId)}>Continue from “{resumePage.title}”</Link>
          </p>
        </div>
      )}
      <StepFormOf
        key={`${funnel.funnelId}/${page.pageId}`}
        slimFields={slim.slim ? slim.fields : undefined}
        schema={schema}
        uiSchema={page.uiSchema as Record<string, unknown> | undefined}
        initialAnswers={initialAnswers}
        // The first page shows before its claim has loaded; the claim's answers fill it then.
        fillUntouched={fillFromClaim}
        validate={(data) => registry.validatePage(funnel.funnelId, page.pageId, data)}
        onEdit={(edited) => {
          if (!ready) setTypedBeforeReady(true);
          keepEdit(edited);
        }}
        submitLabel="Continue"
        busy={continueWhenReady !== null}
        onInvalid={(errors) =>
          dispatch(stepValidationFailed({ funnelId: funnel.funnelId, pageId: page.pageId, errors }))
        }
        onValid={continueWith}
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
      </StepFormOf>
      {continueWhenReady && (
        <p className="sync-status" aria-live="polite">
          Your answers are kept on this device. We’ll continue as soon as you’re connected.
        </p>
      )}
      <SyncStatusLine funnelId={funnel.funnelId} />
      <SaveAndComeBackLink funnelId={funnel.funnelId} />
    </div>
  );
}

/** The slim renderer where slimFormSupport allows it, RJSF (fetched when idle) elsewhere. */
function StepFormOf({
  slimFields,
  ...props
}: StepFormProps & { slimFields: Record<string, JsonSchemaObject> | undefined }) {
  return slimFields ? (
    <SlimStepForm {...props} fields={slimFields} />
  ) : (
    <stepForm.Component {...props} />
  );
}
