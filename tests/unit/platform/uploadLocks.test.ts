/**
 * Which tab uploads a waiting file, by the browser's Web Locks. The lock manager is played
 * here as the browser's behaves: a request is answered later, not while it is made; a lock
 * asked for "if available" is refused while anyone holds it; and a lock let go is ended a
 * moment later, not at once.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserUploadLocks } from '../../../src/platform/uploads/uploadLocks';

type Granted = (lock: { name: string } | null) => unknown;

/** One browser's lock manager, which every tab (every `browserUploadLocks()`) shares. */
function lockManager() {
  const held = new Set<string>();
  return {
    held,
    request: async (name: string, _options: { ifAvailable: boolean }, granted: Granted) => {
      // The browser answers a request in a task of its own, never while it is made.
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (held.has(name)) return granted(null);
      held.add(name);
      try {
        return await granted({ name });
      } finally {
        // The browser ends a lock in its own time once its holder lets it go.
        await new Promise((resolve) => setTimeout(resolve, 5));
        held.delete(name);
      }
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the upload locks of a browser’s tabs', () => {
  it('takes a file up again at once after letting it go (its question drawn again)', async () => {
    vi.stubGlobal('navigator', { locks: lockManager() });
    const tab = browserUploadLocks();
    expect(await tab.hold('one')).toBe(true);
    tab.releaseAll();
    // Asked before the browser has ended the lock let go: still this tab's to upload.
    expect(await tab.hold('one')).toBe(true);
    tab.release('one');
    expect(await tab.hold('one')).toBe(true);
  });

  it('answers two asks for one file at once alike, with one lock', async () => {
    const manager = lockManager();
    vi.stubGlobal('navigator', { locks: manager });
    const tab = browserUploadLocks();
    expect(await Promise.all([tab.hold('one'), tab.hold('one')])).toEqual([true, true]);
    expect([...manager.held]).toEqual(['evidence-upload:one']);
  });

  it('leaves to another tab the file it holds, and takes it up once that tab lets it go', async () => {
    vi.stubGlobal('navigator', { locks: lockManager() });
    const first = browserUploadLocks();
    const second = browserUploadLocks();
    expect(await first.hold('one')).toBe(true);
    expect(await second.hold('one')).toBe(false);
    expect(await second.hold('two')).toBe(true);
    first.releaseAll();
    await vi.waitFor(async () => expect(await second.hold('one')).toBe(true));
    expect(await first.hold('two')).toBe(false);
  });
});
