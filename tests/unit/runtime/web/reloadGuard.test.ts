import { describe, expect, it } from 'vitest';
import { parseReloadHistory, shouldReloadAfterChunkError } from '../../../../src/runtime/web';

const WINDOW = 10_000;

describe('shouldReloadAfterChunkError', () => {
  it('reloads a path never reloaded before and remembers when', () => {
    expect(shouldReloadAfterChunkError('/login', 50_000, {}, WINDOW)).toEqual({
      reload: true,
      history: { '/login': 50_000 },
    });
  });

  it('refuses a second reload of the same path within the window', () => {
    const decision = shouldReloadAfterChunkError('/login', 59_999, { '/login': 50_000 }, WINDOW);
    expect(decision).toEqual({ reload: false, history: { '/login': 50_000 } });
  });

  it('allows it again once the window has passed', () => {
    const decision = shouldReloadAfterChunkError('/login', 60_000, { '/login': 50_000 }, WINDOW);
    expect(decision).toEqual({ reload: true, history: { '/login': 60_000 } });
  });

  it('treats each path independently', () => {
    const decision = shouldReloadAfterChunkError('/start', 51_000, { '/login': 50_000 }, WINDOW);
    expect(decision).toEqual({ reload: true, history: { '/login': 50_000, '/start': 51_000 } });
  });

  it('drops entries older than the window', () => {
    const decision = shouldReloadAfterChunkError('/start', 100_000, { '/login': 50_000 }, WINDOW);
    expect(decision.history).toEqual({ '/start': 100_000 });
  });

  it('refuses when the clock went backwards', () => {
    expect(shouldReloadAfterChunkError('/login', 40_000, { '/login': 50_000 }, WINDOW).reload).toBe(
      false,
    );
  });
});

describe('parseReloadHistory', () => {
  it('reads stored JSON', () => {
    expect(parseReloadHistory('{"/login":123}')).toEqual({ '/login': 123 });
  });

  it.each([
    ['nothing stored', null],
    ['an empty string', ''],
    ['corrupt JSON', '{"/login":'],
    ['an array', '[1,2]'],
    ['a number', '42'],
    ['JSON null', 'null'],
  ])('is empty for %s', (_case, raw) => {
    expect(parseReloadHistory(raw)).toEqual({});
  });

  it('drops entries that are not timestamps', () => {
    expect(parseReloadHistory('{"/a":"soon","/b":null,"/c":7}')).toEqual({ '/c': 7 });
  });
});
