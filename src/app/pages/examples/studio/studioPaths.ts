import { paths } from '../../../paths';

/*
 * The studio's URLs, `/examples/studio/<funnelId>[?page=<pageId>]`, are written here rather
 * than in app/paths.ts: that module is part of every claimant's first download, which is at
 * its size budget, and only this developer page needs them. The examples screen routes them
 * (router.tsx gives it `/examples/*`).
 */
const STUDIO_SEGMENT = 'studio';

/** The studio of a funnel, optionally with one page's preview open. */
export function funnelStudioPath(funnelId: string, pageId?: string): string {
  const path = `${paths.examples()}/${STUDIO_SEGMENT}/${encodeURIComponent(funnelId)}`;
  return pageId ? `${path}?page=${encodeURIComponent(pageId)}` : path;
}

/** The funnel id of a path under `/examples/` (`studio/<funnelId>`), or undefined for another path. */
export function studioFunnelIdOf(pathUnderExamples: string): string | undefined {
  const match = new RegExp(`^${STUDIO_SEGMENT}/([^/]+)/?$`).exec(pathUnderExamples);
  return match ? decodeURIComponent(match[1]!) : undefined;
}
