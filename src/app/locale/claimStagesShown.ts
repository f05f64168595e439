import { claimStagesIn, stageById, type ClaimStage, type ClaimStages } from '../../runtime/claim';
import { activeLocale } from './siteLocale';

/**
 * The claim stages (funnels/lifecycle/claim-stages.json) with their names and descriptions in
 * the page's language: a claimant reads their claim's stage, and staff their list's, in the
 * language they read the site in (the site is offered only in languages the file is complete in).
 */
export function claimStagesShown(): ClaimStages {
  return claimStagesIn(activeLocale());
}

/** The stage with this id, its words in the page's language; undefined for no such stage. */
export function stageShown(id: string): ClaimStage | undefined {
  return stageById(id, claimStagesShown());
}
