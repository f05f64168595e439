import { Timestamp, type DocumentData, type Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../runtime/constants';
import type { ClaimView, ReferralData } from '../../runtime/gatewayContract';
import type { LetterOfAuthorityEvidence, Signature } from '../../runtime/letterOfAuthority';
import type { PageAnswers } from '../../runtime/types';
import { writeTime } from '../clock';
import { firestore } from '../firebaseAdmin';

/** A claimant has one claim per funnel; its id says whose and which, so no query is needed. */
export function claimIdOf(uid: string, funnelId: string): string {
  return `${uid}_${funnelId}`;
}

function claimsCollection() {
  return firestore().collection(COLLECTIONS.claims);
}

function claimRef(claimId: string) {
  return claimsCollection().doc(claimId);
}

function supersededRef(id: string) {
  return firestore().collection(COLLECTIONS.supersededClaims).doc(id);
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

/**
 * What a signed claim keeps as evidence (`claims/{id}.signature`, with `signedAt` added as
 * server time): how it was signed, from where, and the exact letter of authority signed.
 */
export type SignatureEvidence = Signature & {
  userAgent: string | null;
  ip: string | null;
  letterOfAuthority: LetterOfAuthorityEvidence | null;
};

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
    const now = writeTime();
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

  /** Every claim the user owns (one per funnel), in no particular order. */
  async listOf(uid: string): Promise<StoredClaim[]> {
    const snapshot = await claimsCollection().where('userId', '==', uid).get();
    return snapshot.docs.map((doc) => ({ claimId: doc.id, data: doc.data() }));
  },

  /** Every claim the user owns, read inside a transaction. */
  async listIn(tx: Transaction, uid: string): Promise<StoredClaim[]> {
    const snapshot = await tx.get(claimsCollection().where('userId', '==', uid));
    return snapshot.docs.map((doc) => ({ claimId: doc.id, data: doc.data() }));
  },

  /**
   * Gives a claim to another user: it is rewritten under the new owner's id (the id says
   * whose it is) with everything it held, and the old document is deleted.
   */
  moveIn(
    tx: Transaction,
    claim: StoredClaim,
    toUid: string,
    changes: { mergedFrom: string; referral?: unknown },
  ): void {
    const funnelId = String(claim.data.funnelId);
    tx.set(claimRef(claimIdOf(toUid, funnelId)), {
      ...claim.data,
      userId: toUid,
      ...(changes.referral !== undefined ? { referral: changes.referral } : {}),
      mergedFrom: changes.mergedFrom,
      updatedAt: writeTime(),
    });
    if (claim.claimId !== claimIdOf(toUid, funnelId)) tx.delete(claimRef(claim.claimId));
  },

  /**
   * Keeps a claim that lost a merge in `supersededClaims/{archiveId}` (out of every list, but
   * nothing a claimant typed is destroyed) and deletes it from `claims` unless `keepOriginal`
   * (its document is about to be overwritten by the winner).
   */
  supersedeIn(
    tx: Transaction,
    claim: StoredClaim,
    archiveId: string,
    supersededBy: string,
    keepOriginal = false,
  ): void {
    tx.set(supersededRef(archiveId), {
      ...claim.data,
      claimId: claim.claimId,
      supersededBy,
      supersededAt: writeTime(),
    });
    if (!keepOriginal) tx.delete(claimRef(claim.claimId));
  },

  /** Sets the referral of a claim that has none. */
  setReferralIn(tx: Transaction, claimId: string, referral: unknown): void {
    tx.update(claimRef(claimId), { referral });
  },

  /**
   * Submits a claim with the evidence of its signature. `signedAt` is this server's clock as
   * a concrete Timestamp, not a server-timestamp sentinel: a sentinel nested in a map is not
   * resolved by the local Node Firestore emulator, and evidence must never lack its time.
   */
  markSubmitted(
    tx: Transaction,
    claimId: string,
    reference: string,
    signature?: SignatureEvidence,
  ): void {
    const now = writeTime();
    tx.update(claimRef(claimId), {
      status: 'submitted',
      reference,
      submittedAt: now,
      updatedAt: now,
      ...(signature ? { signature: { ...signature, signedAt: Timestamp.now() } } : {}),
    });
  },
};
