import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  brokenReferences,
  referenceLine,
  scanForBrokenReferences,
} from '../../../scripts/lib/docReferences';

const root = resolve(import.meta.dirname, '../../..');

// The probe is built from parts, so this file does not itself hold what it checks for.
const md = (path: string) => `${path}.md`;
const MISSING_DOC = md('DESIGN');
const SPEC_CITATION = ['spec', 'section 4'].join(' ');
const ISSUE_CITATION = ['issue', '14'].join(' ');

describe('references to documents (src, scripts, tests, docs, README.md)', () => {
  it('every Markdown file named resolves inside the repository, and none cites a spec by section or an issue by number', () => {
    expect(scanForBrokenReferences(root).map(referenceLine)).toEqual([]);
  });

  it('fails on a probe naming a missing document or citing a spec by section', () => {
    const files = new Set([md('README'), md('docs/architecture'), md('src/README')]);
    const probe = [
      `/** The rule (see ${MISSING_DOC}). */`,
      `// Polls the manifest (${SPEC_CITATION}).`,
      `// Rooms: ${md('docs/architecture')}, ${md('../README')} and ${md('README')} all exist.`,
      `// ${md('docs/nowhere')} does not; nor does ${md('../../outside')}, above the repository.`,
      `// A URL is not ours: https://example.com/${md('guide')}`,
      `// Prerenders the first page (${ISSUE_CITATION}).`,
    ].join('\n');
    const broken = brokenReferences(probe, 'src/runtime/probe.ts', (path) => files.has(path));
    expect(broken.map(referenceLine)).toEqual([
      `src/runtime/probe.ts:1: ${MISSING_DOC}: names a Markdown file the repository does not have`,
      `src/runtime/probe.ts:2: ${SPEC_CITATION.replace(' 4', '')}: cites a spec that is not in the repository: say the rule or reason in place`,
      `src/runtime/probe.ts:4: ${md('docs/nowhere')}: names a Markdown file the repository does not have`,
      `src/runtime/probe.ts:4: ${md('../../outside')}: names a Markdown file the repository does not have`,
      `src/runtime/probe.ts:6: ${ISSUE_CITATION}: cites an issue of a tracker that is not in the repository: say the reason in place`,
    ]);
  });
});
