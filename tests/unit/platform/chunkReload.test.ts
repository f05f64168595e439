import { beforeEach, describe, expect, it, vi } from 'vitest';
import { handleLazyLoadFailure } from '../../../src/platform/chunkReload';
import { RELOAD_GUARD_MS, RELOAD_GUARD_STORAGE_KEY } from '../../../src/runtime/constants';
import { FullStorage, MemoryStorage } from '../../support/memoryStorage';

describe('handleLazyLoadFailure', () => {
  let sessionStorage: MemoryStorage;
  let clock: number;
  const reload = vi.fn<(path: string) => void>();
  const deps = () => ({ sessionStorage, now: () => clock, reload });

  beforeEach(() => {
    sessionStorage = new MemoryStorage();
    clock = 1_700_000_000_000;
    reload.mockReset();
  });

  it('reloads the target path once and remembers it in session storage', () => {
    expect(handleLazyLoadFailure('/form/start/', deps())).toBe(true);
    expect(reload).toHaveBeenCalledExactlyOnceWith('/form/start/');
    expect(JSON.parse(sessionStorage.getItem(RELOAD_GUARD_STORAGE_KEY) ?? '')).toEqual({
      '/form/start/': clock,
    });
  });

  it('shows the error page (false) on a second failure within 10 s', () => {
    handleLazyLoadFailure('/form/start/', deps());
    clock += RELOAD_GUARD_MS - 1;

    expect(handleLazyLoadFailure('/form/start/', deps())).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads again after 10 s', () => {
    handleLazyLoadFailure('/form/start/', deps());
    clock += RELOAD_GUARD_MS;

    expect(handleLazyLoadFailure('/form/start/', deps())).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('guards each path independently', () => {
    handleLazyLoadFailure('/form/start/', deps());
    clock += 1;

    expect(handleLazyLoadFailure('/login', deps())).toBe(true);
    expect(handleLazyLoadFailure('/form/start/', deps())).toBe(false);
    expect(reload.mock.calls).toEqual([['/form/start/'], ['/login']]);
  });

  it('survives corrupt JSON in session storage', () => {
    sessionStorage.setItem(RELOAD_GUARD_STORAGE_KEY, '{not json');

    expect(handleLazyLoadFailure('/login', deps())).toBe(true);
    expect(handleLazyLoadFailure('/login', deps())).toBe(false);
  });

  it('does not reload when it cannot remember the attempt, to avoid a reload loop', () => {
    expect(handleLazyLoadFailure('/login', { ...deps(), sessionStorage: new FullStorage() })).toBe(
      false,
    );
    expect(reload).not.toHaveBeenCalled();
  });
});
