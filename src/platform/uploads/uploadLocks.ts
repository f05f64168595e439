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

/**
 * Locks shared by every tab of this browser (Web Locks), or this page's alone without them.
 *
 * A lock let go is free only once the browser has ended it, a moment after: a page that lets
 * its files go and takes them up again at once (its question drawn again) waits for that, or
 * it would find its own lock still held and leave its file to a tab that does not exist. Two
 * asks for one file at once share one request, for the same reason.
 */
export function browserUploadLocks(): UploadLocks {
  if (typeof navigator === 'undefined' || !('locks' in navigator)) return pageUploadLocks();
  const releases = new Map<string, () => void>();
  /** Each held lock's request, which settles once the browser has ended the lock. */
  const ended = new Map<string, Promise<unknown>>();
  const asking = new Map<string, Promise<boolean>>();
  const request = (id: string) =>
    new Promise<boolean>((answer, failed) => {
      const held = navigator.locks.request(
        `evidence-upload:${id}`,
        { ifAvailable: true },
        (lock) => {
          if (!lock) return answer(false);
          answer(true);
          // Held until released: the lock lasts as long as this promise is pending.
          return new Promise<void>((release) => releases.set(id, release));
        },
      );
      ended.set(id, held);
      held
        .then(
          () => undefined,
          (error: unknown) => failed(error),
        )
        .finally(() => {
          if (ended.get(id) === held) ended.delete(id);
        });
    });
  const hold = async (id: string): Promise<boolean> => {
    if (releases.has(id)) return true;
    // Let go by this page a moment ago: asked again once the browser has ended it.
    await ended.get(id);
    if (releases.has(id)) return true;
    return request(id);
  };
  return {
    hold: (id) => {
      const known = asking.get(id);
      if (known) return known;
      const answer = hold(id).finally(() => asking.delete(id));
      asking.set(id, answer);
      return answer;
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
