import { FieldPath, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../runtime/constants';
import type { ClaimView, ReferralData } from '../../runtime/contract';
import {
  DEFAULT_LOCALE,
  type LetterOfAuthorityEvidence,
  type Signature,
} from '../../runtime/funnel';
import type { PageAnswers } from '../../runtime/funnel';
import { currentClaimOf, nextClaimId, type FieldStamps } from '../../runtime/claim';
import { listKeyOf, searchTermsOf, type ClaimContact } from '../../runtime/claim';
import { claimStages } from '../../runtime/lifecycle';
import { writeTime } from '../infra/clock';
import { firestore } from '../infra/firebaseAdmin';
import {
  claimConverter,
  claimHistoryConverter,
  type ClaimDocument,
} from './documents/claimDocument';
import type { ClaimHistoryDocument, ClaimReferral } from './documents/claimDocument';

function claimsCollection() {
  return firestore().collection(COLLECTIONS.claims).withConverter(claimConverter);
}

function historyOfClaim(claimId: string) {
  return claimRef(claimId)
    .collection(COLLECTIONS.claimHistory)
    .withConverter(claimHistoryConverter);
}

function claimRef(claimId: string) {
  return claimsCollection().doc(claimId);
}

/** A Firestore time as ISO 8601, or null when the field holds none. */
export function isoOf(value: unknown): string | null {
  return value instanceof Timestamp ? value.toDate().toISOString() : null;
}

export function toClaimView(claimId: string, data: ClaimDocument): ClaimView {
  return {
    claimId,
    funnelId: data.funnelId,
    funnelVersion: Number(data.funnelVersion),
    status: data.status,
    answers: data.answers,
    currentPageId: data.currentPageId ?? null,
    reference: data.reference ?? null,
    createdAt: isoOf(data.createdAt) ?? new Date().toISOString(),
    updatedAt: isoOf(data.updatedAt) ?? new Date().toISOString(),
    submittedAt: isoOf(data.submittedAt),
    withdrawnAt: isoOf(data.withdrawnAt),
    stage: data.status === 'submitted' ? stageOfStored(data) : null,
    timeline: data.status === 'submitted' ? timelineOf(data) : [],
    // Claims saved before a claim recorded its language were all made in the default one.
    locale: data.locale ?? DEFAULT_LOCALE,
  };
}

/**
 * The claim's stage log as stored, to append to in the transaction that read it (a whole new
 * array: the local emulator does not apply array transforms).
 */
function stageLogOf(data: ClaimDocument): NonNullable<ClaimDocument['stageLog']> {
  return data.stageLog ?? [];
}

/** The stages a sent claim has been in, oldest first, with when it entered each. */
function timelineOf(data: ClaimDocument): Array<{ stage: string; at: string }> {
  const entries = stageLogOf(data)
    .map((entry) => ({ stage: entry.stage, at: entry.at.toDate().toISOString() }))
    .sort((a, b) => a.at.localeCompare(b.at));
  if (entries.length > 0) return entries;
  // Sent before stages were recorded (so before any funnel had stages of its own, and in the
  // shared file's): its sending is all there is to show.
  const sentAt = isoOf(data.submittedAt);
  return sentAt ? [{ stage: claimStages.initial, at: sentAt }] : [];
}

/**
 * A sent claim's stage; claims sent before stages were recorded (before any funnel had stages
 * of its own) are in the shared file's first one, or its withdrawn one.
 */
export function stageOfStored(data: Pick<ClaimDocument, 'stage' | 'withdrawnAt'>): string {
  if (data.stage !== undefined) return data.stage;
  return data.withdrawnAt ? claimStages.withdrawn : claimStages.initial;
}

/**
 * What a signed claim keeps as evidence (`claims/{id}.signature`, with `signedAt` added as
 * server time): how it was signed, from where, and the exact letter of authority signed.
 */
export type SignatureEvidence = Signature & {
  userAgent: string | null;
  ip: string | null;
  letterOfAuthority: LetterOfAuthorityEvidence | null;
  /** The funnel version signed against (absent on claims signed before versions were kept). */
  funnel?: { version: number; hash: string };
};

export interface StoredClaim {
  claimId: string;
  data: ClaimDocument;
}

/** A claimant's current claim in a funnel, and the id their next claim there would take. */
interface CurrentClaim {
  claim: StoredClaim | null;
  nextClaimId: string;
}

function millisOf(value: unknown): number {
  return value instanceof Timestamp ? value.toMillis() : 0;
}

/** The current claim among a claimant's claims (see currentClaimOf for the rule). */
export function currentAmong(claims: readonly StoredClaim[], funnelId: string): StoredClaim | null {
  const chosen = currentClaimOf(
    claims.map((claim) => ({
      claimId: claim.claimId,
      funnelId: claim.data.funnelId,
      status: claim.data.status,
      createdAt: millisOf(claim.data.createdAt),
      chosenAt: claim.data.chosenAt ?? 0,
      claim,
    })),
    funnelId,
  );
  return chosen?.claim ?? null;
}

/** The id the claimant's next claim in a funnel takes, given the claims they hold. */
function nextClaimIdAmong(uid: string, funnelId: string, claims: readonly StoredClaim[]): string {
  return nextClaimId(uid, funnelId, new Set(claims.map((claim) => claim.claimId)));
}

/**
 * The top-level fields answers set beside them: the claim's subject (its funnel's subject
 * role, as subjectKeyOf compares it, worked out by the caller), so another claim for the
 * same subject is found without reading every claim's answers.
 */
function derivedFieldsOf(subject: string | null): { subject?: string } {
  return subject ? { subject } : {};
}

/** A stored page with the edit stamps of its fields (none for pages saved before stamps). */
export function storedPageOf(claim: StoredClaim | null, pageId: string) {
  const answers: PageAnswers | undefined = claim?.data.answers[pageId];
  if (!answers) return null;
  const stamps: FieldStamps = claim?.data.answerStamps?.[pageId] ?? {};
  return { answers, stamps };
}

/** The newest edit stamp a claim holds (0 for claims saved before stamps). */
export function lastEditOf(claim: StoredClaim | null): number {
  const value = claim?.data.lastEditAt;
  return value !== undefined && Number.isFinite(value) ? value : 0;
}

/** `claims/{claimId}`: written only here, always inside a transaction. */
export const claimRepository = {
  /**
   * The caller's current claim in a funnel (their draft, else the claim started last) and
   * the id a new claim would take. Every handler finds "the claim" through this one query,
   * authorised by uid; pass `tx` to read it inside a transaction.
   */
  async current(uid: string, funnelId: string, tx?: Transaction): Promise<CurrentClaim> {
    const claims = tx ? await this.listIn(tx, uid) : await this.listOf(uid);
    return {
      claim: currentAmong(claims, funnelId),
      nextClaimId: nextClaimIdAmong(uid, funnelId, claims),
    };
  },

  /** One claim by id, only when the caller owns it (else null, as if it did not exist). */
  async findOwned(uid: string, claimId: string): Promise<StoredClaim | null> {
    const snapshot = await claimRef(claimId).get();
    const data = snapshot.data();
    return snapshot.exists && data?.userId === uid ? { claimId, data } : null;
  },

  /**
   * Takes a removed file off a draft's saved answer (the claimant chose "Remove" on a page
   * already saved), so no saved answer names a file that is gone.
   */
  dropFileIn(tx: Transaction, claim: StoredClaim, pageId: string, field: string, fileId: string) {
    const files = claim.data.answers[pageId]?.[field];
    if (!Array.isArray(files)) return;
    // A stored evidence answer is a list of file records; a malformed entry reads as no id and is kept.
    const kept = files.filter((file) => (file as { fileId?: unknown })?.fileId !== fileId);
    if (kept.length === files.length) return;
    tx.update(claimRef(claim.claimId), new FieldPath('answers', pageId, field), kept);
  },

  /** findOwned inside a transaction (the ownership check holds in code, not in rules). */
  async findOwnedIn(tx: Transaction, uid: string, claimId: string): Promise<StoredClaim | null> {
    const snapshot = await tx.get(claimRef(claimId));
    const data = snapshot.data();
    return snapshot.exists && data?.userId === uid ? { claimId, data } : null;
  },

  /**
   * A draft moved to another funnel version: its answers and per-page records as migrated,
   * the version and hash it is now on, and the ones it came from. Whole maps are written, so
   * nothing of a renamed or dropped page is left behind.
   */
  moveToVersionIn(
    tx: Transaction,
    claimId: string,
    input: {
      /** The migrated answers' subject key (subjectKeyOf), or null when they name none. */
      subject: string | null;
      funnelVersion: { version: number; hash: string };
      movedFrom: { version: number; hash: string };
      answers: Record<string, PageAnswers>;
      answerStamps: Record<string, FieldStamps>;
      pageSavedAt: Record<string, unknown>;
      currentPageId: string;
    },
  ): void {
    const now = writeTime();
    tx.update(claimRef(claimId), {
      funnelVersion: input.funnelVersion.version,
      funnelHash: input.funnelVersion.hash,
      movedFrom: { ...input.movedFrom, at: now },
      answers: input.answers,
      answerStamps: input.answerStamps,
      pageSavedAt: input.pageSavedAt,
      currentPageId: input.currentPageId,
      ...derivedFieldsOf(input.subject),
      updatedAt: now,
    });
  },

  /**
   * Starts a new empty draft: the claimant's next claim in the funnel, after a submitted one.
   */
  createDraftIn(
    tx: Transaction,
    claimId: string,
    input: {
      uid: string;
      funnelId: string;
      funnelVersion: { version: number; hash: string };
      currentPageId: string;
      /** The language the claimant reads it in (the funnel's own, for a new draft). */
      locale: string;
    },
  ): void {
    const now = writeTime();
    tx.create(claimRef(claimId), {
      userId: input.uid,
      funnelId: input.funnelId,
      funnelVersion: input.funnelVersion.version,
      funnelHash: input.funnelVersion.hash,
      status: 'draft',
      answers: {},
      currentPageId: input.currentPageId,
      locale: input.locale,
      referral: null,
      reference: null,
      // Whether its one "not finished yet" email went (reminders/draftReminders.ts).
      reminded: false,
      createdAt: now,
      updatedAt: now,
      submittedAt: null,
    });
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
      /** The existing claim's id, or the id the new draft takes. */
      claimId: string;
      uid: string;
      funnelId: string;
      /** The version a new draft is pinned to (an existing claim keeps its own). */
      funnelVersion: { version: number; hash: string };
      pageId: string;
      answers: PageAnswers;
      /** When each of the page's fields was last edited (kept for later-wins merges). */
      stamps: FieldStamps;
      /** The claimant's page after this save; null keeps the stored one (a replayed old save). */
      currentPageId: string | null;
      /** The newest edit the claim now holds, in any page. */
      lastEditAt: number;
      /** The subject key (subjectKeyOf) this page gives the claim, or null when it gives none. */
      subject: string | null;
      referral?: ReferralData;
      /** The language the claimant reads it in: a new claim's, or a change of an existing one's. */
      locale?: string;
    },
  ): Timestamp {
    // Returns the time it stamped the claim with, so the caller can acknowledge the save
    // without reading the document back.
    const ref = claimRef(input.claimId);
    const now = writeTime();
    const derived = derivedFieldsOf(input.subject);
    if (!existing) {
      tx.create(ref, {
        userId: input.uid,
        funnelId: input.funnelId,
        funnelVersion: input.funnelVersion.version,
        funnelHash: input.funnelVersion.hash,
        status: 'draft',
        answers: { [input.pageId]: input.answers },
        answerStamps: { [input.pageId]: input.stamps },
        // When each page was first saved: the funnel drop-off's time per page.
        pageSavedAt: { [input.pageId]: now },
        lastEditAt: input.lastEditAt,
        currentPageId: input.currentPageId ?? input.pageId,
        ...(input.locale ? { locale: input.locale } : {}),
        referral: input.referral ? { firstTouch: input.referral, lastTouch: input.referral } : null,
        reference: null,
        // Whether its one "not finished yet" email went (reminders/draftReminders.ts).
        reminded: false,
        createdAt: now,
        updatedAt: now,
        submittedAt: null,
        ...derived,
      });
      return now;
    }
    tx.update(ref, {
      [`answers.${input.pageId}`]: input.answers,
      [`answerStamps.${input.pageId}`]: input.stamps,
      ...(existing.data.pageSavedAt?.[input.pageId]
        ? {}
        : { [`pageSavedAt.${input.pageId}`]: now }),
      // A draft set aside by the reminder (no address then) or saved before the flag was kept
      // is due again: this save may have given the address. One sent stays sent.
      ...(existing.data.reminded === true ? {} : { reminded: false }),
      lastEditAt: input.lastEditAt,
      ...derived,
      ...(input.currentPageId ? { currentPageId: input.currentPageId } : {}),
      ...(input.locale && input.locale !== existing.data.locale ? { locale: input.locale } : {}),
      updatedAt: now,
      ...(input.referral
        ? existing.data.referral?.firstTouch
          ? { 'referral.lastTouch': input.referral }
          : { referral: { firstTouch: input.referral, lastTouch: input.referral } }
        : {}),
    });
    return now;
  },

  /** Every claim the user owns, in no particular order. */
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
   * Gives a claim to another user: it is rewritten at `toClaimId` (one of the new owner's
   * ids: the id says whose it is) with everything it held, and the old document is deleted.
   */
  moveIn(
    tx: Transaction,
    claim: StoredClaim,
    toUid: string,
    toClaimId: string,
    changes: { mergedFrom: string; referral?: ClaimDocument['referral'] },
  ): void {
    tx.set(claimRef(toClaimId), {
      ...claim.data,
      userId: toUid,
      ...(changes.referral !== undefined ? { referral: changes.referral } : {}),
      mergedFrom: changes.mergedFrom,
      updatedAt: writeTime(),
    });
    if (claim.claimId !== toClaimId) tx.delete(claimRef(claim.claimId));
  },

  /**
   * Makes a draft the one its claimant continues in its funnel (see currentClaimOf), keeping
   * the referral data of the funnel's other drafts on it: its own, else theirs, as the
   * referral, and all of theirs in `otherDraftReferrals`.
   */
  chooseIn(tx: Transaction, claim: StoredClaim, otherReferrals: ClaimReferral[]): void {
    const referral = claim.data.referral ?? otherReferrals[0] ?? null;
    const kept: ClaimReferral[] = [...(claim.data.otherDraftReferrals ?? [])];
    for (const other of otherReferrals) {
      if (!kept.some((seen) => JSON.stringify(seen) === JSON.stringify(other))) kept.push(other);
    }
    tx.update(claimRef(claim.claimId), {
      chosenAt: Date.now(),
      referral,
      otherDraftReferrals: kept,
      updatedAt: writeTime(),
    });
  },

  /**
   * Withdraws a sent claim and its letter of authority: the claim keeps its answers and
   * evidence, gains `withdrawnAt`, and its history gets a create-only `withdrawn` record
   * (so a second withdrawal fails instead of rewriting the first).
   */
  markWithdrawn(
    tx: Transaction,
    { claimId, data: stored }: StoredClaim,
    from: string,
    by: string,
    reason: string | null,
    /** Its funnel's withdrawn stage (stagesOf). */
    withdrawn: string,
  ): void {
    const now = writeTime();
    tx.create(historyOfClaim(claimId).doc('withdrawn'), {
      event: 'withdrawn',
      from,
      to: withdrawn,
      by,
      reason,
      at: now,
    });
    tx.update(claimRef(claimId), {
      withdrawnAt: now,
      updatedAt: now,
      stage: withdrawn,
      stageChangedAt: now,
      stageLog: [...stageLogOf(stored), { stage: withdrawn, at: now }],
    });
  },

  /**
   * Moves a sent claim to another stage: a create-only history record (who, when, from, to,
   * note) under a new id, and the claim's stage. Returns the record's id.
   */
  moveStage(
    tx: Transaction,
    { claimId, data: stored }: StoredClaim,
    move: { from: string; to: string; by: string; note: string },
  ): { id: string; at: Timestamp } {
    const now = writeTime();
    const record = historyOfClaim(claimId).doc();
    tx.create(record, {
      event: 'stage-changed',
      from: move.from,
      to: move.to,
      by: move.by,
      note: move.note,
      at: now,
    });
    tx.update(claimRef(claimId), {
      stage: move.to,
      stageChangedAt: now,
      updatedAt: now,
      stageLog: [...stageLogOf(stored), { stage: move.to, at: now }],
    });
    return { id: record.id, at: now };
  },

  /** A claim by id, in a transaction or not; null when there is none. */
  async byId(claimId: string, tx?: Transaction): Promise<StoredClaim | null> {
    const snapshot = tx ? await tx.get(claimRef(claimId)) : await claimRef(claimId).get();
    const data = snapshot.data();
    return data ? { claimId, data } : null;
  },

  /** A claim's history records, oldest first (for staff and the claimant's own data export). */
  async historyOf(claimId: string): Promise<Array<ClaimHistoryDocument & { id: string }>> {
    const snapshot = await historyOfClaim(claimId).get();
    return snapshot.docs
      .map((doc) => ({ id: doc.id, ...doc.data() }))
      .sort((a, b) => millisOf(a.at) - millisOf(b.at));
  },

  /**
   * After the claimant deleted their account: a sent claim is kept for the firm's records
   * (the privacy notice says how long) but no longer belongs to any account.
   */
  detachFromAccount(claimId: string, uid: string) {
    const now = writeTime();
    const batch = firestore().batch();
    batch.update(claimRef(claimId), { userId: null, formerUserId: uid, accountDeletedAt: now });
    batch.set(historyOfClaim(claimId).doc('account-deleted'), {
      event: 'account-deleted',
      at: now,
    });
    return batch.commit();
  },

  /** Deletes a draft outside a transaction (the account it belonged to is being deleted). */
  async deleteDraft(claimId: string): Promise<void> {
    await claimRef(claimId).delete();
  },

  /** Deletes a draft. */
  deleteIn(tx: Transaction, claim: StoredClaim): void {
    tx.delete(claimRef(claim.claimId));
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
    signature: SignatureEvidence | undefined,
    contact: ClaimContact,
    /** Its funnel's initial stage (stagesOf). */
    initialStage: string,
  ): void {
    const now = writeTime();
    // A create-only record: when two submits race (the local emulator's transactions do not
    // isolate), the second commit fails on it, so the first submission and its evidence stand.
    tx.create(historyOfClaim(claimId).doc('submitted'), {
      event: 'submitted',
      reference,
      at: now,
    });
    tx.update(claimRef(claimId), {
      status: 'submitted',
      reference,
      submittedAt: now,
      updatedAt: now,
      // What the staff list shows and searches, kept with the claim so a page of the list is
      // one query and its reads do not grow with the number of claims.
      stage: initialStage,
      stageChangedAt: now,
      // The claimant's timeline; the history subcollection stays the record of who and why.
      stageLog: [{ stage: initialStage, at: now }],
      listKey: listKeyOf(now.toDate(), claimId),
      contact,
      searchTerms: searchTermsOf(reference, contact),
      ...(signature ? { signature: { ...signature, signedAt: Timestamp.now() } } : {}),
    });
  },
};
