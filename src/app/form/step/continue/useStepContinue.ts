import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { Funnel, FunnelPage, FunnelRegistry, PageAnswers } from '../../../../runtime/funnel';
import { useAppDispatch, useAppSelector } from '../../../../store/hooks';
import { pageSubmitted } from '../../../../store/slices/claimSlice';
import { displayRegistration } from '../../displayRegistration';
import { CHANGE_FROM_REVIEW, CHANGE_PARAM, pageUrl } from '../../pageUrl';
import { useClaimDraft } from '../../useClaimDraft';
import { useAllValidators } from '../useAllValidators';
import { answersShown, fillFromClaimOf } from './answersShown';
import { decidePageContinue } from './pageContinue';
import { useContinueOnceReady } from './useContinueOnceReady';
import { useDuplicateNotice } from './useDuplicateNotice';

/**
 * A claim page's state: whether it is ready (the session, the claim and every page's
 * validators are here), what fills it, and Continue. Continue pressed before it is ready
 * waits for it (the page says so); once ready, the answers are kept whatever happens next,
 * then the claimant moves on, or is shown another claim for the same vehicle first.
 */
export function useStepContinue(
  registry: FunnelRegistry,
  funnel: Funnel,
  page: FunnelPage,
  uid: string | null,
  /** The address names the claim's owner: a returning claimant, whose claim is the server's. */
  ownerInUrl = false,
) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const navigator = registry.navigator(funnel.funnelId)!;
  const { loadStatus, draft } = useClaimDraft(funnel, page, uid, navigator);
  const { duplicate, showDuplicate, leaveDuplicate } = useDuplicateNotice(navigate);
  const validatorsLoaded = useAllValidators();
  const ready =
    uid !== null && loadStatus === 'loaded' && draft?.ownerUid === uid && validatorsLoaded;
  // Answers typed before the claim loaded win over the claim's (they are newer).
  const [typedBeforeReady, setTypedBeforeReady] = useState(false);
  const [continueWhenReady, setContinueWhenReady] = useState<PageAnswers | null>(null);
  const lastVisit = useAppSelector((state) => state.claim.lastVisit);
  const shown = answersShown({ ready, draft, uid, funnel, page, lastVisit, ownerInUrl });
  const { beforeLoad, kept, answers } = shown;
  const urlOf = (pageId: string) => pageUrl(funnel.funnelId, pageId, uid ?? '');
  const fillFromClaim = useMemo(
    () => fillFromClaimOf(ready, draft, page.pageId, page.schema),
    [ready, draft, page.pageId, page.schema],
  );

  const continueWith = (typed: PageAnswers): void => {
    if (!ready || !uid || !draft) {
      setContinueWhenReady(typed);
      return;
    }
    const { submitted, outcome } = decidePageContinue({
      registry,
      funnel,
      page,
      navigator,
      uid,
      answers,
      typed,
      otherClaims: draft.otherClaims,
      changingFromReview: searchParams.get(CHANGE_PARAM) === CHANGE_FROM_REVIEW,
    });
    dispatch(pageSubmitted(submitted));
    if (outcome.kind === 'go') navigate(urlOf(outcome.pageId));
    if (outcome.kind === 'duplicate') {
      showDuplicate({
        registration: displayRegistration(outcome.registration),
        claims: outcome.claims,
        nextUrl: outcome.nextPageId ? urlOf(outcome.nextPageId) : null,
      });
    }
  };
  useContinueOnceReady(continueWhenReady, ready, (typed) => {
    setContinueWhenReady(null);
    continueWith(typed);
  });

  return {
    navigator,
    loadStatus,
    draft,
    ready,
    answers,
    typedShown: shown.typedShown,
    /** Where the claim stood when this browser kept it, shown until the claim loads. */
    keptPageId: ready ? null : (kept?.currentPageId ?? null),
    /** Nothing of the page may be drawn yet: its claim's version and answers are not known. */
    waitsForClaim: beforeLoad?.show === 'loading',
    urlOf,
    fillFromClaim,
    typedBeforeReady,
    markTypedBeforeReady: () => setTypedBeforeReady(true),
    waitingToContinue: continueWhenReady !== null,
    continueWith,
    duplicate,
    leaveDuplicate,
  };
}

export type StepState = ReturnType<typeof useStepContinue>;
