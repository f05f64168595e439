import {
  isClaimComplete,
  resolveNextPage,
  resolvePreviousPage,
  resolveProgress,
  resolveResumePage,
  type Progress,
} from './navigation';
import type { Answers, ConditionEvaluator, Funnel, FunnelPage, PageValidityCheck } from '../types';

/** The navigation functions of one funnel, bound to the registry's condition and page checks. */
export interface FunnelNavigator {
  readonly funnel: Funnel;
  /** See resolveNextPage. */
  next(pageId: string, answers: Answers): FunnelPage | undefined;
  /** See resolvePreviousPage. */
  previous(pageId: string, answers: Answers): FunnelPage | undefined;
  /** See resolveProgress. */
  progress(pageId: string, answers: Answers): Progress | undefined;
  /** See resolveResumePage. */
  resume(answers: Answers): FunnelPage;
  /** See isClaimComplete. */
  isComplete(answers: Answers): boolean;
}

/** Binds the navigation functions to a funnel and the registry's checks, so callers pass answers only. */
export function navigatorFor(
  funnel: Funnel,
  evaluate: ConditionEvaluator,
  isPageValid: PageValidityCheck,
): FunnelNavigator {
  return {
    funnel,
    next: (pageId, answers) => resolveNextPage(funnel, pageId, answers, evaluate),
    previous: (pageId, answers) => resolvePreviousPage(funnel, pageId, answers, evaluate),
    progress: (pageId, answers) => resolveProgress(funnel, pageId, answers, evaluate),
    resume: (answers) => resolveResumePage(funnel, answers, evaluate, isPageValid),
    isComplete: (answers) => isClaimComplete(funnel, answers, evaluate, isPageValid),
  };
}
