/**
 * The drop-off dashboard's numbers: one funnel version's claims, read with only the fields
 * the drop-off needs (a field mask), streamed, and reduced by funnelDropOff. Its reads are
 * the claims of that version in the date range: a dashboard view, not a claimant's path.
 */
import { Timestamp, type DocumentData, type Query } from 'firebase-admin/firestore';
import { funnelDropOff, type DropOffClaim } from '../../runtime/claim';
import { COLLECTIONS } from '../../runtime/constants';
import { firestore } from '../firebaseAdmin';
import { funnelVersions } from '../funnelRegistry';
import { requireFunnel } from './claimLookup';
import { checkDateRange, dayAfter } from './dateRange';
import type { Handler } from './handler';

const millisOf = (value: unknown): number | null =>
  value instanceof Timestamp ? value.toMillis() : null;

/** What the drop-off needs of a stored claim. */
export function dropOffClaimOf(data: DocumentData): DropOffClaim {
  const pagesSaved: Record<string, number | null> = {};
  // A claim saved before first-save times were kept still shows which pages it answered.
  for (const pageId of Object.keys((data.answerStamps as object | undefined) ?? {})) {
    pagesSaved[pageId] = null;
  }
  for (const [pageId, savedAt] of Object.entries((data.pageSavedAt as object | undefined) ?? {})) {
    pagesSaved[pageId] = millisOf(savedAt);
  }
  return {
    sent: data.status === 'submitted',
    currentPageId: typeof data.currentPageId === 'string' ? data.currentPageId : null,
    pagesSaved,
    submittedAt: millisOf(data.submittedAt),
  };
}

const startOfDay = (date: string) => Timestamp.fromDate(new Date(`${date}T00:00:00.000Z`));

export const staffFunnelDropOff: Handler<'staffFunnelDropOff'> = async (data) => {
  const funnel = requireFunnel(data.funnelId);
  checkDateRange('staffFunnelDropOff', {
    from: data.startedFrom,
    to: data.startedTo,
    toField: 'startedTo',
  });
  let query: Query = firestore()
    .collection(COLLECTIONS.claims)
    .where('funnelId', '==', data.funnelId)
    .where('funnelVersion', '==', data.funnelVersion);
  if (data.startedFrom) query = query.where('createdAt', '>=', startOfDay(data.startedFrom));
  if (data.startedTo) query = query.where('createdAt', '<', startOfDay(dayAfter(data.startedTo)));
  const claims: DropOffClaim[] = [];
  const stream = query
    .select('status', 'currentPageId', 'pageSavedAt', 'answerStamps', 'submittedAt')
    .stream() as AsyncIterable<{ data(): DocumentData }>;
  for await (const doc of stream) claims.push(dropOffClaimOf(doc.data()));
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
