import { drawBeforeLoad } from '../../../../runtime/claim';
import type { Funnel, FunnelPage } from '../../../../runtime/funnel';
import type { ClaimDraft, ClaimState } from '../../../../store/slices/claimSlice';

/**
 * What a claim page is filled from, before its claim has loaded and after: pure, so the
 * step's hook keeps only its state and the order of its effects.
 */
export function answersShown({
  ready,
  draft,
  uid,
  funnel,
  page,
  lastVisit,
  ownerInUrl,
}: {
  ready: boolean;
  draft: ClaimDraft | undefined;
  uid: string | null;
  funnel: Funnel;
  page: FunnelPage;
  lastVisit: ClaimState['lastVisit'];
  ownerInUrl: boolean;
}) {
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
  return { beforeLoad, kept, answers, typedShown };
}

/**
 * Shown before its claim loaded, the first page is filled from it then: what was typed
 * here wins field by field over the page as continued, or as told in an earlier claim.
 */
export function fillFromClaimOf(
  ready: boolean,
  draft: ClaimDraft | undefined,
  pageId: string,
  schema: string,
) {
  return ready
    ? { ...(draft?.answers[pageId] ?? draft?.knownAnswers[schema]), ...draft?.typed[pageId] }
    : undefined;
}
