import { describe, expect, it } from 'vitest';
import { matchesPathPatterns, pathPatternsRegexSource } from '../../../../src/runtime/web';

const patterns = ['/', '/start', '/form/:funnelId/:pageId/:userId?', '/examples/*', '/a.b'];

describe('matchesPathPatterns', () => {
  it('matches each pattern with and without a trailing slash', () => {
    for (const path of ['/', '/start', '/start/', '/form/f/p', '/form/f/p/', '/form/f/p/u']) {
      expect(matchesPathPatterns(path, patterns), path).toBe(true);
    }
  });

  it('matches a trailing * at any depth, and the pattern without it', () => {
    for (const path of ['/examples', '/examples/studio/x', '/examples/login']) {
      expect(matchesPathPatterns(path, patterns), path).toBe(true);
    }
  });

  it('matches nothing else: a parameter is one non-empty segment, text is literal', () => {
    for (const path of ['/nope', '/start/x', '/form/f', '/form/f/p/u/v', '/form//p', '/aXb']) {
      expect(matchesPathPatterns(path, patterns), path).toBe(false);
    }
  });

  it('writes no construct RE2 lacks (lookarounds, backreferences)', () => {
    expect(pathPatternsRegexSource(patterns)).not.toMatch(/\(\?[=!<]|\\[1-9]/);
  });
});
