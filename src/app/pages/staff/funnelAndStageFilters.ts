/**
 * The claims list's funnel and stage filters, kept in agreement. A stage is one funnel's
 * (`<funnelId>:<stageId>`: stage ids are each funnel's own), so choosing it lists that funnel's
 * claims alone, and the funnel filter says so rather than "All funnels". Choosing another
 * funnel (or all of them) drops a stage of a different funnel, which would otherwise narrow the
 * list to that funnel again, unseen.
 */

export interface FunnelAndStage {
  /** The funnel filter: a funnelId, or '' for every funnel. */
  funnel: string;
  /** The stage filter: `<funnelId>:<stageId>`, a bare stage id (an older address), or ''. */
  stage: string;
}

/** The funnel a stage filter's value belongs to, or undefined for a bare id or none. */
export function funnelOfStage(stage: string): string | undefined {
  const colon = stage.indexOf(':');
  return colon === -1 ? undefined : stage.slice(0, colon);
}

/** The filters after `changed` was chosen, the other made to agree with it. */
export function agreeingFilters(
  changed: keyof FunnelAndStage,
  filters: FunnelAndStage,
): FunnelAndStage {
  const stageFunnel = funnelOfStage(filters.stage);
  if (stageFunnel === undefined || stageFunnel === filters.funnel) return filters;
  return changed === 'stage'
    ? { funnel: stageFunnel, stage: filters.stage }
    : { funnel: filters.funnel, stage: '' };
}

/** The filters an address shows: a stage's funnel is the funnel filter's when it names none. */
export function filtersOfAddress(params: URLSearchParams): FunnelAndStage {
  const funnel = params.get('funnel')?.trim() ?? '';
  const stage = params.get('stage')?.trim() ?? '';
  if (!funnel && stage) return agreeingFilters('stage', { funnel, stage });
  return { funnel, stage };
}
