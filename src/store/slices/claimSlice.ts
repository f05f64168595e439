import { createSlice, current, isDraft, type PayloadAction } from '@reduxjs/toolkit';
import {
  nextEditStamp,
  stampEdit,
  type FieldStamps,
  type KeptClaim,
  type KnownAnswers,
} from '../../runtime/claim';
import type { ClaimStatus, ClaimSummary, ClaimView } from '../../runtime/contract';
import type { PageAnswers } from '../../runtime/funnel';
import { authStateChanged } from './authSlice';

/** Where a claim's answers stand against the server copy. */
export type SyncStatus =
  | { state: 'idle' }
  | { state: 'saving' }
  | { state: 'saved' }
  /**
   * `offline`: the gateway could not be reached (kept here, retried with backoff, on
   * reconnect, focus and the next load), and the status line says so in its own words
   * (`sync.offline`); otherwise the gateway refused the answers, and `message` is its reason
   * as it sent it (null when offline).
   * `retrying`: a retry of an offline save is on its way. The state stays `failed` while
   * it is, so the status line (a live region) says "kept on this device" once, not again
   * with every retry, and the failures keep counting for the backoff.
   */
  | {
      state: 'failed';
      message: string | null;
      offline: boolean;
      attempts: number;
      retrying: boolean;
    };

/**
 * Why a claim was not sent: the gateway's refusal (`message`, as it sent it), or one of ours,
 * which the check-and-sign page says in its own words (`savedHereOnly`: some answers are on
 * this device only; `unreachable`: the gateway could not be reached or failed).
 */
export type SubmitFailure =
  { reason: 'refused'; message: string } | { reason: 'savedHereOnly' | 'unreachable' };

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface ClaimDraft {
  /** The server's id of this claim; null until its first save returns. */
  claimId: string | null;
  funnelId: string;
  /**
   * The funnel version the claim is on (it is shown and checked against that version); null
   * for a claim the server has not told us of yet (a new claim starts on the current one).
   */
  funnelVersion: number | null;
  ownerUid: string;
  answers: Record<string, PageAnswers>;
  currentPageId: string | null;
  status: ClaimStatus;
  reference: string | null;
  unsavedPageIds: string[];
  sync: SyncStatus;
  submittedAt: string | null;
  submission:
    { state: 'idle' } | { state: 'submitting' } | { state: 'failed'; failure: SubmitFailure };
  /** The claimant's other claims in this funnel that name a vehicle (for duplicate checks). */
  otherClaims: ClaimSummary[];
  /** What is typed on pages not yet continued, kept as it is typed (never lost on a reload). */
  typed: Record<string, PageAnswers>;
  /** When each field of each page was last edited here, sent with saves (later edit wins). */
  stamps: Record<string, FieldStamps>;
  /** The last edit stamp given out, so stamps only go forward. */
  lastStamp: number;
  /** What the claimant already told us about themselves, by page schema (offered pre-filled). */
  knownAnswers: KnownAnswers;
  /**
   * The language the claimant last continued a page in, when the funnel offers it: sent with
   * saves, so the claim records it (its emails and letter are written in it).
   */
  locale?: string;
  /** The language the server holds for the claim (its emails are in it); not sent back. */
  recordedLocale?: string;
}

export interface ClaimState {
  /** The signed-in claimant's current claim in each funnel (their draft, or the last sent). */
  byFunnel: Record<string, ClaimDraft>;
  load: Record<string, LoadStatus>;
  /**
   * This browser's last session and the claims it kept, read before Firebase restores the
   * session (src/main.tsx), so a returning claimant's first page is drawn from the first
   * render: with their answers, or as loading them. Never loaded: each claim still loads.
   */
  lastVisit: { ownerUid: string; kept: Record<string, KeptClaim> } | null;
}

const initialState: ClaimState = { byFunnel: {}, load: {}, lastVisit: null };

