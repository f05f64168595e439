/**
 * Example answers (funnels/examples/<funnelId>.json) are complete claims a product owner
 * writes by hand; checking them proves each funnel can be completed and that its schemas
 * accept realistic data.
 */
import { pointerOf } from '../schema/jsonPointer';
import { resolvePath } from '../pages/navigation';
import type {
  ConditionEvaluator,
  Funnel,
  FunnelPage,
  PageAnswers,
  ValidationResult,
} from '../types';

/** One complete set of answers for a funnel. */
export interface FunnelExample {
  name: string;
  answers: Record<string, PageAnswers>;
}

/** A problem inside the examples file being checked. */
interface ExampleProblem {
  pointer: string;
  message: string;
}

/**
 * Checks that every example follows a path ending at a review-and-sign page, answers every
 * page on it validly, and answers no page off it.
 */
export function checkExamples(
  examples: readonly FunnelExample[],
  funnel: Funnel,
  evaluate: ConditionEvaluator,
  validatePageAnswers: (page: FunnelPage, pageAnswers: unknown) => ValidationResult,
): ExampleProblem[] {
  const problems: ExampleProblem[] = [];
  examples.forEach((example, i) => {
    const at = (...tokens: Array<string | number>): string => pointerOf(i, ...tokens);
    const path = resolvePath(funnel, example.answers, evaluate);
    const onPath = new Set(path.map((page) => page.pageId));
    for (const page of path) {
      const pageAnswers = example.answers[page.pageId];
      if (pageAnswers === undefined) {
        problems.push({
          pointer: at('answers'),
          message: `"${example.name}" has no answers for page "${page.pageId}", which is on its path`,
        });
        continue;
      }
      for (const error of validatePageAnswers(page, pageAnswers).errors) {
        problems.push({
          pointer: at('answers', page.pageId) + error.pointer,
          message: error.message,
        });
      }
    }
    const last = path[path.length - 1]!;
    if (last.kind !== 'review-and-sign') {
      problems.push({
        pointer: at(),
        message: `"${example.name}" ends at page "${last.pageId}", not at a review-and-sign page`,
      });
    }
    for (const pageId of Object.keys(example.answers)) {
      if (!funnel.pages.some((page) => page.pageId === pageId)) {
        problems.push({
          pointer: at('answers', pageId),
          message: `funnel "${funnel.funnelId}" has no page "${pageId}"`,
        });
      } else if (!onPath.has(pageId)) {
        problems.push({
          pointer: at('answers', pageId),
          message: `page "${pageId}" is not on the path these answers take`,
        });
      }
    }
  });
  return problems;
}
