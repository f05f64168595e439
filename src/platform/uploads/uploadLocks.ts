/**
 * Which of this browser's tabs uploads a waiting file. A file question's waiting files are
 * kept in IndexedDB, which every tab of the site shares, so two tabs open on one question
 * would both see a file and both upload it (two copies on the claim). Each tab holds a Web
 * Lock named after each file it uploads, for as long as it does: another tab asks without
 * waiting, and leaves the file to its holder. A closed or reloaded tab's locks end with it,
 * so its files are taken up by the next page that asks.
 */

export interface UploadLocks {
  /** Holds the file for this tab: false when another tab holds it. */
  hold(id: string): Promise<boolean>;
  /** Lets the file go (uploaded, removed, or the page is going). */
  release(id: string): void;
  /** Lets every file this tab holds go. */
  releaseAll(): void;
}

/** Locks within one page: what a test uses to play several tabs, and a browser without Web Locks. */
export function pageUploadLocks(held = new Set<string>()): UploadLocks {
  const mine = new Set<string>();
  return {
    hold: async (id) => {
      if (mine.has(id)) return true;
      if (held.has(id)) return false;
      held.add(id);
      mine.add(id);
      return true;
    },
    release: (id) => {
      if (mine.delete(id)) held.delete(id);
    },
    releaseAll: () => {
      for (const id of mine) held.delete(id);
      mine.clear();
    },
  };
}

/** Locks shared by every tab of this browser (Web Locks), or this page's alone without them. */
export function browserUploadLocks(): UploadLocks {
  if (typeof navigator === 'undefined' || !('locks' in navigator)) return pageUploadLocks();
  const releases = new Map<string, () => void>();
  return {
    hold: (id) => {
      if (releases.has(id)) return Promise.resolve(true);
      return new Promise<boolean>((answer, failed) => {
        navigator.locks
          .request(`evidence-upload:${id}`, { ifAvailable: true }, (lock) => {
            if (!lock) return answer(false);
            answer(true);
            // Held until released: the lock lasts as long as this promise is pending.
            return new Promise<void>((release) => releases.set(id, release));
          })
          .catch(failed);
      });
    },
    release: (id) => {
      releases.get(id)?.();
      releases.delete(id);
    },
    releaseAll: () => {
      for (const release of releases.values()) release();
      releases.clear();
    },
  };
}
