import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeHostingRewrites } from '../../../scripts/lib/hostingRewrites';
import { servedPathPatterns } from '../../../src/app/servedPaths';
import { pathPatternsRegexSource } from '../../../src/runtime/web';

interface FirebaseConfig {
  hosting: { rewrites: Array<{ regex?: string; destination: string }> } & Record<string, unknown>;
}

describe('servedPathPatterns', () => {
  it('is written into firebase.json as Hosting’s one rewrite, the rest of the file untouched', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'hosting-rewrites-'));
    copyFileSync('firebase.json', path.join(root, 'firebase.json'));
    copyFileSync('.prettierrc.json', path.join(root, '.prettierrc.json'));
    const file = path.join(root, 'firebase.json');
    const read = () => JSON.parse(readFileSync(file, 'utf8')) as FirebaseConfig;
    const original = read();
    // A screen added since the file was last written: its rewrite is stale.
    writeFileSync(
      file,
      JSON.stringify({
        ...original,
        hosting: {
          ...original.hosting,
          rewrites: [{ regex: '^/old/?$', destination: '/index.html' }],
        },
      }),
    );

    expect(await writeHostingRewrites(root)).toBe(true);
    const written = read();
    expect(written.hosting.rewrites).toEqual([
      { regex: pathPatternsRegexSource(servedPathPatterns), destination: '/index.html' },
    ]);
    expect({ ...written, hosting: { ...written.hosting, rewrites: [] } }).toEqual({
      ...original,
      hosting: { ...original.hosting, rewrites: [] },
    });
    expect(await writeHostingRewrites(root)).toBe(false);
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
