import { idFromFileName } from '../schema/fileNames';
import type { Problem } from '../types';
import type { FunnelRegistry } from './registry';

/** What a registry was built from, and what it said: enough to tell whose fault a problem is. */
interface CheckedRegistry {
  /** The funnel files that parsed, by path (`funnels/<funnelId>.json`). */
  funnels: Readonly<Record<string, unknown>>;
  /** Every problem: files that are not JSON and the registry's own. */
  problems: readonly Problem[];
  /** The funnels without problems; undefined when nothing could be loaded at all. */
  registry?: FunnelRegistry;
}

/** The schema files a written funnel's pages name (read loosely: the file may be wrong). */
function schemaFilesOf(written: unknown): Set<string> {
  const pages =
    typeof written === 'object' && written !== null && 'pages' in written
      ? written.pages
      : undefined;
  return new Set(
    (Array.isArray(pages) ? pages : []).map(
      // A funnel file not yet validated: a page entry may be anything; String() copes with a missing schema.
      (page) => `schemas/${String((page as { schema?: unknown } | null)?.schema)}.schema.json`,
    ),
  );
}

/**
 * The problems that keep one funnel out of a registry built while some files are broken (the
 * dev server and the gateway under `npm start` serve every other funnel meanwhile): those in
 * its file, its examples file, or a schema file one of its pages names. When the funnel is
 * written but none of those is at fault (a shared or format schema is), every problem is its.
 * Empty for a funnel the registry serves, or one that is not written at all.
 */
export function problemsOfFunnel(funnelId: string, checked: CheckedRegistry): Problem[] {
  const { funnels, problems, registry } = checked;
  if (registry?.getFunnel(funnelId) || problems.length === 0) return [];
  const file = `funnels/${funnelId}.json`;
  const schemaFiles = schemaFilesOf(funnels[file]);
  const own = problems.filter(
    (problem) =>
      problem.file === file ||
      problem.file === `funnels/examples/${funnelId}.json` ||
      schemaFiles.has(problem.file),
  );
  if (own.length > 0) return own;
  return file in funnels ? [...problems] : [];
}

/**
 * Every funnel that is written (parsed or not) but left out of the registry, with its problems,
 * in file order: what `npm start` prints and the gateway refuses calls for.
 */
export function brokenFunnels(checked: CheckedRegistry): Map<string, Problem[]> {
  const written = new Set<string>();
  for (const file of [...Object.keys(checked.funnels), ...checked.problems.map((p) => p.file)]) {
    if (!file.startsWith('funnels/') || file.indexOf('/', 'funnels/'.length) !== -1) continue;
    const funnelId = idFromFileName(file, '.json');
    if (funnelId) written.add(funnelId);
  }
  const broken = new Map<string, Problem[]>();
  for (const funnelId of [...written].sort()) {
    const problems = problemsOfFunnel(funnelId, checked);
    if (problems.length > 0) broken.set(funnelId, problems);
  }
  return broken;
}
