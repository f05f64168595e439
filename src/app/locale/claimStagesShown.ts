import {
  lifecycleIn,
  lifecycleOf,
  promisedNext,
  stageById,
  type ClaimStage,
  type ClaimStages,
} from '../../runtime/lifecycle';
import { funnelRegistry } from '../funnelRegistry';
import { activeLocale } from './siteLocale';

/**
 * The stages a claim of the funnel moves through (the funnel's own `lifecycle`, or the shared
 * funnels/lifecycle/claim-stages.json when it declares none), with their names and
 * descriptions in the page's language: a claimant reads their claim's stage, and staff their
 * list's, in the language they read the site in. Like roles, a funnel's lifecycle is read
 * from its current file for claims on every version.
 */
export function claimStagesShown(funnelId: string): ClaimStages {
  return lifecycleIn(lifecycleOf(funnelRegistry().getFunnel(funnelId)), activeLocale());
}

/**
 * The stage with this id in the funnel's stages, its words in the page's language; undefined
 * when the funnel lists no such stage (any more): show the id.
 */
export function stageShown(funnelId: string, id: string): ClaimStage | undefined {
  return stageById(id, claimStagesShown(funnelId));
}

/**
 * What a sent claim's page says happens next (runtime/lifecycle/promisedNext), in the page's
 * language: the funnel's own promise while the claim is in its first stage, nothing once
 * staff moved it on, it is final or withdrawn. `stages` are the funnel's as shown
 * (claimStagesShown); `platform` is the default sentence.
 */
export function nextShown(
  funnelId: string,
  stages: ClaimStages,
  written: string | undefined,
  platform: string,
  stage: string | undefined,
): string | null {
  return promisedNext(
    {
      written,
      stages,
      ownStages: Boolean(funnelRegistry().getFunnel(funnelId)?.lifecycle),
      fallback: () => platform,
    },
    stage,
  );
}
