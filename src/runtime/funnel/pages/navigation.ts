/**
 * The navigation engine: pure functions from a funnel and the answers so far to the
 * claimant's path, next and previous page, progress and completeness.
 *
 * Semantics (also in schemas/funnel.schema.json):
 * - The path starts at the first page. From a page, the first `next` rule whose `when`
 *   matches gives the next page (a rule without `when` always matches); with no match it is
 *   the following page in the array.
 * - The path ends at a `review-and-sign` or `exit` page, or at the last page.
 * - A `when` is evaluated against the answers of the pages on the path so far, including
 *   the current one. Answers left behind on pages a claimant branched away from are
 *   ignored, so changing an earlier answer can never be overruled by a stale one.
 *
 * Conditions and page validity are injected (ConditionEvaluator, PageValidityCheck), so
 * this module does not know AJV; the registry supplies both.
 */
import type {
  Answers,
  ConditionEvaluator,
  Funnel,
  FunnelPage,
  PageAnswers,
  PageValidityCheck,
} from '../types';
import { conditionKey } from '../schema/validatorKeys';

/** A position on the claimant's current path, 1-based: "Step 2 of 5". */
export interface Progress {
  step: number;
  total: number;
}

/** True for pages that end a path: review-and-sign and exit pages. */
export function isTerminalPage(page: FunnelPage): boolean {
  return page.kind === 'review-and-sign' || page.kind === 'exit';
}

/** Index of a page in the funnel, or -1. */
export function pageIndexOf(funnel: Funnel, pageId: string): number {
  return funnel.pages.findIndex((page) => page.pageId === pageId);
}

/**
 * The page that follows page `pageIndex` given the answers so far: one step of the path.
 * @returns the index of the next page, or undefined when the path ends here.
 * @throws Error when a rule's `goto` names no page (the registry rejects such funnels).
 */
export function resolveStep(
  funnel: Funnel,
  pageIndex: number,
  answersSoFar: Answers,
  evaluate: ConditionEvaluator,
): number | undefined {
  const page = funnel.pages[pageIndex];
  if (!page || isTerminalPage(page)) return undefined;
  const rules = page.next ?? [];
  for (const [ruleIndex, rule] of rules.entries()) {
    const matches =
      rule.when === undefined ||
      evaluate({ key: conditionKey(funnel, pageIndex, ruleIndex), when: rule.when }, answersSoFar);
    if (!matches) continue;
    const target = pageIndexOf(funnel, rule.goto);
    if (target === -1) {
      throw new Error(
        `${funnel.funnelId}: page "${page.pageId}" goes to unknown page "${rule.goto}"`,
      );
    }
    return target;
  }
  return pageIndex + 1 < funnel.pages.length ? pageIndex + 1 : undefined;
}

/**
 * The claimant's path through the funnel given their answers: the pages they will see, in
 * order, from the first page to the page where the claim ends. Pages whose answers are
 * still missing are on it too (conditions simply do not match missing answers), so the
 * path before any answers is the default route.
 * @throws Error when the rules loop (the registry rejects such funnels).
 */
export function resolvePath(
  funnel: Funnel,
  answers: Answers,
  evaluate: ConditionEvaluator,
): FunnelPage[] {
  const path: FunnelPage[] = [];
  const answersSoFar: Record<string, PageAnswers | undefined> = {};
  const visited = new Set<number>();
  let index: number | undefined = 0;
  while (index !== undefined) {
    if (visited.has(index)) {
      throw new Error(
        `${funnel.funnelId}: the path loops back to page "${funnel.pages[index]!.pageId}"`,
      );
    }
    visited.add(index);
    const page: FunnelPage = funnel.pages[index]!;
    path.push(page);
    if (answers[page.pageId] !== undefined) answersSoFar[page.pageId] = answers[page.pageId];
    index = resolveStep(funnel, index, answersSoFar, evaluate);
  }
  return path;
}

/**
 * The page after `pageId`: its successor on the current path. For a page off the path
 * (opened directly by URL), the page its own rules lead to given all answers.
 * @returns undefined at the end of the path, or when `pageId` is unknown.
 */
export function resolveNextPage(
  funnel: Funnel,
  pageId: string,
  answers: Answers,
  evaluate: ConditionEvaluator,
): FunnelPage | undefined {
  const path = resolvePath(funnel, answers, evaluate);
  const position = path.findIndex((page) => page.pageId === pageId);
  if (position !== -1) return path[position + 1];
  const index = pageIndexOf(funnel, pageId);
  if (index === -1) return undefined;
  const next = resolveStep(funnel, index, answers, evaluate);
  return next === undefined ? undefined : funnel.pages[next];
}

/**
 * The page Back leads to from `pageId`: its predecessor on the current path, so Back after
 * a branch returns to the page that branched, not to a skipped page. For a page off the
 * path, the last page of the path that comes before it in the funnel.
 * @returns undefined on the first page, or when `pageId` is unknown.
 */
export function resolvePreviousPage(
  funnel: Funnel,
  pageId: string,
  answers: Answers,
  evaluate: ConditionEvaluator,
): FunnelPage | undefined {
  const path = resolvePath(funnel, answers, evaluate);
  const position = path.findIndex((page) => page.pageId === pageId);
  if (position !== -1) return path[position - 1];
  const index = pageIndexOf(funnel, pageId);
  if (index === -1) return undefined;
  return path.filter((page) => pageIndexOf(funnel, page.pageId) < index).at(-1);
}

/**
 * Where `pageId` sits on the current path, for a "Step 2 of 5" indicator. The total can
 * change as answers change the route.
 * @returns undefined when the page is not on the current path.
 */
export function resolveProgress(
  funnel: Funnel,
  pageId: string,
  answers: Answers,
  evaluate: ConditionEvaluator,
): Progress | undefined {
  const path = resolvePath(funnel, answers, evaluate);
  const position = path.findIndex((page) => page.pageId === pageId);
  return position === -1 ? undefined : { step: position + 1, total: path.length };
}

/** True when the page has answers and they are valid. */
function isAnswered(page: FunnelPage, answers: Answers, isPageValid: PageValidityCheck): boolean {
  const pageAnswers = answers[page.pageId];
  return pageAnswers !== undefined && isPageValid(page, pageAnswers);
}

/**
 * The page a returning claimant should land on: the first page on the path whose answers
 * are missing or invalid, or else the last page of the path (where the claim ends).
 */
export function resolveResumePage(
  funnel: Funnel,
  answers: Answers,
  evaluate: ConditionEvaluator,
  isPageValid: PageValidityCheck,
): FunnelPage {
  const path = resolvePath(funnel, answers, evaluate);
  return path.find((page) => !isAnswered(page, answers, isPageValid)) ?? path[path.length - 1]!;
}

/**
 * True when the claim can be submitted: the path ends at a review-and-sign page and every
 * page on it, that one included, has valid answers. A path ending at an exit page is
 * never complete.
 */
export function isClaimComplete(
  funnel: Funnel,
  answers: Answers,
  evaluate: ConditionEvaluator,
  isPageValid: PageValidityCheck,
): boolean {
  const path = resolvePath(funnel, answers, evaluate);
  const last = path[path.length - 1]!;
  return (
    last.kind === 'review-and-sign' && path.every((page) => isAnswered(page, answers, isPageValid))
  );
}