function emptyDraft(funnelId: string, ownerUid: string): ClaimDraft {
  return {
    claimId: null,
    funnelId,
    funnelVersion: null,
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
    typed: {},
    stamps: {},
    lastStamp: 0,
    knownAnswers: {},
  };
}

function plain<T>(value: T): T {
  // Immer's current() is typed for drafts only; isDraft checked this is one, and it returns a plain copy of the same shape.
  return isDraft(value) ? (current(value as never) as T) : value;
}

/** Stamps the fields an edit of a page changed, against what the draft held for it. */
function recordEdit(draft: ClaimDraft, pageId: string, answers: PageAnswers, editedAt: number) {
  const before = plain(draft.typed[pageId] ?? draft.answers[pageId] ?? {});
  const stamp = nextEditStamp(draft.lastStamp, editedAt);
  const stamps = stampEdit(before, answers, plain(draft.stamps[pageId] ?? {}), stamp);
  if (JSON.stringify(stamps) !== JSON.stringify(plain(draft.stamps[pageId] ?? {}))) {
    draft.stamps[pageId] = stamps;
    draft.lastStamp = stamp;
  }
}

/**
 * True when no save of the draft is under way: every page is sent, or sending failed and no
 * retry is in flight (what a submit or a sign-in waits for before going on).
 */
export function savesSettled(draft: Pick<ClaimDraft, 'unsavedPageIds' | 'sync'>): boolean {
  return (
    draft.unsavedPageIds.length === 0 || (draft.sync.state === 'failed' && !draft.sync.retrying)
  );
}

