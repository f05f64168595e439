import type { PublishedVersion } from '../../runtime/versions';

/**
 * Every published funnel version (funnels/published/), oldest first per funnel: a chunk of
 * its own, fetched only for a claim on an earlier version or by the funnel studio, so a
 * claimant on the current version never downloads it.
 */
export function loadPublishedVersions(): Promise<readonly PublishedVersion[]> {
  return import('virtual:published-versions').then((module) =>
    [...module.default].sort(
      (a, b) => a.funnelId.localeCompare(b.funnelId) || a.version - b.version,
    ),
  );
}
