/**
 * Caching of successful lookups, to save cost: DVLA and address providers charge or
 * rate-limit per call, and a claimant often looks the same thing up twice. The storage is
 * an interface so the gateway can plug in Firestore (collection `lookupCache`) while tests
 * use the in-memory one here.
 */
import { compactPostcode } from '../../runtime/claim';

/** How long a lookup stays fresh: one day, for vehicles and addresses alike. */
export const LOOKUP_CACHE_TTL_MS = 24 * 60 * 60 * 1000;

/** A stored value and when it was stored (milliseconds since the epoch). */
export interface CachedLookup<T> {
  value: T;
  storedAt: number;
}

/** Where lookups are kept. `set` stamps `storedAt` with its own clock. */
export interface LookupCache<T> {
  get(key: string): Promise<CachedLookup<T> | undefined>;
  set(key: string, value: T): Promise<void>;
}

/** Cache key of a vehicle lookup; `registration` is already normalised (e.g. "AB12CDE"). */
export function dvlaCacheKey(registration: string): string {
  return `dvla:${registration}`;
}

/**
 * Cache key of an address lookup. Spaces are removed (e.g. "address:SW1A2AA") so the key
 * is the same however the postcode was typed, and is a plain Firestore document id.
 */
export function addressCacheKey(postcode: string): string {
  return `address:${compactPostcode(postcode)}`;
}

/** Called when the cache itself fails; the lookup carries on without it. */
export type CacheErrorHandler = (operation: 'get' | 'set', key: string, error: unknown) => void;

/** True when a value stored at `storedAt` is still fresh at `now`. */
function isFresh(storedAt: number, now: number, ttlMs: number): boolean {
  const age = now - storedAt;
  return age >= 0 && age < ttlMs;
}

/**
 * Returns the cached value for `key` when it is younger than `ttlMs` at `now`; otherwise
 * calls `load`, stores what it returns and returns it. Errors from `load` propagate and are
 * never stored, so a failed lookup is tried again next time. A failing cache is reported to
 * `onCacheError` and otherwise ignored: it is an optimisation, and must never stop a
 * claimant from getting an answer. Without a cache, this simply calls `load`.
 */
export async function withCache<T>(
  cache: LookupCache<T> | undefined,
  key: string,
  ttlMs: number,
  now: number,
  load: () => Promise<T>,
  onCacheError: CacheErrorHandler = () => {},
): Promise<T> {
  if (cache === undefined) return load();

  let cached: CachedLookup<T> | undefined;
  try {
    cached = await cache.get(key);
  } catch (error) {
    onCacheError('get', key, error);
  }
  if (cached !== undefined && isFresh(cached.storedAt, now, ttlMs)) return cached.value;

  const value = await load();
  try {
    await cache.set(key, value);
  } catch (error) {
    onCacheError('set', key, error);
  }
  return value;
}

/** A {@link LookupCache} in memory, with the inspection tests need. */
interface InMemoryLookupCache<T> extends LookupCache<T> {
  /** Every entry currently held, by key. */
  readonly entries: ReadonlyMap<string, CachedLookup<T>>;
}

/**
 * A cache held in memory, for tests and the dev stack. Values are copied in and out
 * (structuredClone), as a real store would, so a caller changing a returned object cannot
 * change what is cached. `now` stamps `storedAt`; tests pass a fake clock.
 */
export function createInMemoryLookupCache<T>(now: () => number = Date.now): InMemoryLookupCache<T> {
  const entries = new Map<string, CachedLookup<T>>();
  return {
    entries,
    async get(key) {
      const entry = entries.get(key);
      return entry === undefined ? undefined : structuredClone(entry);
    },
    async set(key, value) {
      entries.set(key, { value: structuredClone(value), storedAt: now() });
    },
  };
}
