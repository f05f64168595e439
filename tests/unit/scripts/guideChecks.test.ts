/**
 * The README and the guides under docs/ name only what exists (scripts/lib/guideChecks.ts),
 * the README stays a five-minute read with the quick start as it has always been stated, and
 * it links each reader's guide.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { guideFiles, guideProblems, headingAnchor } from '../../../scripts/lib/guideChecks';

const root = resolve(import.meta.dirname, '../../..');
const readme = readFileSync(resolve(root, 'README.md'), 'utf8');
// The probe's documents are built from parts, so this file names no document it lacks.
const md = (path: string) => `${path}.md`;
const A = md('docs/a');
const C = md('docs/c');
const GUIDES = ['docs/product-owner.md', 'docs/operator.md', 'docs/developer.md'];

describe('the README and the guides', () => {
  it('checks the README and every guide', () => {
    expect(guideFiles(root)).toEqual(expect.arrayContaining(['README.md', ...GUIDES]));
  });

  it.each(guideFiles(root))(
    '%s: every npm script, repository path and link it names exists',
    (file) => {
      expect(guideProblems(root, file)).toEqual([]);
    },
  );

  it('fails on a guide naming a missing script, path, file or heading', () => {
    const dir = mkdtempSync(join(tmpdir(), 'guide-checks-'));
    try {
      mkdirSync(join(dir, 'docs'));
      mkdirSync(join(dir, 'src'));
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ scripts: { start: 'x' } }));
      writeFileSync(join(dir, A), '# A\n\n## Here\n');
      writeFileSync(
        join(dir, 'README.md'),
        [
          'Run `npm start`, then `npm run nothing`.',
          'Read `src/missing.ts`, not `.data/local/` or `funnels/<funnelId>.json`.',
          `See [a](${A}#here), [b](${A}#there) and [c](${C}).`,
        ].join('\n'),
      );
      expect(guideProblems(dir, 'README.md')).toEqual([
        'README.md:1: npm run nothing: no such script in package.json',
        'README.md:2: src/missing.ts: no such file or folder',
        `README.md:3: ${A}#there: ${A} has no heading #there`,
        `README.md:3: ${C}: links to a file the repository does not have`,
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the README keeps its quick start: the Node version and the two commands', () => {
    expect(readme).toContain('You need Node.js 20.19 or later');
    expect(readme).toContain(
      'npm ci && npm start     # runs the product on its local emulated backend',
    );
    expect(readme).toContain(
      'npm ci && npm test      # runs every test (needs Chromium: apt-get install chromium)',
    );
  });

  it('the README is a five-minute read that links each guide and reference page', () => {
    expect(readme.split(/\s+/).filter(Boolean).length).toBeLessThan(600);
    for (const doc of [...GUIDES, 'docs/architecture.md', 'docs/first-page.md', 'docs/words.md']) {
      expect(readme).toContain(`](${doc})`);
    }
  });

  it('anchors are GitHub’s: lower case, punctuation dropped, spaces as hyphens', () => {
    expect(headingAnchor('Add or change a funnel (no code)')).toBe(
      'add-or-change-a-funnel-no-code',
    );
    expect(headingAnchor("A funnel's text in other languages")).toBe(
      'a-funnels-text-in-other-languages',
    );
    expect(headingAnchor('Versions: publish, and migrate drafts')).toBe(
      'versions-publish-and-migrate-drafts',
    );
  });
});
