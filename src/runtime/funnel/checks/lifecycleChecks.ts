/**
 * A funnel's own claim stages (`lifecycle`), checked by the same rules as the shared file
 * funnels/lifecycle/claim-stages.json (claimStagesProblems), with each problem's pointer
 * inside the funnel file: `/lifecycle/stages/2/next/0`. Its texts must be translated into
 * every other locale the funnel offers, and into no locale it does not.
 */
import {
  claimStageTranslationProblems,
  claimStagesProblems,
  type StageProblem,
} from '../../lifecycle';
import { funnelLocale } from '../words/translations';
import type { Funnel } from '../types';

/** A lifecycle problem; `locale` when it is about one translation only (it costs that language). */
export interface LifecycleProblem extends StageProblem {
  locale?: string;
}

export function checkFunnelLifecycle(funnel: Funnel): LifecycleProblem[] {
  const lifecycle = funnel.lifecycle;
  if (!lifecycle) return [];
  const own = claimStagesProblems(lifecycle).map((problem) => ({
    pointer: `/lifecycle${problem.pointer}`,
    message: problem.message,
  }));
  const offered = Object.keys(funnel.translations ?? {}).filter(
    (locale) => locale !== funnelLocale(funnel),
  );
  const translations: LifecycleProblem[] = offered.flatMap((locale) =>
    claimStageTranslationProblems(lifecycle, locale).map((problem) => ({
      pointer: `/lifecycle${problem.pointer}`,
      message: problem.message,
      locale,
    })),
  );
  for (const locale of Object.keys(lifecycle.translations ?? {})) {
    if (!offered.includes(locale)) {
      translations.push({
        pointer: `/lifecycle/translations/${locale}`,
        message: `this funnel is not offered in ${locale} (its translations have no "${locale}"): remove it, or translate the funnel too`,
      });
    }
  }
  return [...own, ...translations];
}
