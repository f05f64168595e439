/**
 * A claim loaded from the server and this browser's copy together: pages still in the outbox
 * keep the language they were continued in, so their save records it after a reload.
 */
import { describe, expect, it } from 'vitest';
import { combine } from '../../../src/store/claimSync';
import { claimLoaded, claimSlice } from '../../../src/store/slices/claimSlice';
import type { StoredDraft } from '../../../src/platform/browserStorage/draftStorage';
import type { ClaimView } from '../../../src/runtime/contract';

const kept = (unsavedPageIds: string[]): StoredDraft => ({
  funnelId: 'f',
  claimId: 'c1',
  answers: { start: { name: 'Megan' }, town: { town: 'Aberystwyth' } },
  currentPageId: 'town',
  unsavedPageIds,
  locale: 'cy',
  updatedAt: 1,
});
const server = { claimId: 'c1', status: 'draft', answers: { start: { name: 'Megan' } } };

const loaded = (copy: StoredDraft) =>
  claimSlice.reducer(
    undefined,
    claimLoaded({
      funnelId: 'f',
      ownerUid: 'u1',
      ...combine(server as unknown as ClaimView, copy),
      server: server as unknown as ClaimView,
      otherClaims: [],
    }),
  ).byFunnel.f!;

describe('a claim loaded with this browser’s copy', () => {
  it('sends the outbox’s pages in the language they were continued in', () => {
    const draft = loaded(kept(['town']));
    expect(draft.unsavedPageIds).toEqual(['town']);
    expect(draft.locale).toBe('cy');
  });

  it('takes no language from a copy whose pages were all sent', () => {
    expect(loaded(kept([])).locale).toBeUndefined();
  });
});
