/**
 * Sent claims as the gateway's markSubmitted leaves them, for tests and benchmarks that need
 * many in a list (written straight to the Firestore emulator, not sent one by one).
 */
import { Timestamp } from 'firebase-admin/firestore';
import { listKeyOf } from '../../src/runtime/claim/formats/listKey';

export interface SeededClaim {
  claimId: string;
  funnelId: string;
  /** The funnel version it was made on (left out when not given, for the caller to set). */
  funnelVersion?: number;
  submittedAt: Date;
  reference: string;
  contact?: Record<string, string | null>;
  searchTerms?: string[];
}

/** The claim document: sent, in the first stage, placed in the staff list by listKeyOf. */
export function sentClaimDocument(claim: SeededClaim): Record<string, unknown> {
  return {
    funnelId: claim.funnelId,
    ...(claim.funnelVersion === undefined ? {} : { funnelVersion: claim.funnelVersion }),
    status: 'submitted',
    reference: claim.reference,
    submittedAt: Timestamp.fromDate(claim.submittedAt),
    stage: 'sent',
    listKey: listKeyOf(claim.submittedAt, claim.claimId),
    contact: claim.contact ?? {},
    searchTerms: claim.searchTerms ?? [],
  };
}
