import { DRAFT_STORAGE_PREFIX } from '../../runtime/constants';
import type { PageAnswers } from '../../runtime/funnel';
import { isStoredObject, readStoredJson } from './storedValues';

/** What is kept in the browser for one claimant's current claim in one funnel. */
export interface StoredDraft {
  funnelId: string;
  /**
   * The server claim these answers belong to (null before its first save), so a copy of a
   * claim the claimant has since sent is never taken for the next claim they start.
   */
  claimId?: string | null;
  /**
   * The funnel version the claim is on, once known, so a returning claimant's page is drawn
   * from this copy only on that version (copies kept before it was recorded have none).
   */
  funnelVersion?: number | null;
  answers: Record<string, PageAnswers>;
  currentPageId: string | null;
  /** Pages answered here but not yet confirmed saved by the gateway: the outbox. */
  unsavedPageIds: string[];
  /** What is typed on pages not yet continued. */
  typed?: Record<string, PageAnswers>;
  /** When each field of each page was last edited here (ms), sent with each save. */
  stamps?: Record<string, Record<string, number>>;
  /** The last edit stamp given out here. */
  lastStamp?: number;
  /**
   * The language the claimant last continued a page in (where the funnel offers a choice),
   * sent with the pages still in the outbox after a reload, so the claim records it.
   */
  locale?: string;
  updatedAt: number;
}

function keyOf(uid: string, funnelId: string): string {
  return `${DRAFT_STORAGE_PREFIX}${uid}:${funnelId}`;
}

/** The claim a claimant touched last in this browser (any funnel): where "Your claim" leads. */
export interface LatestClaim {
  funnelId: string;
  claimId: string | null;
  currentPageId: string | null;
  sent: boolean;
  /**
   * When this browser last had the claim open (ms since 1970), to weigh it against a claim
   * the account changed on another device; absent in records kept before it was.
   */
  touchedAt?: number;
}

/**
 * Beside the drafts but not one of them (it holds no answers, and a sent claim keeps it);
 * removeAllOf removes it with them, so a signed-out claimant leaves no trace of a claim.
 */
const latestKeyOf = (uid: string) => `claimLatest:${uid}`;

/**
 * A kept draft: checked for its answers by page, which every version of the site wrote and
 * every reader starts from; the other fields are taken as this module wrote them.
 */
const isStoredDraft = (value: unknown): value is StoredDraft =>
  isStoredObject(value) && isStoredObject(value.answers);

/** A kept "last claim" record: the funnel is what "Your claim" needs to lead anywhere. */
const isLatestClaim = (value: unknown): value is LatestClaim =>
  isStoredObject(value) && typeof value.funnelId === 'string';

/**
 * Keeps a claimant's answers in localStorage at once, so a reload, a crash or a lost
 * connection loses nothing. Storage can be full or disabled (private mode): then the
 * server copy is all there is, and the failure is logged rather than breaking the form.
 */
export const draftStorage = {
  read(uid: string, funnelId: string, storage: Storage = localStorage): StoredDraft | null {
    return readStoredJson(storage, keyOf(uid, funnelId), isStoredDraft);
  },
  write(uid: string, draft: StoredDraft, storage: Storage = localStorage): void {
    try {
      storage.setItem(keyOf(uid, draft.funnelId), JSON.stringify(draft));
    } catch (error) {
      console.error('Could not keep the draft in this browser', error);
    }
  },
  /**
   * Every draft this browser keeps for a claimant (signed out, or their account deleted);
   * `keepUnsent` keeps those with answers still waiting to be sent.
   */
  removeAllOf(
    uid: string,
    options: { keepUnsent?: boolean } = {},
    storage: Storage = localStorage,
  ): void {
    try {
      const prefix = keyOf(uid, '');
      const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
      storage.removeItem(latestKeyOf(uid));
      for (const key of keys) {
        if (!key?.startsWith(prefix)) continue;
        const draft = this.read(uid, key.slice(prefix.length), storage);
        if (options.keepUnsent && (draft?.unsavedPageIds.length ?? 0) > 0) continue;
        storage.removeItem(key);
      }
    } catch {
      // Nothing to remove.
    }
  },
  /** The claim this claimant touched last here, or null when there is none. */
  readLatest(uid: string, storage: Storage = localStorage): LatestClaim | null {
    return readStoredJson(storage, latestKeyOf(uid), isLatestClaim);
  },
  writeLatest(uid: string, latest: LatestClaim, storage: Storage = localStorage): void {
    try {
      storage.setItem(latestKeyOf(uid), JSON.stringify(latest));
    } catch {
      // Without storage the header's "Your claim" leads home: nothing is lost.
    }
  },
  /** Every draft this browser keeps for a claimant, in any funnel. */
  allOf(uid: string, storage: Storage = localStorage): StoredDraft[] {
    try {
      const prefix = keyOf(uid, '');
      const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
      return keys
        .filter((key): key is string => !!key?.startsWith(prefix))
        .map((key) => this.read(uid, key.slice(prefix.length), storage))
        .filter((draft): draft is StoredDraft => draft !== null);
    } catch {
      return [];
    }
  },
  remove(uid: string, funnelId: string, storage: Storage = localStorage): void {
    try {
      storage.removeItem(keyOf(uid, funnelId));
    } catch {
      // Nothing to remove.
    }
  },
};
