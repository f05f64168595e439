/**
 * Publishes each funnel's current version: checks everything as funnels:check does, then
 * writes the snapshot of every version not yet published,
 *
 *   npx tsx scripts/funnels-publish.ts [projectDir]
 *
 * to `funnels/published/<funnelId>/<version>.json`. A snapshot is never rewritten: a
 * published version is what claims started on it are pinned to (publishedVersion.ts).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { publishedVersionFile } from '../src/runtime/versions';
import { checkFunnels, formatProblem, parseArguments } from './funnels-check';
import { snapshotOf } from './lib/publishedVersions';
import { writeFileAtomic } from './lib/atomicFile';

async function formattedJson(value: unknown, file: string): Promise<string> {
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(JSON.stringify(value), { ...options, filepath: file });
}

/** Writes the snapshots; returns the files written, relative to the funnels directory's parent. */
export async function publishFunnels(args: readonly string[], cwd = process.cwd()) {
  const directories = parseArguments(args, cwd);
  const summary = await checkFunnels(directories, cwd);
  if (summary.problems.length > 0 || !summary.registry) {
    return { problems: summary.problems, written: [] as string[] };
  }
  const written: string[] = [];
  for (const { funnelId } of summary.unpublished) {
    const funnel = summary.registry.getFunnel(funnelId)!;
    const snapshot = snapshotOf(funnel, summary.registry);
    const relativeFile = publishedVersionFile(funnelId, funnel.version);
    const file = path.join(path.dirname(directories.funnels), relativeFile);
    await mkdir(path.dirname(file), { recursive: true });
    // Exclusive: never over a snapshot that exists, even one written since the check.
    await writeFileAtomic(file, await formattedJson(snapshot, file), { exclusive: true });
    written.push(`${relativeFile} (${snapshot.hash})`);
  }
  return { problems: [], written };
}

async function main(): Promise<number> {
  let result;
  try {
    result = await publishFunnels(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  if (result.problems.length > 0) {
    for (const problem of result.problems) console.error(formatProblem(problem));
    console.error('funnels:publish: nothing published; fix the problems above first');
    return 1;
  }
  for (const line of result.written) console.log(`published ${line}`);
  if (result.written.length === 0)
    console.log('funnels:publish: every current version is published');
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
