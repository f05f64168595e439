import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeHostingRewrites } from '../../../scripts/lib/hostingRewrites';
import { servedPathsWithFunnels } from '../../../scripts/lib/servedFormPaths';
import { pathPatternsRegexSource } from '../../../src/runtime/web';

interface FirebaseConfig {
  hosting: { rewrites: Array<{ regex?: string; destination: string }> } & Record<string, unknown>;
}

describe('the served paths', () => {
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

    const patterns = servedPathsWithFunnels(process.cwd());
    expect(await writeHostingRewrites(root, patterns)).toBe(true);
    const written = read();
    expect(written.hosting.rewrites).toEqual([
      { regex: pathPatternsRegexSource(patterns), destination: '/index.html' },
    ]);
    expect({ ...written, hosting: { ...written.hosting, rewrites: [] } }).toEqual({
      ...original,
      hosting: { ...original.hosting, rewrites: [] },
    });
    expect(await writeHostingRewrites(root, patterns)).toBe(false);
  });

  it('holds the pages a claimant opens, and not a mistyped one', () => {
    const served = new RegExp(pathPatternsRegexSource(servedPathsWithFunnels(process.cwd())));
    for (const path of ['/', '/form/start/', '/form/vehicle-claim/address/uid1', '/claims/f/c']) {
      expect(served.test(path), path).toBe(true);
    }
    for (const path of [
      '/no-such-page',
      '/form',
      '/account/nope',
      '/404',
      '/form/no-such-funnel/start/',
      '/form/vehicle-claim/nope/',
      '/form/vehicle-claim/address/uid1/extra',
    ]) {
      expect(served.test(path), path).toBe(false);
    }
  });

  it('names the pages of every funnel in the registry and of its published versions', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'served-funnels-'));
    mkdirSync(path.join(root, 'funnels', 'published', 'tenancy'), { recursive: true });
    mkdirSync(path.join(root, 'schemas'));
    const page = (pageId: string) => ({ pageId, title: pageId, schema: 'x' });
    writeFileSync(
      path.join(root, 'funnels', 'tenancy.json'),
      JSON.stringify({ funnelId: 'tenancy', version: 2, pages: [page('deposit')] }),
    );
    // Version 1 had a page version 2 dropped: a draft pinned to it may still stop there.
    writeFileSync(
      path.join(root, 'funnels', 'published', 'tenancy', '1.json'),
      JSON.stringify({ funnel: { funnelId: 'tenancy', pages: [page('landlord')] } }),
    );
    // A funnel file that is not JSON keeps its pages for its owner (the dev server's case).
    writeFileSync(path.join(root, 'funnels', 'parking.json'), '{ "funnelId": ');
    const previous = process.env.REGISTRY_DIR;
    process.env.REGISTRY_DIR = root;
    try {
      const served = new RegExp(pathPatternsRegexSource(servedPathsWithFunnels(root)));
      expect(served.test('/form/tenancy/deposit/')).toBe(true);
      expect(served.test('/form/tenancy/landlord/uid1')).toBe(true);
      expect(served.test('/form/tenancy/tenant/')).toBe(false);
      expect(served.test('/form/vehicle-claim/start/')).toBe(false);
      expect(served.test('/form/parking/ticket/')).toBe(true);
    } finally {
      if (previous === undefined) delete process.env.REGISTRY_DIR;
      else process.env.REGISTRY_DIR = previous;
    }
  });
});
