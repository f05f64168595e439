/**
 * The funnel as a graph of every route a claimant could take, assuming any condition may
 * match. Load-time checks use it to reject loops and pages no one can reach.
 */
import { pointerOf } from '../schema/jsonPointer';
import { isTerminalPage, pageIndexOf } from './navigation';
import type { Funnel } from '../types';

/** A possible move between pages, and where in the funnel file it is written. */
interface PageEdge {
  from: number;
  to: number;
  /** `/pages/i/next/j/goto` for a rule, `/pages/i` for the move to the following page. */
  pointer: string;
}

/** A loop: following `edge` returns to a page already on the route `pageIds`. */
interface PageCycle {
  edge: PageEdge;
  pageIds: string[];
}

/**
 * Every move possible from a page: each rule's target, up to and including the first rule
 * without `when` (it always matches, so nothing after it is tried), then the following page
 * unless such a rule exists. Terminal pages have none. Unknown targets are left out.
 */
export function pageEdges(funnel: Funnel, from: number): PageEdge[] {
  const page = funnel.pages[from];
  if (!page || isTerminalPage(page)) return [];
  const edges: PageEdge[] = [];
  for (const [ruleIndex, rule] of (page.next ?? []).entries()) {
    const to = pageIndexOf(funnel, rule.goto);
    if (to !== -1)
      edges.push({ from, to, pointer: pointerOf('pages', from, 'next', ruleIndex, 'goto') });
    if (rule.when === undefined) return edges;
  }
  if (from + 1 < funnel.pages.length)
    edges.push({ from, to: from + 1, pointer: pointerOf('pages', from) });
  return edges;
}

/** Every loop in the funnel, each reported once at the move that closes it. */
export function findCycles(funnel: Funnel): PageCycle[] {
  const cycles: PageCycle[] = [];
  const state = new Array<'new' | 'open' | 'done'>(funnel.pages.length).fill('new');
  const route: number[] = [];
  const visit = (index: number): void => {
    state[index] = 'open';
    route.push(index);
    for (const edge of pageEdges(funnel, index)) {
      if (state[edge.to] === 'open') {
        const loop = route.slice(route.indexOf(edge.to)).concat(edge.to);
        cycles.push({ edge, pageIds: loop.map((i) => funnel.pages[i]!.pageId) });
      } else if (state[edge.to] === 'new') {
        visit(edge.to);
      }
    }
    route.pop();
    state[index] = 'done';
  };
  // Starting from every page also finds loops among pages the first page cannot reach.
  funnel.pages.forEach((_, index) => {
    if (state[index] === 'new') visit(index);
  });
  return cycles;
}

/** Indices of pages that no route from the first page reaches. */
export function findUnreachablePages(funnel: Funnel): number[] {
  const reached = new Set<number>([0]);
  const queue = [0];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const edge of pageEdges(funnel, next)) {
      if (!reached.has(edge.to)) {
        reached.add(edge.to);
        queue.push(edge.to);
      }
    }
  }
  return funnel.pages.map((_, index) => index).filter((index) => !reached.has(index));
}
