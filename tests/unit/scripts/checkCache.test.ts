/**
 * funnels:check's cache (scripts/lib/checkCache.ts): the same lines cold, warm and without a
 * cache; an edit checks again what it can change and nothing else; a corrupt file is ignored.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkFunnels,
  formatProblem,
  type CheckDirectories,
  type CheckSummary,
} from '../../../scripts/funnels-check';
import { openCheckCache, type CheckCache } from '../../../scripts/lib/checkCache';
import { writeGeneratedFunnels } from '../../support/generatedFunnels';
import { projectRegistry, registryDir } from '../runtime/projectFiles';
import { registryDirectories } from '../../../scripts/lib/registryFiles';

let dir: string;
let directories: CheckDirectories;
let cacheFile: string;

/** Everything a run says: its problem lines, renderers and unpublished versions. */
function linesOf(summary: CheckSummary): string[] {
  return [
    ...summary.problems.map(formatProblem),
    ...summary.renderers,
    ...summary.unpublished.map(({ funnelId, version }) => `unpublished ${funnelId} ${version}`),
  ];
}

const cached = () => checkFunnels(directories, dir, { cacheFile });
const uncached = () => checkFunnels(directories, dir);

/** The schema the most funnels use, and those funnels. */
async function mostSharedSchema(): Promise<{ schemaId: string; funnelIds: string[] }> {
  const summary = await uncached();
  const users = new Map<string, Set<string>>();
  for (const funnel of summary.registry!.listFunnels()) {
    for (const page of funnel.pages) {
      users.set(page.schema, (users.get(page.schema) ?? new Set()).add(funnel.funnelId));
    }
  }
  const [schemaId, funnelIds] = [...users].sort((a, b) => b[1].size - a[1].size)[0]!;
  return { schemaId, funnelIds: [...funnelIds].sort() };
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'check-cache-'));
  for (const folder of ['funnels', 'schemas']) {
    await cp(path.join(registryDir, folder), path.join(dir, folder), { recursive: true });
  }
  // The generated funnels share a page schema between two funnels, whatever the project has.
  if (!projectRegistry().getFunnel('gen-appeal')) await writeGeneratedFunnels(dir);
  directories = registryDirectories(dir);
  cacheFile = path.join(dir, 'cache', 'funnels-check.json');
}, 300_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('funnels:check with its cache', { timeout: 300_000 }, () => {
  it('says the same cold, warm and without a cache, and checks nothing again when nothing changed', async () => {
    const without = await uncached();
    const cold = await cached();
    const funnelIds = without.registry!.listFunnels().map((funnel) => funnel.funnelId);
    expect(linesOf(cold)).toEqual(linesOf(without));
    expect(cold.cache.checkedFunnels.sort()).toEqual([...funnelIds].sort());
    const warm = await cached();
    expect(linesOf(warm)).toEqual(linesOf(without));
    expect(warm.cache.checkedFunnels).toEqual([]);
    expect(warm.cache.reusedFunnels.sort()).toEqual([...funnelIds].sort());
    // Only what the version checks run (migrations of earlier examples) compiles again.
    expect(warm.cache.compiled).toBeLessThan(cold.cache.compiled);
  });

  it('checks again every funnel that uses an edited shared schema, and only those', async () => {
    const { schemaId, funnelIds } = await mostSharedSchema();
    expect(funnelIds.length).toBeGreaterThan(1);
    await cached();
    const file = path.join(directories.schemas, `${schemaId}.schema.json`);
    const schema = JSON.parse(await readFile(file, 'utf8'));
    await writeFile(file, JSON.stringify({ ...schema, $comment: 'Edited for the cache test' }));
    const warm = await cached();
    expect(warm.cache.checkedFunnels.sort()).toEqual(funnelIds);
    // The edit differs from the published versions: the same lines say so with or without.
    expect(linesOf(warm)).toEqual(linesOf(await uncached()));

    // A schema that no longer compiles: recorded, and said again the same way from the record.
    const broken = { ...schema, properties: { ...schema.properties, odd: { type: 'text' } } };
    await writeFile(file, JSON.stringify(broken));
    const without = linesOf(await uncached());
    expect(without.join('\n')).toContain(`${schemaId}.schema.json`);
    expect(linesOf(await cached())).toEqual(without);
    expect(linesOf(await cached())).toEqual(without);
    await writeFile(file, JSON.stringify(schema));
  });

  it('ignores a corrupt cache file and checks everything', async () => {
    const without = await uncached();
    for (const corrupt of ['{ not json', '[]', JSON.stringify({ checker: 'x', compile: 1 })]) {
      await writeFile(cacheFile, corrupt);
      const run = await cached();
      expect(linesOf(run)).toEqual(linesOf(without));
      expect(run.cache.reusedFunnels).toEqual([]);
    }
    expect(JSON.parse(await readFile(cacheFile, 'utf8'))).toHaveProperty('examples');
  });

  it('keeps a namespace’s records apart from the rest of the same file', () => {
    const file = path.join(dir, 'cache', 'namespaces.json');
    const inputs = {
      funnel: { funnelId: 'apart' },
      examples: [],
      examplesFile: 'funnels/examples/apart.json',
      pageSchemas: new Map(),
    } as unknown as Parameters<CheckCache['exampleChecks']>[0];
    const problem = { file: 'funnels/apart.json', pointer: '', message: 'said by one check' };
    const record = (namespace: string | undefined, said: (typeof problem)[]) => {
      const cache = openCheckCache(file, { namespace });
      let ran = false;
      const found = cache.exampleChecks(inputs, () => ((ran = true), said));
      cache.save({ keepUnused: true });
      return { ran, found };
    };
    expect(record(undefined, [problem])).toEqual({ ran: true, found: [problem] });
    // Another namespace never reads funnels:check's record (it checks another way)…
    expect(record('npm start', [])).toEqual({ ran: true, found: [] });
    // …and each reads its own, kept beside the other's.
    expect(record('npm start', [problem])).toEqual({ ran: false, found: [] });
    expect(record(undefined, [])).toEqual({ ran: false, found: [problem] });
  });
});
