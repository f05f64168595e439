import { claimLocale } from '../../../funnelRegistry';
import { decideContinue } from '../../../../runtime/claim';
import type {
  Funnel,
  FunnelNavigator,
  FunnelPage,
  FunnelRegistry,
  PageAnswers,
} from '../../../../runtime/funnel';
import type { ClaimDraft } from '../../../../store/slices/claimSlice';

/**
 * Where Continue leads from a page with these answers, and the page as it is kept (the
 * store's `pageSubmitted`): pure, apart from the step's hook that keeps it and moves on.
 */
export function decidePageContinue({
  registry,
  funnel,
  page,
  navigator,
  uid,
  answers,
  typed,
  otherClaims,
  changingFromReview,
}: {
  registry: FunnelRegistry;
  funnel: Funnel;
  page: FunnelPage;
  navigator: FunnelNavigator;
  uid: string;
  answers: Record<string, PageAnswers>;
  typed: PageAnswers;
  otherClaims: ClaimDraft['otherClaims'];
  changingFromReview: boolean;
}) {
  // Saved and shown back one way (postcodes, registrations), however they were typed.
  const data = registry.normalisePage(funnel.funnelId, page.pageId, typed);
  const outcome = decideContinue({
    navigator,
    pageId: page.pageId,
    answers: { ...answers, [page.pageId]: data },
    // As typed, so a duplicate notice names the vehicle as the claimant wrote it.
    pageAnswers: typed,
    subjectField: funnel.roles?.subject?.field,
    otherClaims,
    changingFromReview,
  });
  const nextPageId =
    outcome.kind === 'go'
      ? outcome.pageId
      : outcome.kind === 'duplicate'
        ? outcome.nextPageId
        : null;
  const submitted = {
    funnelId: funnel.funnelId,
    ownerUid: uid,
    pageId: page.pageId,
    answers: data,
    nextPageId,
    funnelVersion: funnel.version,
    locale: claimLocale(funnel),
  };
  return { submitted, outcome };
}
