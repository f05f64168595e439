import { createSlice, current, isDraft, type PayloadAction } from '@reduxjs/toolkit';
import type { ClaimStatus, ClaimSummary, ClaimView } from '../../runtime/contract';
import type { PageAnswers } from '../../runtime/funnel';

/** Where a claim's answers stand against the server copy. */
export type SyncStatus =
  | { state: 'idle' }
  | { state: 'saving' }
  | { state: 'saved' }
  | { state: 'failed'; message: string };

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface ClaimDraft {
  /** The server's id of this claim; null until its first save returns. */
  claimId: string | null;
  funnelId: string;
  ownerUid: string;
  answers: Record<string, PageAnswers>;
  currentPageId: string | null;
  status: ClaimStatus;
  reference: string | null;
  unsavedPageIds: string[];
  sync: SyncStatus;
  submittedAt: string | null;
  submission: { state: 'idle' } | { state: 'submitting' } | { state: 'failed'; message: string };
  /** The claimant's other claims in this funnel that name a vehicle (for duplicate checks). */
  otherClaims: ClaimSummary[];
}

export interface ClaimState {
  /** The signed-in claimant's current claim in each funnel (their draft, or the last sent). */
  byFunnel: Record<string, ClaimDraft>;
  load: Record<string, LoadStatus>;
}

const initialState: ClaimState = { byFunnel: {}, load: {} };

function emptyDraft(funnelId: string, ownerUid: string): ClaimDraft {
  return {
    claimId: null,
    funnelId,
    ownerUid,
    answers: {},
    currentPageId: null,
    status: 'draft',
    reference: null,
    unsavedPageIds: [],
    sync: { state: 'idle' },
    submittedAt: null,
    submission: { state: 'idle' },
    otherClaims: [],
  };
}

export const claimSlice = createSlice({
  name: 'claim',
  initialState,
  reducers: {
    claimLoadStarted(state, action: PayloadAction<{ funnelId: string }>) {
      state.load[action.payload.funnelId] = 'loading';
    },
    claimLoadFailed(state, action: PayloadAction<{ funnelId: string }>) {
      state.load[action.payload.funnelId] = 'failed';
    },
    /** A claim arrived from this browser's storage, the server, or neither (a new claim). */
    claimLoaded(
      state,
      action: PayloadAction<{
        funnelId: string;
        ownerUid: string;
        claimId: string | null;
        answers: Record<string, PageAnswers>;
        currentPageId: string | null;
        unsavedPageIds: string[];
        server: ClaimView | null;
        otherClaims: ClaimSummary[];
      }>,
    ) {
      const { funnelId, ownerUid, claimId, answers, currentPageId, unsavedPageIds, server } =
        action.payload;
      state.byFunnel[funnelId] = {
        ...emptyDraft(funnelId, ownerUid),
        claimId: server?.claimId ?? claimId,
        answers,
        currentPageId,
        unsavedPageIds,
        status: server?.status ?? 'draft',
        reference: server?.reference ?? null,
        submittedAt: server?.submittedAt ?? null,
        otherClaims: action.payload.otherClaims,
        // A claim with nothing answered yet has nothing to report as saved.
        sync:
          unsavedPageIds.length > 0 || Object.keys(answers).length === 0
            ? { state: 'idle' }
            : { state: 'saved' },
      };
      state.load[funnelId] = 'loaded';
    },
    /** The claimant pressed Continue on a valid page. */
    pageSubmitted(
      state,
      action: PayloadAction<{
        funnelId: string;
        ownerUid: string;
        pageId: string;
        answers: PageAnswers;
        nextPageId: string | null;
      }>,
    ) {
      const { funnelId, ownerUid, pageId, answers, nextPageId } = action.payload;
      const draft = (state.byFunnel[funnelId] ??= emptyDraft(funnelId, ownerUid));
      draft.answers[pageId] = answers;
      draft.currentPageId = nextPageId ?? pageId;
      if (!draft.unsavedPageIds.includes(pageId)) draft.unsavedPageIds.push(pageId);
    },
    pageSaveStarted(state, action: PayloadAction<{ funnelId: string }>) {
      const draft = state.byFunnel[action.payload.funnelId];
      if (draft) draft.sync = { state: 'saving' };
    },
    pageSaved(
      state,
      action: PayloadAction<{
        funnelId: string;
        pageId: string;
        answers: PageAnswers;
        claimId: string;
      }>,
    ) {
      const draft = state.byFunnel[action.payload.funnelId];
      if (!draft) return;
      draft.claimId = action.payload.claimId;
      // A newer edit of the same page may have arrived while this save was in flight.
      const stored = draft.answers[action.payload.pageId];
      const storedPlain = stored && isDraft(stored) ? current(stored) : stored;
      if (JSON.stringify(storedPlain) === JSON.stringify(action.payload.answers)) {
        draft.unsavedPageIds = draft.unsavedPageIds.filter((id) => id !== action.payload.pageId);
      }
      draft.sync = draft.unsavedPageIds.length === 0 ? { state: 'saved' } : { state: 'saving' };
    },
    pageSaveFailed(state, action: PayloadAction<{ funnelId: string; message: string }>) {
      const draft = state.byFunnel[action.payload.funnelId];
      if (draft) draft.sync = { state: 'failed', message: action.payload.message };
    },
    /** `letterOfAuthorityVersion`: the letter the claimant was shown, checked by the gateway. */
    claimSubmitRequested(
      state,
      action: PayloadAction<{ funnelId: string; letterOfAuthorityVersion?: string }>,
    ) {
      const draft = state.byFunnel[action.payload.funnelId];
      if (draft) draft.submission = { state: 'submitting' };
    },
    claimSubmitFailed(state, action: PayloadAction<{ funnelId: string; message: string }>) {
      const draft = state.byFunnel[action.payload.funnelId];
      if (draft) draft.submission = { state: 'failed', message: action.payload.message };
    },
    claimSubmitted(state, action: PayloadAction<{ claim: ClaimView }>) {
      const { claim } = action.payload;
      const draft = state.byFunnel[claim.funnelId];
      if (!draft) return;
      draft.claimId = claim.claimId;
      draft.status = claim.status;
      draft.reference = claim.reference;
      draft.submittedAt = claim.submittedAt;
      draft.unsavedPageIds = [];
      draft.sync = { state: 'saved' };
      draft.submission = { state: 'idle' };
    },
    /** A different claimant signed in: nothing of the previous one stays in memory. */
    claimsCleared() {
      return initialState;
    },
  },
});

export const {
  claimLoadStarted,
  claimLoadFailed,
  claimLoaded,
  pageSubmitted,
  pageSaveStarted,
  pageSaved,
  pageSaveFailed,
  claimSubmitRequested,
  claimSubmitFailed,
  claimSubmitted,
  claimsCleared,
} = claimSlice.actions;