export const claimSlice = createSlice({
  name: 'claim',
  initialState,
  reducers: {
    /** What this browser kept on its last session's visits, found as the app starts. */
    lastVisitFound(
      state,
      action: PayloadAction<{
        ownerUid: string;
        drafts: Array<{
          funnelId: string;
          claimId?: string | null;
          funnelVersion?: number | null;
          answers: Record<string, PageAnswers>;
          typed?: Record<string, PageAnswers>;
          currentPageId?: string | null;
        }>;
      }>,
    ) {
      const kept: Record<string, KeptClaim> = {};
      for (const draft of action.payload.drafts) {
        kept[draft.funnelId] = {
          claimId: draft.claimId ?? null,
          funnelVersion: draft.funnelVersion ?? null,
          answers: draft.answers,
          typed: draft.typed ?? {},
          currentPageId: draft.currentPageId ?? null,
        };
      }
      state.lastVisit = { ownerUid: action.payload.ownerUid, kept };
    },
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
        /** The version this browser's copy is on, for a claim loaded without the server. */
        funnelVersion?: number | null;
        otherClaims: ClaimSummary[];
        knownAnswers?: KnownAnswers;
        /**
         * This browser's unsent typing and edit stamps for the claim, when it has them, and the
         * language its unsent pages were continued in.
         */
        kept?: Pick<ClaimDraft, 'typed' | 'stamps' | 'lastStamp' | 'locale'>;
      }>,
    ) {
      const { funnelId, ownerUid, claimId, answers, currentPageId, unsavedPageIds, server } =
        action.payload;
      const kept = action.payload.kept;
      state.byFunnel[funnelId] = {
        ...emptyDraft(funnelId, ownerUid),
        claimId: server?.claimId ?? claimId,
        funnelVersion: server?.funnelVersion ?? action.payload.funnelVersion ?? null,
        answers,
        currentPageId,
        unsavedPageIds,
        status: server?.status ?? 'draft',
        reference: server?.reference ?? null,
        submittedAt: server?.submittedAt ?? null,
        otherClaims: action.payload.otherClaims,
        knownAnswers: action.payload.knownAnswers ?? {},
        typed: server?.status === 'submitted' ? {} : (kept?.typed ?? {}),
        stamps: kept?.stamps ?? {},
        lastStamp: kept?.lastStamp ?? 0,
        ...(kept?.locale ? { locale: kept.locale } : {}),
        ...(server?.locale ? { recordedLocale: server.locale } : {}),
        // A claim with nothing answered yet has nothing to report as saved.
        sync:
          unsavedPageIds.length > 0 || Object.keys(answers).length === 0
            ? { state: 'idle' }
            : { state: 'saved' },
      };
      state.load[funnelId] = 'loaded';
    },
    /** The claimant typed or chose something on a page (kept here at once, sent on Continue). */
    pageEdited: {
      reducer(
        state,
        action: PayloadAction<{
          funnelId: string;
          ownerUid: string;
          pageId: string;
          answers: PageAnswers;
          editedAt: number;
        }>,
      ) {
        const { funnelId, ownerUid, pageId, answers, editedAt } = action.payload;
        const draft = (state.byFunnel[funnelId] ??= emptyDraft(funnelId, ownerUid));
        if (draft.status === 'submitted') return;
        recordEdit(draft, pageId, answers, editedAt);
        draft.typed[pageId] = answers;
      },
      prepare(payload: {
        funnelId: string;
        ownerUid: string;
        pageId: string;
        answers: PageAnswers;
      }) {
        return { payload: { ...payload, editedAt: Date.now() } };
      },
    },
    /** The claimant pressed Continue on a valid page. */
    pageSubmitted: {
      reducer(
        state,
        action: PayloadAction<{
          funnelId: string;
          ownerUid: string;
          pageId: string;
          answers: PageAnswers;
          nextPageId: string | null;
          /** The version the page was drawn on: a claim not yet saved starts on it. */
          funnelVersion?: number;
          /** The language the page was read in, when the funnel offers it. */
          locale?: string;
          editedAt: number;
        }>,
      ) {
        const { funnelId, ownerUid, pageId, answers, nextPageId, editedAt } = action.payload;
        const draft = (state.byFunnel[funnelId] ??= emptyDraft(funnelId, ownerUid));
        draft.funnelVersion ??= action.payload.funnelVersion ?? null;
        if (action.payload.locale) draft.locale = action.payload.locale;
        recordEdit(draft, pageId, answers, editedAt);
        delete draft.typed[pageId];
        draft.answers[pageId] = answers;
        draft.currentPageId = nextPageId ?? pageId;
        if (!draft.unsavedPageIds.includes(pageId)) draft.unsavedPageIds.push(pageId);
      },
      prepare(payload: {
        funnelId: string;
        ownerUid: string;
        pageId: string;
        answers: PageAnswers;
        nextPageId: string | null;
        funnelVersion?: number;
        locale?: string;
      }) {
        return { payload: { ...payload, editedAt: Date.now() } };
      },
    },
    pageSaveStarted(state, action: PayloadAction<{ funnelId: string }>) {
      const draft = state.byFunnel[action.payload.funnelId];
      if (!draft) return;
      if (draft.sync.state === 'failed' && draft.sync.offline) draft.sync.retrying = true;
      else draft.sync = { state: 'saving' };
    },
    /**
     * The gateway holds a page: `answers` is what was sent, `storedAnswers` what it now holds
     * (a newer answer from another tab or device may have been kept over this save's).
     */
    pageSaved(
      state,
      action: PayloadAction<{
        funnelId: string;
        pageId: string;
        answers: PageAnswers;
        storedAnswers?: PageAnswers;
        claimId: string;
      }>,
    ) {
      const { pageId, answers, storedAnswers } = action.payload;
      const draft = state.byFunnel[action.payload.funnelId];
      if (!draft) return;
      draft.claimId = action.payload.claimId;
      // A newer edit of the same page may have arrived while this save was in flight.
      if (JSON.stringify(plain(draft.answers[pageId])) === JSON.stringify(answers)) {
        draft.unsavedPageIds = draft.unsavedPageIds.filter((id) => id !== pageId);
        if (storedAnswers) draft.answers[pageId] = storedAnswers;
      }
      draft.sync = draft.unsavedPageIds.length === 0 ? { state: 'saved' } : { state: 'saving' };
    },
    pageSaveFailed(
      state,
      action: PayloadAction<{ funnelId: string; message: string | null; offline: boolean }>,
    ) {
      const draft = state.byFunnel[action.payload.funnelId];
      if (!draft) return;
      const attempts = draft.sync.state === 'failed' ? draft.sync.attempts + 1 : 1;
      draft.sync = {
        state: 'failed',
        message: action.payload.message,
        offline: action.payload.offline,
        attempts,
        retrying: false,
      };
    },
    /** The gateway refused a page because the claim was sent meanwhile: nothing is left to send. */
    pagesDroppedAsSent(state, action: PayloadAction<{ funnelId: string }>) {
      const draft = state.byFunnel[action.payload.funnelId];
      if (!draft) return;
      draft.unsavedPageIds = [];
      draft.typed = {};
      draft.sync = { state: 'saved' };
    },
    /** Something may have changed for unsent answers (back online, focus, a timer): try again. */
    savesRetryRequested(_state, _action: PayloadAction<{ funnelId: string }>) {},
    /** `letterOfAuthorityVersion`: the letter the claimant was shown, checked by the gateway. */
    claimSubmitRequested(
      state,
      action: PayloadAction<{ funnelId: string; letterOfAuthorityVersion?: string }>,
    ) {
      const draft = state.byFunnel[action.payload.funnelId];
      if (draft) draft.submission = { state: 'submitting' };
    },
    claimSubmitFailed(state, action: PayloadAction<{ funnelId: string; failure: SubmitFailure }>) {
      const draft = state.byFunnel[action.payload.funnelId];
      if (draft) draft.submission = { state: 'failed', failure: action.payload.failure };
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
      draft.typed = {};
      draft.sync = { state: 'saved' };
      draft.submission = { state: 'idle' };
    },
    /**
     * The draft moved to the funnel's current version: the server's migrated answers replace
     * what this browser held for the earlier version's pages (the move is offered only when
     * nothing is waiting to be sent).
     */
    draftMovedToVersion(state, action: PayloadAction<{ claim: ClaimView }>) {
      const { claim } = action.payload;
      const draft = state.byFunnel[claim.funnelId];
      if (!draft) return;
      draft.funnelVersion = claim.funnelVersion;
      draft.answers = claim.answers;
      draft.currentPageId = claim.currentPageId;
      draft.unsavedPageIds = [];
      draft.typed = {};
      draft.stamps = {};
      draft.sync = { state: 'saved' };
    },
    /** The claimant chose another of their drafts in a funnel: load the funnel's claim again. */
    claimReloadRequested(state, action: PayloadAction<{ funnelId: string }>) {
      delete state.byFunnel[action.payload.funnelId];
      state.load[action.payload.funnelId] = 'idle';
    },
    /** A different claimant signed in: nothing of the previous one stays in memory. */
    claimsCleared() {
      return initialState;
    },
  },
  extraReducers: (builder) => {
    // The session restored is not the last visit's (signed out, or a new one): what that
    // visit kept is not this claimant's.
    builder.addCase(authStateChanged, (state, action) => {
      if (state.lastVisit && state.lastVisit.ownerUid !== action.payload?.uid)
        state.lastVisit = null;
    });
  },
});

export const {
  lastVisitFound,
  claimLoadStarted,
  claimLoadFailed,
  claimLoaded,
  draftMovedToVersion,
  pageEdited,
  pageSubmitted,
  pageSaveStarted,
  pagesDroppedAsSent,
  savesRetryRequested,
  pageSaved,
  pageSaveFailed,
  claimSubmitRequested,
  claimSubmitFailed,
  claimSubmitted,
  claimsCleared,
  claimReloadRequested,
} = claimSlice.actions;
