/**
 * The studio's full check (scripts/lib/studioCheck.ts): funnels:check's own lines for the
 * files as edited, nothing written to them, funnels:check's cache shared both ways, and the
 * same path rules as saving.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFunnels, formatProblem } from '../../../scripts/funnels-check';
import { checkStudioEdits } from '../../../scripts/lib/studioCheck';
import { registryDirectories } from '../../../scripts/lib/registryFiles';
import { StudioFileError } from '../../../scripts/lib/studioFiles';
import { projectRegistry, registryDir } from '../runtime/projectFiles';

let dir: string;
let cacheFile: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'studio-check-'));
  for (const folder of ['funnels', 'schemas']) {
    await cp(path.join(registryDir, folder), path.join(dir, folder), { recursive: true });
  }
  cacheFile = path.join(dir, 'cache', 'funnels-check.json');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A funnel with a branch, and the file of that funnel: whatever the registry holds. */
function funnelWithRule() {
  const funnel = projectRegistry()
    .listFunnels()
    .find((candidate) => candidate.pages.some((page) => page.next?.some((rule) => rule.when)));
  if (!funnel) throw new Error('the registry has no funnel with a `when` rule');
  const pageIndex = funnel.pages.findIndex((page) => page.next?.some((rule) => rule.when));
  const ruleIndex = funnel.pages[pageIndex]!.next!.findIndex((rule) => rule.when);
  return {
    funnelId: funnel.funnelId,
    file: `funnels/${funnel.funnelId}.json`,
    pageIndex,
    ruleIndex,
  };
}

/** The funnel's file with the rule's `when` made to match no answers at all. */
async function withUntakeableRule(): Promise<{ file: string; text: string; pointer: string }> {
  const { file, pageIndex, ruleIndex } = funnelWithRule();
  const funnel = JSON.parse(await readFile(path.join(dir, file), 'utf8'));
  funnel.pages[pageIndex].next[ruleIndex].when = { not: {} };
  return {
    file,
    text: JSON.stringify(funnel, null, 2),
    pointer: `/pages/${pageIndex}/next/${ruleIndex}/when`,
  };
}

/** What funnels:check says of a copy of the registry with `file` holding `text`. */
async function funnelsCheckLinesWith(file: string, text: string): Promise<string[]> {
  const copy = await mkdtemp(path.join(tmpdir(), 'studio-check-copy-'));
  try {
    await cp(dir, copy, { recursive: true });
    await writeFile(path.join(copy, file), text);
    const summary = await checkFunnels(registryDirectories(copy), copy);
    return summary.problems.map(formatProblem);
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}

describe('the studio full check', () => {
  it('says what funnels:check says of the files as edited, route proofs included, and writes none of them', async () => {
    const { file, text, pointer } = await withUntakeableRule();
    const before = await readFile(path.join(dir, file), 'utf8');

    const result = await checkStudioEdits(dir, { [file]: text }, cacheFile);

    const lines = result.problems.map(formatProblem);
    expect(lines).toEqual(await funnelsCheckLinesWith(file, text));
    expect(lines.join('\n')).toContain(`${file}: ${pointer}: no answers take this rule`);
    expect(await readFile(path.join(dir, file), 'utf8')).toBe(before);
  });

  it('names a file that is not JSON with its line and column, as funnels:check does', async () => {
    const { file } = funnelWithRule();
    const text = '{\n  "funnelId": "x",\n  oops\n}';

    const lines = (await checkStudioEdits(dir, { [file]: text }, cacheFile)).problems.map(
      formatProblem,
    );

    expect(lines).toEqual(await funnelsCheckLinesWith(file, text));
    expect(lines[0]).toMatch(new RegExp(`^${file}: \\(root\\)?.*line 3`));
  });

  it('shares funnels:check’s cache: an edit checks only its funnel again, and the next funnels:check reuses every record', async () => {
    const directories = registryDirectories(dir);
    await checkFunnels(directories, dir, { cacheFile });
    const { funnelId, file, text } = { ...funnelWithRule(), ...(await withUntakeableRule()) };

    const studio = await checkStudioEdits(dir, { [file]: text }, cacheFile);
    expect(studio.checkedFunnels).toEqual([funnelId]);

    const next = await checkFunnels(directories, dir, { cacheFile });
    expect(next.cache.checkedFunnels).toEqual([]);
    expect(next.problems).toEqual([]);
  });

  it('refuses a path outside the registry folders, and a text that is not a string', async () => {
    await expect(checkStudioEdits(dir, { '../package.json': '{}' }, cacheFile)).rejects.toThrow(
      StudioFileError,
    );
    await expect(checkStudioEdits(dir, { 'funnels/x.json': 42 }, cacheFile)).rejects.toMatchObject({
      status: 400,
      message: 'funnels/x.json: the text must be a string',
    });
    await expect(checkStudioEdits(dir, ['funnels/x.json'], cacheFile)).rejects.toMatchObject({
      status: 400,
    });
  });
});
