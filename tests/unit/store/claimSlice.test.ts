import { describe, expect, it } from 'vitest';
import {
  claimLoaded,
  claimSlice,
  claimSubmitted,
  lastVisitFound,
  pageSaved,
  pageSaveFailed,
  pageSaveStarted,
  pageEdited,
  pagesDroppedAsSent,
  pageSubmitted,
  savesSettled,
  type ClaimState,
} from '../../../src/store/slices/claimSlice';
import { authStateChanged } from '../../../src/store/slices/authSlice';

const reduce = (
  state: ClaimState | undefined,
  ...actions: Parameters<typeof claimSlice.reducer>[1][]
) =>
  actions.reduce(
    (current, action) => claimSlice.reducer(current, action),
    state ?? claimSlice.getInitialState(),
  );

const start = { firstName: 'Ann' };

describe('claimSlice', () => {
  it('keeps a submitted page, moves to the next page and marks the page unsaved', () => {
    const state = reduce(
      undefined,
      pageSubmitted({
        funnelId: 'f',
        ownerUid: 'u1',
        pageId: 'start',
        answers: start,
        nextPageId: 'address',
      }),
    );
    const draft = state.byFunnel.f!;
    expect(draft.answers.start).toEqual(start);
    expect(draft.currentPageId).toBe('address');
    expect(draft.unsavedPageIds).toEqual(['start']);
  });

  it('clears a page from unsaved once the server confirms the same answers', () => {
    const submitted = reduce(
      undefined,
      pageSubmitted({
        funnelId: 'f',
        ownerUid: 'u1',
        pageId: 'start',
        answers: start,
        nextPageId: 'address',
      }),
    );
    const saved = reduce(
      submitted,
      pageSaved({
        funnelId: 'f',
        pageId: 'start',
        answers: submitted.byFunnel.f!.answers.start!,
        claimId: 'u1_f',
      }),
    );
    expect(saved.byFunnel.f!.unsavedPageIds).toEqual([]);
    expect(saved.byFunnel.f!.sync).toEqual({ state: 'saved' });
  });

  it('keeps a page unsaved when it was edited again while its save was in flight', () => {
    const first = reduce(
      undefined,
      pageSubmitted({
        funnelId: 'f',
        ownerUid: 'u1',
        pageId: 'start',
        answers: start,
        nextPageId: 'address',
      }),
    );
    const inFlight = first.byFunnel.f!.answers.start!;
    const edited = reduce(
      first,
      pageSubmitted({
        funnelId: 'f',
        ownerUid: 'u1',
        pageId: 'start',
        answers: { firstName: 'Bo' },
        nextPageId: 'address',
      }),
      pageSaved({ funnelId: 'f', pageId: 'start', answers: inFlight, claimId: 'u1_f' }),
    );
    expect(edited.byFunnel.f!.unsavedPageIds).toEqual(['start']);
  });

  it('reports a failed save and keeps the answers', () => {
    const state = reduce(
      undefined,
      pageSubmitted({
        funnelId: 'f',
        ownerUid: 'u1',
        pageId: 'start',
        answers: start,
        nextPageId: null,
      }),
      pageSaveFailed({ funnelId: 'f', message: 'offline', offline: true }),
      pageSaveFailed({ funnelId: 'f', message: 'offline', offline: true }),
    );
    expect(state.byFunnel.f!.sync).toEqual({
      state: 'failed',
      message: 'offline',
      offline: true,
      attempts: 2,
      retrying: false,
    });
    expect(state.byFunnel.f!.answers.start).toEqual(start);
  });

  it('a retry while offline keeps the status as it was and counts the failures on', () => {
    const submitted = pageSubmitted({
      funnelId: 'f',
      ownerUid: 'u1',
      pageId: 'start',
      answers: start,
      nextPageId: null,
    });
    const offline = pageSaveFailed({ funnelId: 'f', message: 'kept here', offline: true });
    const first = reduce(undefined, submitted, pageSaveStarted({ funnelId: 'f' }));
    expect(first.byFunnel.f!.sync).toEqual({ state: 'saving' });

    const failedOnce = reduce(first, offline);
    expect(savesSettled(failedOnce.byFunnel.f!)).toBe(true);
    const retrying = reduce(failedOnce, pageSaveStarted({ funnelId: 'f' }));
    // The status line reads state and message only: a retry changes neither.
    expect(retrying.byFunnel.f!.sync).toMatchObject({
      state: 'failed',
      message: 'kept here',
      retrying: true,
    });
    expect(savesSettled(retrying.byFunnel.f!)).toBe(false);
    const failedTwice = reduce(retrying, offline);
    expect(failedTwice.byFunnel.f!.sync).toMatchObject({ attempts: 2, retrying: false });
  });

  it('a save after the gateway refused the answers says it is saving again', () => {
    const state = reduce(
      undefined,
      pageSubmitted({
        funnelId: 'f',
        ownerUid: 'u1',
        pageId: 'start',
        answers: start,
        nextPageId: null,
      }),
      pageSaveFailed({ funnelId: 'f', message: 'Enter a real postcode', offline: false }),
      pageSaveStarted({ funnelId: 'f' }),
    );
    expect(state.byFunnel.f!.sync).toEqual({ state: 'saving' });
  });

  it('loads a claim and shows a submitted one with its reference', () => {
    const state = reduce(
      undefined,
      claimLoaded({
        funnelId: 'f',
        ownerUid: 'u1',
        claimId: null,
        answers: { start },
        currentPageId: 'sign',
        unsavedPageIds: [],
        server: null,
        otherClaims: [],
      }),
      claimSubmitted({
        claim: {
          claimId: 'u1_f',
          funnelId: 'f',
          funnelVersion: 1,
          status: 'submitted',
          answers: { start },
          currentPageId: 'sign',
          reference: 'VC-AAAA-BBBB',
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
          submittedAt: '2026-01-01T00:00:00.000Z',
          withdrawnAt: null,
          stage: 'sent',
          timeline: [{ stage: 'sent', at: '2026-01-01T00:00:00.000Z' }],
          locale: 'en-GB',
        },
      }),
    );
    expect(state.load.f).toBe('loaded');
    expect(state.byFunnel.f!.status).toBe('submitted');
    expect(state.byFunnel.f!.reference).toBe('VC-AAAA-BBBB');
  });

  it('keeps what is typed before Continue, with when each field was edited', () => {
    // An edit at a known time (the action creator stamps Date.now()).
    const edit = (answers: Record<string, unknown>, editedAt: number) => ({
      type: pageEdited.type,
      payload: { funnelId: 'f', ownerUid: 'u1', pageId: 'start', answers, editedAt },
    });
    const state = reduce(
      undefined,
      edit({ firstName: 'A' }, 100),
      edit({ firstName: 'An', lastName: 'B' }, 200),
      edit({ firstName: 'An', lastName: 'B' }, 300),
    );
    const draft = state.byFunnel.f!;
    expect(draft.typed.start).toEqual({ firstName: 'An', lastName: 'B' });
    expect(draft.stamps.start).toEqual({ firstName: 200, lastName: 200 });
    expect(draft.unsavedPageIds).toEqual([]);
  });

  it('moves typed answers to the page on Continue, into the outbox', () => {
    const state = reduce(
      undefined,
      pageEdited({ funnelId: 'f', ownerUid: 'u1', pageId: 'start', answers: { firstName: 'A' } }),
      pageSubmitted({
        funnelId: 'f',
        ownerUid: 'u1',
        pageId: 'start',
        answers: { firstName: 'Ann' },
        nextPageId: 'address',
      }),
    );
    const draft = state.byFunnel.f!;
    expect(draft.typed.start).toBeUndefined();
    expect(draft.answers.start).toEqual({ firstName: 'Ann' });
    expect(Object.keys(draft.stamps.start!)).toEqual(['firstName']);
    expect(draft.unsavedPageIds).toEqual(['start']);
  });

  it('takes the page as the server holds it once saved (a newer answer kept there wins)', () => {
    const state = reduce(
      undefined,
      pageSubmitted({
        funnelId: 'f',
        ownerUid: 'u1',
        pageId: 'start',
        answers: start,
        nextPageId: null,
      }),
      pageSaved({
        funnelId: 'f',
        pageId: 'start',
        answers: start,
        storedAnswers: { firstName: 'Ann', lastName: 'From another tab' },
        claimId: 'c1',
      }),
    );
    expect(state.byFunnel.f!.answers.start).toEqual({
      firstName: 'Ann',
      lastName: 'From another tab',
    });
    expect(state.byFunnel.f!.unsavedPageIds).toEqual([]);
  });

  it('drops unsent pages of a claim that was sent meanwhile', () => {
    const state = reduce(
      undefined,
      pageSubmitted({
        funnelId: 'f',
        ownerUid: 'u1',
        pageId: 'start',
        answers: start,
        nextPageId: null,
      }),
      pagesDroppedAsSent({ funnelId: 'f' }),
    );
    expect(state.byFunnel.f!.unsavedPageIds).toEqual([]);
  });

  it('holds what the last visit kept apart from the claim, until another session is known', () => {
    const visit = lastVisitFound({
      ownerUid: 'u1',
      drafts: [
        {
          funnelId: 'f',
          claimId: 'c1',
          funnelVersion: 1,
          answers: { start },
          currentPageId: 'address',
        },
      ],
    });
    const state = reduce(undefined, visit);
    // With the page the claimant was on, which the first page offers before the claim loads.
    expect(state.lastVisit).toEqual({
      ownerUid: 'u1',
      kept: {
        f: {
          claimId: 'c1',
          funnelVersion: 1,
          answers: { start },
          typed: {},
          currentPageId: 'address',
        },
      },
    });
    // Never taken for the loaded claim.
    expect(state.byFunnel.f).toBeUndefined();
    expect(state.load.f).toBeUndefined();
    const user = (uid: string) => ({ uid, isAnonymous: true }) as never;
    expect(reduce(state, authStateChanged(user('u1'))).lastVisit).not.toBeNull();
    expect(reduce(state, authStateChanged(user('u2'))).lastVisit).toBeNull();
    expect(reduce(state, authStateChanged(null)).lastVisit).toBeNull();
  });

  it('records the version a new claim was drawn on with its first page, and keeps it after', () => {
    const first = { funnelId: 'f', ownerUid: 'u1', answers: start, nextPageId: 'address' };
    const state = reduce(
      undefined,
      pageSubmitted({ ...first, pageId: 'start', funnelVersion: 3 }),
      pageSubmitted({ ...first, pageId: 'address', funnelVersion: 4 }),
    );
    expect(state.byFunnel.f?.funnelVersion).toBe(3);
  });

  it('records the language each page was continued in, the last one kept, none when not given', () => {
    const first = { funnelId: 'f', ownerUid: 'u1', answers: start, nextPageId: 'address' };
    const noChoice = reduce(undefined, pageSubmitted({ ...first, pageId: 'start' }));
    expect(noChoice.byFunnel.f?.locale).toBeUndefined();
    const state = reduce(
      undefined,
      pageSubmitted({ ...first, pageId: 'start', locale: 'cy' }),
      pageSubmitted({ ...first, pageId: 'address', locale: 'en-GB' }),
    );
    expect(state.byFunnel.f?.locale).toBe('en-GB');
    // A page continued where there was no choice keeps the language chosen before.
    expect(reduce(state, pageSubmitted({ ...first, pageId: 'more' })).byFunnel.f?.locale).toBe(
      'en-GB',
    );
  });

  it('keeps the language the server holds for a loaded claim apart from the one it sends', () => {
    const state = reduce(
      undefined,
      claimLoaded({
        funnelId: 'f',
        ownerUid: 'u1',
        claimId: 'c1',
        answers: {},
        currentPageId: null,
        unsavedPageIds: [],
        server: { claimId: 'c1', locale: 'cy' } as never,
        otherClaims: [],
      }),
    );
    expect(state.byFunnel.f?.recordedLocale).toBe('cy');
    expect(state.byFunnel.f?.locale).toBeUndefined();
  });
});
