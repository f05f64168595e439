/** The funnels-check CLI, run as CI runs it, on fixture directories. */
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { formatProblem, parseArguments } from '../../../scripts/funnels-check';
import { projectRegistry, registryDir } from '../runtime/projectFiles';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const fixtures = 'tests/unit/scripts/fixtures';
const tsxCli = path.join(projectRoot, 'node_modules/tsx/dist/cli.mjs');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function funnelsCheck(...args: string[]): Promise<Run> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [tsxCli, 'scripts/funnels-check.ts', ...args],
      {
        cwd: projectRoot,
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const onFixture = (name: string) =>
  funnelsCheck('--funnels', `${fixtures}/${name}/funnels`, '--schemas', 'schemas');

describe('funnels-check CLI', { timeout: 120_000, concurrent: true }, () => {
  it("passes the project funnels with each page's renderer and a one-line summary", async () => {
    const run = await funnelsCheck(registryDir);
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    // Every funnel in funnels/, whatever a product owner has added.
    const funnelIds = readdirSync(path.join(registryDir, 'funnels'))
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.slice(0, -'.json'.length));
    // Each question page is named once, by the renderer that draws it.
    for (const funnel of projectRegistry().listFunnels()) {
      const line = lines.find((text) => text.startsWith(`renderers: ${funnel.funnelId}: `));
      expect(line, funnel.funnelId).toBeDefined();
      const named = /slim form: (.*); RJSF: ([^(]*)/
        .exec(line!)!
        .slice(1)
        .flatMap((list) => list.trim().split(', '))
        .filter((pageId) => pageId !== 'none');
      const questions = funnel.pages.filter(
        (page) => page.kind !== 'exit' && page.kind !== 'review-and-sign',
      );
      expect(named.sort()).toEqual(questions.map((page) => page.pageId).sort());
    }
    expect(lines.at(-1)).toMatch(
      new RegExp(
        `^funnels:check: ${funnelIds.length} funnels?, \\d+ schemas and \\d+ example claims are valid$`,
      ),
    );
  });

  it('passes a new funnel written as JSON only', async () => {
    const run = await onFixture('good');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('1 funnel, ');
  });

  it('fails on an unknown schema reference, naming file and pointer', async () => {
    const run = await onFixture('unknown-schema-ref');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `${fixtures}/unknown-schema-ref/funnels/broken-ref.json: /pages/1/schema: unknown page schema "no-such-schema"`,
    );
  });

  it('fails on an unreachable page, naming file and pointer', async () => {
    const run = await onFixture('unreachable-page');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `${fixtures}/unreachable-page/funnels/orphan.json: /pages/1: page "forgotten" cannot be reached from the first page "details"`,
    );
  });

  it('checks the claim stages: their format, and moves that name no stage', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'funnels-check-stages-'));
    try {
      await cp(path.join(registryDir, 'funnels'), path.join(dir, 'funnels'), { recursive: true });
      await cp(path.join(registryDir, 'schemas'), path.join(dir, 'schemas'), { recursive: true });
      const file = path.join(dir, 'funnels/lifecycle/claim-stages.json');
      const stages = JSON.parse(await readFile(file, 'utf8'));
      stages.stages[1].next[0] = 'with-lendr';
      delete stages.stages[2].claimantText;
      await writeFile(file, JSON.stringify(stages));
      const run = await funnelsCheck(dir);
      expect(run.code).toBe(1);
      const shown = path.relative(projectRoot, file);
      expect(run.stderr.trim().split('\n')).toEqual([
        `${shown}: /stages/2/claimantText: is missing: add a text, like "We have asked the airline to pay."`,
        'funnels:check: 1 problem found',
      ]);
      stages.stages[2].claimantText = 'Sent on.';
      await writeFile(file, JSON.stringify(stages));
      const second = await funnelsCheck(dir);
      expect(second.stderr).toContain(
        `${shown}: /stages/1/next/0: "with-lendr" is no stage (stages: sent, in-review, with-lender,`,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("checks a funnel's own stages as the shared file's, naming file and pointer", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'funnels-check-lifecycle-'));
    try {
      await cp(path.join(projectRoot, 'schemas'), path.join(dir, 'schemas'), { recursive: true });
      // The authoring suite's flight-delay funnel, which declares its own stages.
      await cp(path.join(projectRoot, 'tests/e2e/authoring/any-funnel'), dir, { recursive: true });
      const file = path.join(dir, 'funnels/flight-delay.json');
      const funnel = JSON.parse(await readFile(file, 'utf8'));
      expect((await funnelsCheck(dir)).code).toBe(0);
      funnel.lifecycle.stages[2].next[0] = 'offer';
      funnel.lifecycle.stages[5].next = ['paid'];
      await writeFile(file, JSON.stringify(funnel));
      const run = await funnelsCheck(dir);
      expect(run.code).toBe(1);
      const shown = path.relative(projectRoot, file);
      const stages = 'received, in-review, with-airline, paid, rejected, withdrawn-by-passenger';
      expect(run.stderr.trim().split('\n')).toEqual([
        `${shown}: /lifecycle/stages/2/next/0: "offer" is no stage (stages: ${stages})`,
        `${shown}: /lifecycle/stages/5/next: "withdrawn-by-passenger" is where a claimant's withdrawal ends a claim: it moves nowhere`,
        'funnels:check: 2 problems found',
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('fails on bad JSON, naming file and position', async () => {
    const run = await onFixture('bad-json');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `${fixtures}/bad-json/funnels/bad.json: (root): not valid JSON at line 5, column 3`,
    );
    expect(run.stderr.trim().split('\n')).toHaveLength(2); // the problem, then the count; no knock-on errors
  });

  it('--fix writes hand-written funnel JSON as Prettier formats it, then checks it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'funnels-fix-'));
    try {
      await cp(path.join(projectRoot, fixtures, 'good/funnels'), path.join(dir, 'funnels'), {
        recursive: true,
      });
      // --fix lays out every file of the folders it is given: a copy, never the project's.
      await cp(path.join(projectRoot, 'schemas'), path.join(dir, 'schemas'), { recursive: true });
      const [name] = (await readdir(path.join(dir, 'funnels'))).filter((n) => n.endsWith('.json'));
      const file = path.join(dir, 'funnels', name!);
      const squashed = JSON.stringify(JSON.parse(await readFile(file, 'utf8')));
      await writeFile(file, squashed);
      const run = await funnelsCheck(
        '--funnels',
        path.join(dir, 'funnels'),
        '--schemas',
        path.join(dir, 'schemas'),
        '--fix',
      );
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`formatted `);
      const fixed = await readFile(file, 'utf8');
      expect(fixed).not.toBe(squashed);
      expect(JSON.parse(fixed)).toEqual(JSON.parse(squashed));
      expect(fixed.split('\n').length).toBeGreaterThan(5);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses unknown options', async () => {
    const run = await funnelsCheck('--funnel', 'x');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('usage: funnels-check');
  });
});

