/** The caching rules shared by both lookups. */
import { describe, expect, it, vi } from 'vitest';
import {
  LOOKUP_CACHE_TTL_MS,
  addressCacheKey,
  createInMemoryLookupCache,
  dvlaCacheKey,
  withCache,
  type LookupCache,
} from '../../../src/gateway/services/lookupCache';

const DAY = 24 * 60 * 60 * 1000;

describe('withCache', () => {
  it('keeps lookups for one day', () => {
    expect(LOOKUP_CACHE_TTL_MS).toBe(DAY);
  });

  it('loads on a miss, then serves from the cache until the value is ttl old', async () => {
    let clock = 1_000_000;
    const cache = createInMemoryLookupCache<string>(() => clock);
    const load = vi.fn(async () => `value at ${clock}`);

    expect(await withCache(cache, 'k', DAY, clock, load)).toBe('value at 1000000');
    clock += DAY - 1;
    expect(await withCache(cache, 'k', DAY, clock, load)).toBe('value at 1000000');
    expect(load).toHaveBeenCalledTimes(1);

    clock += 1;
    expect(await withCache(cache, 'k', DAY, clock, load)).toBe(`value at ${clock}`);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not store a failed load', async () => {
    const cache = createInMemoryLookupCache<string>();
    const failure = new Error('lookup failed');
    await expect(
      withCache(cache, 'k', DAY, Date.now(), () => Promise.reject(failure)),
    ).rejects.toBe(failure);
    expect(cache.entries.size).toBe(0);
  });

  it('carries on without a cache that fails, and reports it', async () => {
    const broken: LookupCache<string> = {
      get: () => Promise.reject(new Error('firestore down')),
      set: () => Promise.reject(new Error('firestore down')),
    };
    const onCacheError = vi.fn();
    await expect(
      withCache(broken, 'k', DAY, Date.now(), async () => 'fresh', onCacheError),
    ).resolves.toBe('fresh');
    expect(onCacheError.mock.calls.map(([operation, key]) => [operation, key])).toEqual([
      ['get', 'k'],
      ['set', 'k'],
    ]);
  });

  it('just loads when there is no cache', async () => {
    const load = vi.fn(async () => 1);
    await withCache(undefined, 'k', DAY, Date.now(), load);
    await withCache(undefined, 'k', DAY, Date.now(), load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('in-memory lookup cache', () => {
  it('copies values in and out, as a real store would', async () => {
    const cache = createInMemoryLookupCache<{ make: string }>(() => 5);
    const value = { make: 'FORD' };
    await cache.set('k', value);
    value.make = 'changed';
    const stored = await cache.get('k');
    expect(stored).toEqual({ value: { make: 'FORD' }, storedAt: 5 });
    if (stored) stored.value.make = 'changed again';
    expect((await cache.get('k'))?.value.make).toBe('FORD');
  });
});

describe('cache keys', () => {
  it('are dvla:<REG> and address:<POSTCODE>', () => {
    expect(dvlaCacheKey('AB12CDE')).toBe('dvla:AB12CDE');
    expect(addressCacheKey('SW1A 2AA')).toBe('address:SW1A2AA');
    expect(addressCacheKey('sw1a2aa')).toBe('address:SW1A2AA');
  });
});
