import {
  FieldValue,
  Timestamp,
  type DocumentData,
  type Transaction,
} from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../runtime/constants';
import type { ClaimView, ReferralData } from '../../runtime/gatewayContract';
import type { PageAnswers } from '../../runtime/types';
import { firestore } from '../firebaseAdmin';

/** A claimant has one claim per funnel; its id says whose and which, so no query is needed. */
export function claimIdOf(uid: string, funnelId: string): string {
  return `${uid}_${funnelId}`;
}

function claimRef(claimId: string) {
  return firestore().collection(COLLECTIONS.claims).doc(claimId);
}

function isoOf(value: unknown): string | null {
  return value instanceof Timestamp ? value.toDate().toISOString() : null;
}

export function toClaimView(claimId: string, data: DocumentData): ClaimView {
  return {
    claimId,
    funnelId: String(data.funnelId),
    funnelVersion: Number(data.funnelVersion),
    status: data.status === 'submitted' ? 'submitted' : 'draft',
    answers: (data.answers ?? {}) as ClaimView['answers'],
    currentPageId: typeof data.currentPageId === 'string' ? data.currentPageId : null,
    reference: typeof data.reference === 'string' ? data.reference : null,
    createdAt: isoOf(data.createdAt) ?? new Date().toISOString(),
    updatedAt: isoOf(data.updatedAt) ?? new Date().toISOString(),
    submittedAt: isoOf(data.submittedAt),
  };
}

export interface StoredClaim {
  claimId: string;
  data: DocumentData;
}

/** `claims/{claimId}`: written only here, always inside a transaction. */
export const claimRepository = {
  async find(uid: string, funnelId: string): Promise<StoredClaim | null> {
    const claimId = claimIdOf(uid, funnelId);
    const snapshot = await claimRef(claimId).get();
    return snapshot.exists ? { claimId, data: snapshot.data() ?? {} } : null;
  },

  /** Reads a claim inside a transaction, so a decision and its write see the same data. */
  async findIn(tx: Transaction, uid: string, funnelId: string): Promise<StoredClaim | null> {
    const claimId = claimIdOf(uid, funnelId);
    const snapshot = await tx.get(claimRef(claimId));
    return snapshot.exists ? { claimId, data: snapshot.data() ?? {} } : null;
  },

  /**
   * Creates the draft on the first save or replaces one page's answers on later ones: one
   * document write either way. The referral is kept twice: the first touch that brought the
   * claimant, and the latest one.
   */
  savePage(
    tx: Transaction,
    existing: StoredClaim | null,
    input: {
      uid: string;
      funnelId: string;
      funnelVersion: number;
      pageId: string;
      answers: PageAnswers;
      currentPageId: string;
      referral?: ReferralData;
    },
  ): void {
    const ref = claimRef(claimIdOf(input.uid, input.funnelId));
    const now = FieldValue.serverTimestamp();
    if (!existing) {
      tx.create(ref, {
        userId: input.uid,
        funnelId: input.funnelId,
        funnelVersion: input.funnelVersion,
        status: 'draft',
        answers: { [input.pageId]: input.answers },
        currentPageId: input.currentPageId,
        referral: input.referral ? { firstTouch: input.referral, lastTouch: input.referral } : null,
        reference: null,
        createdAt: now,
        updatedAt: now,
        submittedAt: null,
      });
      return;
    }
    tx.update(ref, {
      [`answers.${input.pageId}`]: input.answers,
      currentPageId: input.currentPageId,
      updatedAt: now,
      ...(input.referral
        ? existing.data.referral?.firstTouch
          ? { 'referral.lastTouch': input.referral }
          : { referral: { firstTouch: input.referral, lastTouch: input.referral } }
        : {}),
    });
  },

  markSubmitted(tx: Transaction, claimId: string, reference: string): void {
    const now = FieldValue.serverTimestamp();
    tx.update(claimRef(claimId), {
      status: 'submitted',
      reference,
      submittedAt: now,
      updatedAt: now,
    });
  },
};