describe('parseArguments', () => {
  it('defaults to funnels/, schemas/ and funnels/examples/ of the project directory', () => {
    expect(parseArguments([], '/repo')).toEqual({
      funnels: '/repo/funnels',
      schemas: '/repo/schemas',
      examples: '/repo/funnels/examples',
    });
    expect(parseArguments(['other'], '/repo').schemas).toBe('/repo/other/schemas');
  });

  it('takes each directory separately', () => {
    expect(parseArguments(['--funnels', 'f', '--schemas', 's'], '/repo')).toEqual({
      funnels: '/repo/f',
      schemas: '/repo/s',
      examples: '/repo/f/examples',
    });
  });
});

describe('formatProblem', () => {
  it('prints file: pointer: message', () => {
    expect(
      formatProblem({
        file: 'funnels/a.json',
        pointer: '/pages/2/next/0/goto',
        message: 'goes to unknown page "x"',
      }),
    ).toBe('funnels/a.json: /pages/2/next/0/goto: goes to unknown page "x"');
    expect(formatProblem({ file: 'funnels/a.json', pointer: '', message: 'not valid JSON' })).toBe(
      'funnels/a.json: (root): not valid JSON',
    );
  });
});

describe('generated funnel types', () => {
  it('are what schemas/funnel.schema.json generates today', async () => {
    const { readFile } = await import('node:fs/promises');
    const { FUNNEL_SCHEMA_FILE, GENERATED_TYPES_FILE, renderFunnelTypes } =
      await import('../../../scripts/generate-types');
    const schema = JSON.parse(await readFile(FUNNEL_SCHEMA_FILE, 'utf8')) as object;
    expect(await readFile(GENERATED_TYPES_FILE, 'utf8')).toBe(await renderFunnelTypes(schema));
  });
});
