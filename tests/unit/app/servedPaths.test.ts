import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { servedPathPatterns } from '../../../src/app/servedPaths';
import { pathPatternsRegexSource } from '../../../src/runtime/web';

const firebase = JSON.parse(readFileSync('firebase.json', 'utf8')) as {
  hosting: { rewrites: Array<{ regex?: string; source?: string; destination: string }> };
};

describe('servedPathPatterns', () => {
  it('is the paths Firebase Hosting serves the app at: everything else is its 404.html', () => {
    const rewrites = firebase.hosting.rewrites.filter((r) => r.destination === '/index.html');
    expect(rewrites).toEqual([
      { regex: pathPatternsRegexSource(servedPathPatterns), destination: '/index.html' },
    ]);
  });

  it('holds the pages a claimant opens, and not a mistyped one', () => {
    const served = new RegExp(pathPatternsRegexSource(servedPathPatterns));
    for (const path of ['/', '/form/start/', '/form/vehicle-claim/address/uid1', '/claims/f/c']) {
      expect(served.test(path), path).toBe(true);
    }
    for (const path of ['/no-such-page', '/form', '/account/nope', '/404']) {
      expect(served.test(path), path).toBe(false);
    }
  });
});
