/**
 * The paths the app is served at, with a funnel's pages named: `/form/<funnelId>/<pageId>`
 * (and a claim owner after it) for each page of each funnel the registry holds, and of each
 * version published before it (a draft on an older version may stop at a page the current
 * one dropped). An address of a funnel or page nobody wrote is then a 404, as any other
 * unknown address is. Node only: it reads the registry's files where the browser's router
 * has them bundled.
 */
import { basename, dirname, join } from 'node:path';
import { routePatterns } from '../../src/app/paths';
import { servedPathPatterns } from '../../src/app/servedPaths';
import { readPublishedFiles, readRegistryDirectories, registryRoot } from './registryFiles';

/** Each page of a funnel file's content (any shape: a broken file names what it can). */
function pagePatternsOf(funnel: unknown): string[] {
  const { funnelId, pages } = (funnel ?? {}) as { funnelId?: unknown; pages?: unknown };
  if (typeof funnelId !== 'string' || !Array.isArray(pages)) return [];
  return pages.flatMap((page: unknown) => {
    const pageId = (page as { pageId?: unknown } | null)?.pageId;
    return typeof pageId === 'string'
      ? [routePatterns.formPage.replace(':funnelId', funnelId).replace(':pageId', pageId)]
      : [];
  });
}

/** The served path patterns for the funnels (and published versions) under `projectRoot`'s registry. */
export function servedPathsWithFunnels(projectRoot: string): string[] {
  const root = registryRoot(projectRoot);
  const { files, problems } = readRegistryDirectories(root);
  const published = readPublishedFiles(join(root, 'funnels'), root).parsed;
  const funnelPages = [
    ...Object.values(files.funnels).flatMap(pagePatternsOf),
    ...Object.values(published).flatMap((snapshot) =>
      pagePatternsOf((snapshot as { funnel?: unknown } | null)?.funnel),
    ),
  ];
  // A funnel file that is not JSON (only the dev server gets this far: a build refuses it)
  // keeps every page of the funnel its name says, where the app tells its owner what is wrong.
  const unreadable = problems
    .filter((problem) => dirname(problem.file) === 'funnels' && problem.file.endsWith('.json'))
    .map((problem) => routePatterns.formPage.replace(':funnelId', basename(problem.file, '.json')));
  return [
    ...servedPathPatterns.filter((pattern) => pattern !== routePatterns.formPage),
    ...funnelPages,
    ...unreadable,
  ];
}
