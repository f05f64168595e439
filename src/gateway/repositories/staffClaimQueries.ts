import { Timestamp, type Query, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../runtime/constants';
import { firestore } from '../infra/firebaseAdmin';
import {
  claimConverter,
  dropOffConverter,
  dropOffFieldNames,
  type ClaimDocument,
  type DropOffDocument,
} from './documents/claimDocument';

/** The staff list's filters as the query needs them (dates as `YYYY-MM-DD`, UTC days). */
interface SentClaimsQuery {
  funnelId?: string;
  /** With funnelId: only claims made on this version of it (the export is per version). */
  funnelVersion?: number;
  stage?: string;
  /** Any of these search terms (see searchCandidatesOf). */
  searchTerms?: string[];
  /** listKey bounds: from (inclusive) and before (exclusive). */
  fromKey?: string;
  beforeKey?: string;
  /** The last listKey of the page before. */
  afterKey?: string;
  newestFirst: boolean;
  limit: number;
}

const startOfDay = (date: string) => Timestamp.fromDate(new Date(`${date}T00:00:00.000Z`));

/**
 * The back office's reads of many claims: one query each, so what a page costs is its size
 * plus one, however many claims there are.
 */
export const staffClaimQueries = {
  /** Sent claims matching the filters, ordered by listKey (dates and cursor are its ranges). */
  async sentClaims(input: SentClaimsQuery): Promise<{ id: string; data: ClaimDocument }[]> {
    let query: Query<ClaimDocument> = firestore()
      .collection(COLLECTIONS.claims)
      .withConverter(claimConverter)
      .where('status', '==', 'submitted');
    if (input.funnelId) query = query.where('funnelId', '==', input.funnelId);
    if (input.funnelVersion !== undefined) {
      query = query.where('funnelVersion', '==', input.funnelVersion);
    }
    if (input.stage) query = query.where('stage', '==', input.stage);
    if (input.searchTerms) {
      query = query.where('searchTerms', 'array-contains-any', input.searchTerms);
    }
    if (input.fromKey) query = query.where('listKey', '>=', input.fromKey);
    if (input.beforeKey) query = query.where('listKey', '<', input.beforeKey);
    if (input.afterKey) {
      query = query.where('listKey', input.newestFirst ? '<' : '>', input.afterKey);
    }
    const snapshot = await query
      .orderBy('listKey', input.newestFirst ? 'desc' : 'asc')
      .limit(input.limit)
      .get();
    return snapshot.docs.map((doc) => ({ id: doc.id, data: doc.data() }));
  },

  /**
   * The fields drop-off counts of every claim of one funnel version started in the date
   * range (inclusive UTC days), streamed rather than held as one answer.
   */
  async *startedIn(input: {
    funnelId: string;
    funnelVersion: number;
    startedFrom?: string;
    startedBefore?: string;
  }): AsyncIterable<DropOffDocument> {
    let query: Query = firestore()
      .collection(COLLECTIONS.claims)
      .where('funnelId', '==', input.funnelId)
      .where('funnelVersion', '==', input.funnelVersion);
    if (input.startedFrom) query = query.where('createdAt', '>=', startOfDay(input.startedFrom));
    if (input.startedBefore) {
      query = query.where('createdAt', '<', startOfDay(input.startedBefore));
    }
    const masked = query.select(...dropOffFieldNames).withConverter(dropOffConverter);
    // Firestore types stream() as a Node byte stream; in object mode it yields snapshots.
    const stream = masked.stream() as AsyncIterable<QueryDocumentSnapshot<DropOffDocument>>;
    for await (const doc of stream) yield doc.data();
  },
};
