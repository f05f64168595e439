import { describe, expect, it } from 'vitest';
import {
  clampStamps,
  isSameStampedPage,
  STAMP_LEAD_MS,
  mergeStampedPages,
  nextEditStamp,
  stampEdit,
} from '../../../../src/runtime/claim';

describe('nextEditStamp', () => {
  it('follows the clock, but never stands still or goes back', () => {
    expect(nextEditStamp(0, 1_000)).toBe(1_000);
    expect(nextEditStamp(1_000, 1_000)).toBe(1_001);
    expect(nextEditStamp(5_000, 1_000)).toBe(5_001);
  });
});

describe('stampEdit', () => {
  it('stamps the fields set, changed and cleared, and keeps the others', () => {
    const stamps = stampEdit(
      { a: 'x', b: 'y', c: 'z' },
      { a: 'x', b: 'Y', d: 'new' },
      { a: 5 },
      10,
    );
    expect(stamps).toEqual({ a: 5, b: 10, c: 10, d: 10 });
  });

  it('compares values, not identities (nested answers)', () => {
    expect(stampEdit({ s: { method: 'typed' } }, { s: { method: 'typed' } }, {}, 3)).toEqual({});
  });
});

describe('mergeStampedPages', () => {
  it('takes the first save as it is', () => {
    expect(mergeStampedPages(null, { answers: { a: 1 }, stamps: { a: 2 } })).toEqual({
      answers: { a: 1 },
      stamps: { a: 2 },
    });
  });

  it('keeps the later edit of each field: two tabs editing different fields both win', () => {
    const tabA = { answers: { first: 'Jane', last: 'Smith' }, stamps: { first: 20 } };
    const tabB = { answers: { first: 'J', last: 'Smyth' }, stamps: { last: 30 } };
    expect(mergeStampedPages(tabA, tabB)).toEqual({
      answers: { first: 'Jane', last: 'Smyth' },
      stamps: { first: 20, last: 30 },
    });
  });

  it('ignores a replayed older save (it never overwrites a newer answer)', () => {
    const stored = { answers: { town: 'Leeds' }, stamps: { town: 50 } };
    const replay = { answers: { town: 'York' }, stamps: { town: 40 } };
    expect(mergeStampedPages(stored, replay).answers).toEqual({ town: 'Leeds' });
  });

  it('keeps a field cleared by the later edit cleared', () => {
    const stored = { answers: { a: 'x', b: 'y' }, stamps: { a: 1, b: 1 } };
    const incoming = { answers: { a: 'x' }, stamps: { a: 1, b: 9 } };
    expect(mergeStampedPages(stored, incoming)).toEqual({
      answers: { a: 'x' },
      stamps: { a: 1, b: 9 },
    });
  });

  it('lets an unstamped save replace an unstamped page (saves from before stamps)', () => {
    expect(
      mergeStampedPages(
        { answers: { a: 'old' }, stamps: {} },
        { answers: { a: 'new' }, stamps: {} },
      ).answers,
    ).toEqual({ a: 'new' });
  });
});

describe('isSameStampedPage', () => {
  it('compares answers whatever their key order', () => {
    expect(
      isSameStampedPage(
        { answers: { a: 1, b: 2 }, stamps: {} },
        { answers: { b: 2, a: 1 }, stamps: { a: 3 } },
      ),
    ).toBe(true);
    expect(
      isSameStampedPage({ answers: { a: 1 }, stamps: {} }, { answers: { a: 2 }, stamps: {} }),
    ).toBe(false);
  });
});

describe('clampStamps', () => {
  const now = Date.UTC(2026, 10, 24, 12);
  it('keeps stamps up to five minutes ahead, and takes any further ahead as made now', () => {
    expect(
      clampStamps(
        { past: now - 60_000, fast: now + STAMP_LEAD_MS, far: 8_640_000_000_000_000 },
        now,
      ),
    ).toEqual({ past: now - 60_000, fast: now + STAMP_LEAD_MS, far: now });
  });
});
