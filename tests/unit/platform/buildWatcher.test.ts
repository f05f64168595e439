import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBuildWatcher, prefetchManifest } from '../../../src/platform/buildWatcher';
import { MANIFEST_PREFETCH_DELAY_MS } from '../../../src/runtime/constants';

const BASE = '/app/';
const INTERVAL = 60_000;

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

describe('createBuildWatcher', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function watch(fetch: (url: string, init?: RequestInit) => Promise<Response>) {
    const onNewBuild = vi.fn();
    const watcher = createBuildWatcher({
      currentBuildId: 'build-1',
      fetch,
      baseUrl: BASE,
      intervalMs: INTERVAL,
      setInterval,
      clearInterval,
      onNewBuild,
    });
    return { watcher, onNewBuild };
  }

  it('polls builds/latest.json with a timestamp query, uncached', async () => {
    const fetch = vi.fn(async () => jsonResponse({ id: 'build-1', timestamp: 1 }));
    const { watcher } = watch(fetch);

    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(INTERVAL);

    expect(fetch).toHaveBeenCalledWith(`/app/builds/latest.json?t=${Date.now()}`, {
      cache: 'no-store',
    });
    watcher.stop();
  });

  it('stays quiet while the deployed build is the running one', async () => {
    const fetch = vi.fn(async () => jsonResponse({ id: 'build-1', timestamp: 1 }));
    const { watcher, onNewBuild } = watch(fetch);

    await vi.advanceTimersByTimeAsync(INTERVAL * 3);

    expect(fetch).toHaveBeenCalledTimes(3);
    expect(watcher.isReloadPending()).toBe(false);
    expect(onNewBuild).not.toHaveBeenCalled();
    watcher.stop();
  });

  it('flags a pending reload once a different build id is seen, then stops polling', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse({ id: 'build-1', timestamp: 1 }))
      .mockResolvedValue(jsonResponse({ id: 'build-2', timestamp: 2 }));
    const { watcher, onNewBuild } = watch(fetch);

    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(watcher.isReloadPending()).toBe(false);

    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(watcher.isReloadPending()).toBe(true);
    expect(onNewBuild).toHaveBeenCalledExactlyOnceWith({ id: 'build-2', timestamp: 2 });

    await vi.advanceTimersByTimeAsync(INTERVAL * 5);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['an error status', async () => jsonResponse({ id: 'build-2', timestamp: 2 }, 503)],
    ['bad JSON', async () => new Response('<!doctype html>', { status: 200 })],
    ['a wrong shape', async () => jsonResponse({ build: 'build-2' })],
  ])('is not pending after %s', async (_case, respond) => {
    const fetch = vi.fn(respond);
    const { watcher } = watch(fetch);

    await vi.advanceTimersByTimeAsync(INTERVAL * 2);

    expect(fetch).toHaveBeenCalledTimes(2);
    expect(watcher.isReloadPending()).toBe(false);
    watcher.stop();
  });

  it('checks on demand and shares one request between overlapping checks', async () => {
    const fetch = vi.fn(async () => jsonResponse({ id: 'build-2', timestamp: 2 }));
    const { watcher } = watch(fetch);

    await Promise.all([watcher.check(), watcher.check()]);

    expect(fetch).toHaveBeenCalledTimes(1);
    expect(watcher.isReloadPending()).toBe(true);
  });

  it('stops polling on stop()', async () => {
    const fetch = vi.fn(async () => jsonResponse({ id: 'build-1', timestamp: 1 }));
    const { watcher } = watch(fetch);

    watcher.stop();
    await vi.advanceTimersByTimeAsync(INTERVAL * 2);

    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('prefetchManifest', () => {
  const manifest = {
    id: 'build-1',
    timestamp: 1,
    routeRules: { '/claim': { redirect: '/form/start/' } },
    prerendered: [],
  };

  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fetches the build manifest 1000 ms after the browser is idle', async () => {
    const fetch = vi.fn(async () => jsonResponse(manifest));
    let idle: (() => void) | undefined;
    const result = prefetchManifest({
      buildId: 'build-1',
      fetch,
      baseUrl: BASE,
      requestIdleCallback: (callback) => {
        idle = callback;
      },
      setTimeout,
      connection: { effectiveType: '4g' },
    });

    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetch).not.toHaveBeenCalled();

    idle?.();
    await vi.advanceTimersByTimeAsync(MANIFEST_PREFETCH_DELAY_MS - 1);
    expect(fetch).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledExactlyOnceWith('/app/builds/meta/build-1.json', undefined);
    await expect(result).resolves.toEqual(manifest);
  });

  it('falls back to a zero timeout where requestIdleCallback is missing', async () => {
    const fetch = vi.fn(async () => jsonResponse(manifest));
    const result = prefetchManifest({ buildId: 'build-1', fetch, baseUrl: BASE, setTimeout });

    await vi.advanceTimersByTimeAsync(MANIFEST_PREFETCH_DELAY_MS - 1);
    expect(fetch).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual(manifest);
  });

  it('is skipped on a slow-2g connection', async () => {
    const fetch = vi.fn(async () => jsonResponse(manifest));
    const result = prefetchManifest({
      buildId: 'build-1',
      fetch,
      baseUrl: BASE,
      requestIdleCallback: (callback) => callback(),
      setTimeout,
      connection: { effectiveType: 'slow-2g' },
    });

    await vi.advanceTimersByTimeAsync(10_000);
    await expect(result).resolves.toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('resolves to null when the manifest cannot be fetched', async () => {
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const result = prefetchManifest({ buildId: 'build-1', fetch, baseUrl: BASE, setTimeout });

    await vi.advanceTimersByTimeAsync(MANIFEST_PREFETCH_DELAY_MS);
    await expect(result).resolves.toBeNull();
  });
});
