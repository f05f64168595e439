import { describe, expect, it } from 'vitest';
import { findCycles, findUnreachablePages, pageEdges } from '../../../../src/runtime/funnel';
import { funnelOf, whenAnswer } from '../projectFiles';

const when = whenAnswer('a', 'x', 1);

describe('pageEdges', () => {
  it('lists each rule target, then the following page', () => {
    const funnel = funnelOf('f', [
      { pageId: 'a', title: 'A', schema: 's', next: [{ when, goto: 'c' }] },
      { pageId: 'b', title: 'B', schema: 's' },
      { pageId: 'c', title: 'C', schema: 's' },
    ]);
    expect(pageEdges(funnel, 0)).toEqual([
      { from: 0, to: 2, pointer: '/pages/0/next/0/goto' },
      { from: 0, to: 1, pointer: '/pages/0' },
    ]);
  });

  it('stops at a rule without a condition, which always matches', () => {
    const funnel = funnelOf('f', [
      { pageId: 'a', title: 'A', schema: 's', next: [{ goto: 'c' }, { when, goto: 'b' }] },
      { pageId: 'b', title: 'B', schema: 's' },
      { pageId: 'c', title: 'C', schema: 's' },
    ]);
    expect(pageEdges(funnel, 0).map((edge) => edge.to)).toEqual([2]);
  });

  it('has no edges from a page that ends the claim', () => {
    const funnel = funnelOf('f', [
      { pageId: 'a', title: 'A', schema: 's', kind: 'exit' },
      { pageId: 'b', title: 'B', schema: 's' },
    ]);
    expect(pageEdges(funnel, 0)).toEqual([]);
  });
});

describe('findCycles', () => {
  it('finds a loop closed by a rule, naming the pages in it', () => {
    const funnel = funnelOf('f', [
      { pageId: 'a', title: 'A', schema: 's' },
      { pageId: 'b', title: 'B', schema: 's' },
      { pageId: 'c', title: 'C', schema: 's', next: [{ when, goto: 'b' }] },
      { pageId: 'd', title: 'D', schema: 's', kind: 'review-and-sign' },
    ]);
    expect(findCycles(funnel)).toEqual([
      { edge: { from: 2, to: 1, pointer: '/pages/2/next/0/goto' }, pageIds: ['b', 'c', 'b'] },
    ]);
  });

  it('finds a page that goes to itself', () => {
    const funnel = funnelOf('f', [
      { pageId: 'a', title: 'A', schema: 's', next: [{ when, goto: 'a' }] },
    ]);
    expect(findCycles(funnel).map((cycle) => cycle.pageIds)).toEqual([['a', 'a']]);
  });

  it('finds loops among pages the first page cannot reach', () => {
    const funnel = funnelOf('f', [
      { pageId: 'a', title: 'A', schema: 's', kind: 'exit' },
      { pageId: 'b', title: 'B', schema: 's' },
      { pageId: 'c', title: 'C', schema: 's', next: [{ goto: 'b' }] },
    ]);
    expect(findCycles(funnel).map((cycle) => cycle.pageIds)).toEqual([['b', 'c', 'b']]);
  });

  it('accepts branches that rejoin (a diamond is not a loop)', () => {
    const funnel = funnelOf('f', [
      { pageId: 'a', title: 'A', schema: 's', next: [{ when, goto: 'c' }] },
      { pageId: 'b', title: 'B', schema: 's', next: [{ goto: 'd' }] },
      { pageId: 'c', title: 'C', schema: 's' },
      { pageId: 'd', title: 'D', schema: 's', kind: 'review-and-sign' },
    ]);
    expect(findCycles(funnel)).toEqual([]);
  });
});

describe('findUnreachablePages', () => {
  it('finds pages jumped over by an unconditional rule', () => {
    const funnel = funnelOf('f', [
      { pageId: 'a', title: 'A', schema: 's', next: [{ goto: 'c' }] },
      { pageId: 'b', title: 'B', schema: 's' },
      { pageId: 'c', title: 'C', schema: 's' },
    ]);
    expect(findUnreachablePages(funnel)).toEqual([1]);
  });

  it('finds pages after the page that ends every route', () => {
    const funnel = funnelOf('f', [
      { pageId: 'a', title: 'A', schema: 's' },
      { pageId: 'b', title: 'B', schema: 's', kind: 'review-and-sign' },
      { pageId: 'c', title: 'C', schema: 's' },
    ]);
    expect(findUnreachablePages(funnel)).toEqual([2]);
  });

  it('counts a page reachable through any conditional rule', () => {
    const funnel = funnelOf('f', [
      { pageId: 'a', title: 'A', schema: 's', next: [{ when, goto: 'c' }] },
      { pageId: 'b', title: 'B', schema: 's', kind: 'review-and-sign' },
      { pageId: 'c', title: 'C', schema: 's', kind: 'exit' },
    ]);
    expect(findUnreachablePages(funnel)).toEqual([]);
  });
});
