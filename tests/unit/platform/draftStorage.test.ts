import { describe, expect, it } from 'vitest';
import { draftStorage, type StoredDraft } from '../../../src/platform/browserStorage/draftStorage';
import { MemoryStorage } from '../../support/memoryStorage';

const memoryStorage = (): Storage => new MemoryStorage();

function draft(funnelId: string, unsavedPageIds: string[] = []): StoredDraft {
  return { funnelId, answers: {}, currentPageId: null, unsavedPageIds, updatedAt: 0 };
}

describe('draftStorage.removeAllOf', () => {
  it("removes every draft of the claimant and nobody else's", () => {
    const storage = memoryStorage();
    draftStorage.write('u1', draft('a'), storage);
    draftStorage.write('u1', draft('b', ['start']), storage);
    draftStorage.write('u10', draft('a'), storage);
    storage.setItem('other', 'kept');
    draftStorage.removeAllOf('u1', {}, storage);
    expect(draftStorage.read('u1', 'a', storage)).toBeNull();
    expect(draftStorage.read('u1', 'b', storage)).toBeNull();
    expect(draftStorage.read('u10', 'a', storage)).not.toBeNull();
    expect(storage.getItem('other')).toBe('kept');
  });

  it('keeps answers still waiting to be sent when asked to', () => {
    const storage = memoryStorage();
    draftStorage.write('u1', draft('a'), storage);
    draftStorage.write('u1', draft('b', ['start']), storage);
    draftStorage.removeAllOf('u1', { keepUnsent: true }, storage);
    expect(draftStorage.read('u1', 'a', storage)).toBeNull();
    expect(draftStorage.read('u1', 'b', storage)?.unsavedPageIds).toEqual(['start']);
  });

  it('keeps the latest claim apart from the drafts, and removes it with them', () => {
    const storage = memoryStorage();
    const latest = { funnelId: 'a', claimId: 'u1_a', currentPageId: null, sent: true };
    draftStorage.writeLatest('u1', latest, storage);
    draftStorage.write('u1', draft('a'), storage);
    expect(draftStorage.readLatest('u1', storage)).toEqual(latest);
    expect(draftStorage.readLatest('u2', storage)).toBeNull();
    // Not a draft: a sent claim's answers are gone from here, its place in "Your claim" is not.
    draftStorage.remove('u1', 'a', storage);
    expect(draftStorage.readLatest('u1', storage)).toEqual(latest);
    draftStorage.removeAllOf('u1', { keepUnsent: true }, storage);
    expect(draftStorage.readLatest('u1', storage)).toBeNull();
  });
});

describe('draftStorage.allOf', () => {
  it("lists every draft of the claimant, with its version, and nobody else's", () => {
    const storage = memoryStorage();
    draftStorage.write('u1', { ...draft('a'), funnelVersion: 2 }, storage);
    draftStorage.write('u1', draft('b'), storage);
    draftStorage.write('u10', draft('c'), storage);
    storage.setItem('claimDraft:u1:broken', 'not json');
    const kept = draftStorage.allOf('u1', storage);
    expect(kept.map((d) => d.funnelId).sort()).toEqual(['a', 'b']);
    expect(kept.find((d) => d.funnelId === 'a')?.funnelVersion).toBe(2);
  });
});

describe('draftStorage reads', () => {
  it('takes a copy that is unreadable or of another shape for no copy at all', () => {
    const storage = memoryStorage();
    const key = `claimDraft:u1:a`;
    for (const kept of ['not json', 'null', '[]', '"text"', '{"answers":null}', '{"answers":[]}']) {
      storage.setItem(key, kept);
      expect(draftStorage.read('u1', 'a', storage), kept).toBeNull();
    }
    storage.setItem('claimLatest:u1', '{"funnelId":7}');
    expect(draftStorage.readLatest('u1', storage)).toBeNull();
    storage.setItem('claimLatest:u1', '{');
    expect(draftStorage.readLatest('u1', storage)).toBeNull();
  });

  it('reads nothing, without throwing, from storage that refuses to be read', () => {
    const blocked = memoryStorage();
    blocked.getItem = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    expect(draftStorage.read('u1', 'a', blocked)).toBeNull();
    expect(draftStorage.readLatest('u1', blocked)).toBeNull();
  });

  it('gives back a copy it wrote', () => {
    const storage = memoryStorage();
    draftStorage.write('u1', draft('a', ['start']), storage);
    expect(draftStorage.read('u1', 'a', storage)).toEqual(draft('a', ['start']));
  });
});
