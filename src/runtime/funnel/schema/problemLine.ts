import type { Problem } from '../types';

/**
 * A problem as one line, `file: JSON pointer: message` (the whole file is `(root)`): how
 * funnels:check prints it and how the dev server's broken-funnel page shows it.
 */
export function formatProblem(problem: Problem): string {
  return `${problem.file}: ${problem.pointer === '' ? '(root)' : problem.pointer}: ${problem.message}`;
}
