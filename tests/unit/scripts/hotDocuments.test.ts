import { describe, expect, it } from 'vitest';
import { hotDocuments, kindOfPath } from '../../../scripts/bench/hotDocuments';

describe('hotDocuments', () => {
  it('finds the most writes to one document in any second and any minute, by sliding windows', () => {
    const writes = [
      // A shared counter: 3 writes within 1 s (900 ms apart at most), 5 in its minute.
      ...[0, 400, 900, 30_000, 59_000].map((at) => ({ path: 'rateLimits/x', at })),
      // A claim: 2 writes a second apart, never 2 in one second; 61 s later a third.
      ...[100, 1_100, 62_100].map((at) => ({ path: 'claims/a', at })),
    ];
    expect(hotDocuments(writes)).toEqual({
      documents: 2,
      writes: 8,
      inAnySecond: { path: 'rateLimits/x', writes: 3 },
      inAnyMinute: { path: 'rateLimits/x', writes: 5 },
    });
  });

  it('counts writes in any order, and a document written once a second for two minutes as 60 a minute', () => {
    const steady = Array.from({ length: 120 }, (_, second) => ({
      path: 'users/u',
      at: 5_000 + second * 1000,
    })).reverse();
    const figures = hotDocuments(steady);
    expect(figures.inAnySecond.writes).toBe(1);
    expect(figures.inAnyMinute.writes).toBe(60);
  });

  it('has nothing hot when nothing was written', () => {
    expect(hotDocuments([])).toMatchObject({ documents: 0, inAnyMinute: { writes: 0 } });
  });
});

describe('kindOfPath', () => {
  it('hides the ids and keeps the collections', () => {
    expect(kindOfPath('claims/u1_vehicle/history/e9')).toBe('claims/…/history/…');
  });
});
