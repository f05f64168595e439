import { lazy, use } from 'react';
import { useParams } from 'react-router-dom';
import { useAppSelector } from '../../store/hooks';
import { selectAuthUser } from '../../store/slices/authSlice';
import {
  funnelFilesLoaded,
  funnelProblems,
  funnelRegistry,
  laterPagesLoaded,
  loadFunnelFiles,
  loadLaterPages,
  offeredLocales,
} from '../funnelRegistry';
import { LanguageSwitch } from '../layout/LanguageSwitch';
import { NotFoundPage } from '../pages/site/NotFoundPage';
import { BUILT_IN_FUNNEL_ID } from '../builtInFunnel';
import { GenericErrorPage } from '../ui/ErrorPage';
import { claimOnEarlierVersion, signInAsOwner } from './formsOnDemand';
import { useAllValidators } from './step/useAllValidators';
import { formText } from './formText';
import { ClaimLoading } from './step/ClaimLoading';
import { ClaimStep, stepOnItsVersion } from './step/ClaimStep';

export { stepTitle } from './step/stepTitle';

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

/** Only the dev server shows it (a build with a broken funnel is refused), so on demand. */
const BrokenFunnelPage = lazy(() =>
  import('../pages/site/BrokenFunnelPage').then((module) => ({ default: module.BrokenFunnelPage })),
);

const earlierVersionPages = new Map<string, Promise<boolean>>();

/**
 * Whether an earlier version of the funnel has this page (a claim on it may still be
 * finishing there): one promise per page, so a screen suspended on it resumes with it.
 */
function isEarlierVersionPage(funnelId: string, pageId: string): Promise<boolean> {
  const key = `${funnelId}/${pageId}`;
  let found = earlierVersionPages.get(key);
  if (!found) {
    found = import('../versions/funnelVersions')
      .then(({ isPageOfAnEarlierVersion }) => isPageOfAnEarlierVersion(funnelId, pageId))
      .catch(() => false);
    earlierVersionPages.set(key, found);
  }
  return found;
}

/**
 * A funnel page. Unknown funnels and pages are 404s (an address is checked before anything
 * is drawn); a later page
 * waits for its validators (those of first pages come with the app) while the page before
 * it stays on screen.
 */
export function FormStepRoute({ builtInStep }: { builtInStep?: string }) {
  const address = useStepAddress(builtInStep);
  const user = useAppSelector(selectAuthUser);
  // Drawn again once every page's files and validators are here: a registry handed out before
  // then holds only the first pages, and the step (finding where a returning claimant stopped,
  // checking a later page) must read the one that holds them all.
  useAllValidators();
  // A funnel other than the one this page opened with may not be here yet (a build loads the
  // rest after the first page is drawn): the page before stays on screen until it is.
  if (!funnelFilesLoaded(address.funnelId)) use(loadFunnelFiles(address.funnelId));
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
  if (page && page.pageId !== funnel.pages[0]?.pageId && !laterPagesLoaded()) {
    use(loadLaterPages());
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
  if (!page) return <GenericErrorPage message={formText('step.notFound')} />;
  // A funnel's first page, opened without a claim owner in its URL, shows its questions
  // before the session exists (and is prerendered): what is typed is kept and saved once it does.
  const opensBeforeSession = !address.userId && page.pageId === funnel.pages[0]?.pageId;
  if (!user && !opensBeforeSession) return <ClaimLoading />;
  if (user && address.userId && address.userId !== user.uid) {
    return <signInAsOwner.Component />;
  }
  return (
    <>
      {/* The languages both the site and this funnel are complete in. */}
      <LanguageSwitch locales={offeredLocales(funnel)} />
      <ClaimStep
        registry={registry}
        funnel={funnel}
        page={page}
        uid={user?.uid ?? null}
        ownerInUrl={address.userId !== undefined}
      />
    </>
  );
}
