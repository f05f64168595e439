import { describe, expect, it } from 'vitest';
import {
  claimLoaded,
  claimSlice,
  claimSubmitted,
  pageSaved,
  pageSaveFailed,
  pageSubmitted,
  type ClaimState,
} from '../../../src/store/slices/claimSlice';

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
      pageSaveFailed({ funnelId: 'f', message: 'offline' }),
    );
    expect(state.byFunnel.f!.sync).toEqual({ state: 'failed', message: 'offline' });
    expect(state.byFunnel.f!.answers.start).toEqual(start);
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
        },
      }),
    );
    expect(state.load.f).toBe('loaded');
    expect(state.byFunnel.f!.status).toBe('submitted');
    expect(state.byFunnel.f!.reference).toBe('VC-AAAA-BBBB');
  });
});
