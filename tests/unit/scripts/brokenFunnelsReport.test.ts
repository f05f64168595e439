/**
 * What `npm start` prints about broken funnels: each funnel's lines once, and its recovery;
 * with funnels:check's cache, the same lines, an edit checked again in part, and a warm
 * funnels:check after it.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFunnels, formatProblem } from '../../../scripts/funnels-check';
import { brokenFunnelsReporter } from '../../../scripts/lib/brokenFunnelsReport';
import { cacheFileFor } from '../../../scripts/lib/checkCache';
import type { Funnel, Problem } from '../../../src/runtime/funnel';
import { projectInput, registryDir } from '../runtime/projectFiles';
import { registryDirectories } from '../../../scripts/lib/registryFiles';

/** The project's files with its first funnel's file not JSON, and the problem that says so. */
function withFirstFunnelNotJson() {
  const files = projectInput();
  const [file, written] = Object.entries(files.funnels)[0]!;
  const { [file]: _left, ...others } = files.funnels;
  // As readServableRegistry reads them: the examples of a file that is not JSON are left out.
  const examples = Object.fromEntries(
    Object.entries(files.examples).filter(([name]) => !name.endsWith(file.slice('funnels'.length))),
  );
  const problem: Problem = {
    file,
    pointer: '',
    message: 'not valid JSON at line 2, column 5: Unexpected token',
  };
  return {
    files: { ...files, funnels: others, examples },
    problem,
    funnelId: (written as Funnel).funnelId,
  };
}

describe('the broken-funnel report of npm start', () => {
  it('says nothing while every funnel is sound', () => {
    expect(brokenFunnelsReporter()(projectInput(), [])).toEqual([]);
  });

  it('names a broken funnel with the checker’s lines once, and says when it works again', () => {
    const report = brokenFunnelsReporter();
    const { files, problem, funnelId } = withFirstFunnelNotJson();
    expect(report(files, [problem])).toEqual([
      `✖ Funnel "${funnelId}" is left out until it is fixed (every other funnel is served):`,
      `✖   ${problem.file}: (root): not valid JSON at line 2, column 5: Unexpected token`,
    ]);
    // Rebuilt for another change: the same problem is not printed again.
    expect(report(files, [problem])).toEqual([]);
    expect(report(projectInput(), [])).toEqual([
      `✔ Funnel "${funnelId}" has no problems now and is served again.`,
    ]);
  });

  it('says nothing more of a broken funnel whose file was removed', () => {
    const report = brokenFunnelsReporter();
    const { files, problem } = withFirstFunnelNotJson();
    report(files, [problem]);
    expect(report(files, [])).toEqual([]);
  });

  it('names only the funnel a failing check belongs to', () => {
    const files = projectInput();
    const [file, written] = Object.entries(files.funnels)[0]!;
    const funnel = structuredClone(written) as Funnel;
    funnel.pages[0]!.next = [{ goto: 'no-such-page' }];
    const lines = brokenFunnelsReporter()(
      { ...files, funnels: { ...files.funnels, [file]: funnel } },
      [],
    );
    expect(lines[0]).toBe(
      `✖ Funnel "${funnel.funnelId}" is left out until it is fixed (every other funnel is served):`,
    );
    expect(lines.slice(1).every((line) => line.startsWith(`✖   ${file}: `))).toBe(true);
    expect(lines.join('\n')).toContain('no-such-page');
  });

  it(
    'says the same with a cache, beside funnels:check’s records in the same file',
    { timeout: 300_000 },
    async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'broken-report-'));
      try {
        for (const folder of ['funnels', 'schemas']) {
          await cp(path.join(registryDir, folder), path.join(dir, folder), { recursive: true });
        }
        const directories = registryDirectories(dir);
        const cacheFile = cacheFileFor(Object.values(directories), path.join(dir, 'cache'));
        const uncachedCheck = async () =>
          (await checkFunnels(directories, dir)).problems.map(formatProblem);

        // A warm funnels:check…
        await checkFunnels(directories, dir, { cacheFile });
        const { files, problem } = withFirstFunnelNotJson();
        const uncached = brokenFunnelsReporter()(files, [problem]);
        expect(uncached.length).toBeGreaterThan(1);
        // …leaves the report as it is without a cache, cold and warm…
        expect(brokenFunnelsReporter({ cacheFile })(files, [problem])).toEqual(uncached);
        expect(brokenFunnelsReporter({ cacheFile })(files, [problem])).toEqual(uncached);
        // …and the report's records leave funnels:check warm, saying what it says uncached.
        const check = await checkFunnels(directories, dir, { cacheFile });
        expect(check.cache.checkedFunnels).toEqual([]);
        expect(check.cache.reusedFunnels.length).toBeGreaterThan(0);
        expect(check.problems.map(formatProblem)).toEqual(await uncachedCheck());
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});
