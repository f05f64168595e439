/**
 * Reading back what this site kept in browser storage. Storage can be blocked (a private
 * window, a browser setting) and its values outlive the code that wrote them, so every read
 * here answers "nothing kept" rather than throwing or trusting a stale shape.
 */

/**
 * A JSON value this site kept in browser storage, given back only when it still has the shape
 * its reader checks: storage outlives a deploy that changed the shape, can be edited by hand,
 * and can be full of something else under the same key, so what was written is not trusted
 * to be what is read. Anything unreadable (blocked storage, broken JSON) reads as nothing.
 */
export function readStoredJson<T>(
  storage: Storage,
  key: string,
  hasShape: (value: unknown) => value is T,
): T | null {
  try {
    const raw = storage.getItem(key);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    return hasShape(value) ? value : null;
  } catch {
    return null;
  }
}

/** A plain object, its fields still unknown: what each reader's shape check starts from. */
export const isStoredObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A text this site kept in browser storage; empty or unreadable (blocked storage) is none. */
export function readStoredText(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key) || null;
  } catch {
    return null;
  }
}
