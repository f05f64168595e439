/**
 * The drop-off dashboard's numbers: one funnel version's claims, read with only the fields
 * the drop-off needs (a field mask), streamed, and reduced by funnelDropOff. Its reads are
 * the claims of that version in the date range: a dashboard view, not a claimant's path.
 */
import type { Timestamp } from 'firebase-admin/firestore';
import { funnelDropOff, type DropOffClaim } from '../../../runtime/claim';
import { funnelVersions } from '../../infra/funnelRegistry';
import { requireFunnel } from '../claims/claimLookup';
import { checkDateRange, dayAfter } from './dateRange';
import type { Handler } from '../handler';
import { staffClaimQueries } from '../../repositories/staffClaimQueries';
import type { DropOffDocument } from '../../repositories/documents/claimDocument';

const millisOf = (value: Timestamp | null | undefined): number | null =>
  value ? value.toMillis() : null;

/** What the drop-off needs of a stored claim. */
function dropOffClaimOf(data: DropOffDocument): DropOffClaim {
  const pagesSaved: Record<string, number | null> = {};
  // A claim saved before first-save times were kept still shows which pages it answered.
  for (const pageId of Object.keys(data.answerStamps ?? {})) {
    pagesSaved[pageId] = null;
  }
  for (const [pageId, savedAt] of Object.entries(data.pageSavedAt ?? {})) {
    pagesSaved[pageId] = millisOf(savedAt);
  }
  return {
    sent: data.status === 'submitted',
    currentPageId: data.currentPageId ?? null,
    pagesSaved,
    submittedAt: millisOf(data.submittedAt),
  };
}

export const staffFunnelDropOff: Handler<'staffFunnelDropOff'> = async (data) => {
  const funnel = requireFunnel(data.funnelId);
  checkDateRange('staffFunnelDropOff', {
    from: data.startedFrom,
    to: data.startedTo,
    toField: 'startedTo',
  });
  const claims: DropOffClaim[] = [];
  const started = staffClaimQueries.startedIn({
    funnelId: data.funnelId,
    funnelVersion: data.funnelVersion,
    startedFrom: data.startedFrom,
    startedBefore: data.startedTo ? dayAfter(data.startedTo) : undefined,
  });
  for await (const claim of started) claims.push(dropOffClaimOf(claim));
  // Pages as the version asked for has them (its published snapshot); a version this
  // deployment does not hold is listed as the current one has it, then pages it lacks by id.
  const pagesOf =
    funnelVersions().at(funnel.funnelId, data.funnelVersion)?.getFunnel(funnel.funnelId)?.pages ??
    funnel.pages;
  return {
    funnelId: funnel.funnelId,
    funnelVersion: data.funnelVersion,
    currentVersion: funnel.version,
    ...funnelDropOff(pagesOf, claims),
  };
};
