import { describe, expect, it } from 'vitest';
import {
  funnelDropOff,
  median,
  type DropOffClaim,
} from '../../../../src/runtime/claim/funnelDropOff';

const PAGES = [
  { pageId: 'start', title: 'About you' },
  { pageId: 'address', title: 'Your address' },
  { pageId: 'sign', title: 'Check and send', kind: 'review-and-sign' },
];

const T0 = Date.parse('2026-11-01T10:00:00Z');
const at = (seconds: number) => T0 + seconds * 1000;

function draft(currentPageId: string, pagesSaved: DropOffClaim['pagesSaved']): DropOffClaim {
  return { sent: false, currentPageId, pagesSaved, submittedAt: null };
}

function sentClaim(
  startSeconds: number,
  addressSeconds: number,
  sendSeconds: number,
): DropOffClaim {
  return {
    sent: true,
    currentPageId: 'sign',
    pagesSaved: { start: at(0), address: at(startSeconds + addressSeconds) },
    submittedAt: at(startSeconds + addressSeconds + sendSeconds),
  };
}

describe('median', () => {
  it('is the middle value, the mean of the two middle ones for an even count, or null', () => {
    expect(median([])).toBeNull();
    expect(median([30])).toBe(30);
    expect(median([90, 10, 30])).toBe(30);
    expect(median([40, 10, 20, 30])).toBe(25);
  });
});

describe('funnelDropOff', () => {
  it('counts claims that reached each page, where drafts stop, and the completion rate', () => {
    const result = funnelDropOff(PAGES, [
      draft('start', {}), // opened the first page, saved nothing yet: no claim is stored for that
      draft('address', { start: at(0) }),
      draft('address', { start: at(0) }),
      draft('sign', { start: at(0), address: at(60) }),
      sentClaim(0, 60, 30),
    ]);
    expect(result.started).toBe(5);
    expect(result.sent).toBe(1);
    expect(result.completionRate).toBeCloseTo(0.2);
    expect(
      result.pages.map(({ pageId, reached, stoppedHere }) => [pageId, reached, stoppedHere]),
    ).toEqual([
      ['start', 5, 1],
      ['address', 4, 2],
      ['sign', 2, 1],
    ]);
  });

  it('times each page from the save before it to its own first save, and the sign page to the sending', () => {
    const result = funnelDropOff(PAGES, [
      sentClaim(0, 40, 10),
      sentClaim(0, 60, 20),
      sentClaim(0, 200, 90),
      draft('sign', { start: at(0), address: at(100) }),
    ]);
    const byPage = Object.fromEntries(result.pages.map((page) => [page.pageId, page]));
    // The first page is never timed: the claim starts when it is saved.
    expect(byPage.start).toMatchObject({ medianSeconds: null, timedClaims: 0 });
    expect(byPage.address).toMatchObject({ medianSeconds: 80, timedClaims: 4 });
    expect(byPage.sign).toMatchObject({ medianSeconds: 20, timedClaims: 3 });
  });

  it('follows the order the claimant saved in, so a branch that skips a page is timed from the page before it', () => {
    const pages = [
      { pageId: 'start', title: 'Start' },
      { pageId: 'finance', title: 'Finance' },
      { pageId: 'dealer', title: 'Dealer' },
    ];
    const result = funnelDropOff(pages, [draft('dealer', { start: at(0), dealer: at(45) })]);
    const byPage = Object.fromEntries(result.pages.map((page) => [page.pageId, page]));
    expect(byPage.finance).toMatchObject({ reached: 0, timedClaims: 0 });
    expect(byPage.dealer).toMatchObject({ reached: 1, medianSeconds: 45 });
  });

  it('counts a claim saved before first-save times were kept, without timing it', () => {
    const result = funnelDropOff(PAGES, [draft('address', { start: null })]);
    expect(result.pages[0]).toMatchObject({ reached: 1, timedClaims: 0, medianSeconds: null });
    expect(result.pages[1]).toMatchObject({ reached: 1, stoppedHere: 1 });
  });

  it("lists a page only another version has after the funnel's own, under its id", () => {
    const result = funnelDropOff(PAGES, [draft('old-page', { start: at(0), 'old-page': at(5) })]);
    expect(result.pages.map((page) => [page.pageId, page.title, page.inFunnel])).toEqual([
      ['start', 'About you', true],
      ['address', 'Your address', true],
      ['sign', 'Check and send', true],
      ['old-page', 'old-page', false],
    ]);
  });

  it('has no completion rate when no claim started', () => {
    const result = funnelDropOff(PAGES, []);
    expect(result).toMatchObject({ started: 0, sent: 0, completionRate: null });
    expect(result.pages.every((page) => page.reached === 0 && page.medianSeconds === null)).toBe(
      true,
    );
  });
});
