import { claimLocale } from '../../funnelRegistry';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { decideContinue, drawBeforeLoad } from '../../../runtime/claim';
import type { ClaimSummary } from '../../../runtime/contract';
import type { Funnel, FunnelPage, FunnelRegistry, PageAnswers } from '../../../runtime/funnel';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { pageSubmitted } from '../../../store/slices/claimSlice';
import { displayRegistration } from '../displayRegistration';
import { CHANGE_FROM_REVIEW, CHANGE_PARAM, pageUrl } from '../pageUrl';
import { useClaimDraft } from '../useClaimDraft';
import { useAllValidators } from './useAllValidators';

/** Another claim for the vehicle just entered, shown before the claimant moves on. */
interface DuplicateFound {
  registration: string;
  claims: ClaimSummary[];
  nextUrl: string | null;
}

/**
 * A claim page's state: whether it is ready (the session, the claim and every page's
 * validators are here), what fills it, and Continue. Continue pressed before it is ready
 * waits for it (the page says so); once ready, the answers are kept whatever happens next,
 * then the claimant moves on, or is shown another claim for the same vehicle first.
 */
// eslint-disable-next-line max-lines-per-function -- not yet split into its steps
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
  const [duplicate, setDuplicate] = useState<DuplicateFound | null>(null);
  const validatorsLoaded = useAllValidators();
  const ready =
    uid !== null && loadStatus === 'loaded' && draft?.ownerUid === uid && validatorsLoaded;
  // Answers typed before the claim loaded win over the claim's (they are newer).
  const [typedBeforeReady, setTypedBeforeReady] = useState(false);
  const [continueWhenReady, setContinueWhenReady] = useState<PageAnswers | null>(null);
  const lastVisit = useAppSelector((state) => state.claim.lastVisit);
  const lastVisitIsTheirs = !!lastVisit && (uid === null || lastVisit.ownerUid === uid);
  const beforeLoad = ready
    ? null
    : drawBeforeLoad({
        firstPage: page.pageId === funnel.pages[0]?.pageId,
        version: funnel.version,
        returning: lastVisitIsTheirs || ownerInUrl,
        kept: (lastVisitIsTheirs && lastVisit.kept[funnel.funnelId]) || null,
      });
  const kept = beforeLoad?.show === 'kept' ? beforeLoad.kept : null;
  // Until the claim loads, the first page shows what this browser kept of it (on this version).
  const answers = (ready && draft?.answers) || kept?.answers || {};
  // Typed here and kept in the store before the claim loaded (the page drawn again meanwhile,
  // in another language) is newer than this browser's copy of the last visit.
  const typedHere = uid !== null && draft?.ownerUid === uid ? draft.typed : undefined;
  const typedShown = ready ? draft?.typed : { ...kept?.typed, ...typedHere };
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
      subjectField: funnel.roles?.subject?.field,
      otherClaims: draft.otherClaims,
      changingFromReview: searchParams.get(CHANGE_PARAM) === CHANGE_FROM_REVIEW,
    });
    const nextPageId =
      outcome.kind === 'go'
        ? outcome.pageId
        : outcome.kind === 'duplicate'
          ? outcome.nextPageId
          : null;
    dispatch(
      pageSubmitted({
        funnelId: funnel.funnelId,
        ownerUid: uid,
        pageId: page.pageId,
        answers: data,
        nextPageId,
        funnelVersion: funnel.version,
        locale: claimLocale(funnel),
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

  return {
    navigator,
    loadStatus,
    draft,
    ready,
    answers,
    typedShown,
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
    leaveDuplicate: (andContinue: boolean) => {
      setDuplicate(null);
      if (andContinue && duplicate?.nextUrl) navigate(duplicate.nextUrl);
    },
  };
}

export type StepState = ReturnType<typeof useStepContinue>;
