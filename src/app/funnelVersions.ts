import { createFunnelVersions, type FunnelVersions } from '../runtime/funnel';
import { funnelRegistry, validatorCompiler } from './funnelRegistry';
import { loadPublishedVersions } from './publishedVersions';

let versions: Promise<FunnelVersions> | undefined;

/**
 * Every version a claim can be on: the registry and the published snapshots, fetched once,
 * on demand (only a claim started on an earlier version needs them, so this module is not
 * part of the first page). A failed fetch (offline) is tried again on the next call.
 */
export function loadFunnelVersions(): Promise<FunnelVersions> {
  versions ??= loadPublishedVersions().then(
    (published) =>
      createFunnelVersions(funnelRegistry(), published, { compileValidator: validatorCompiler() }),
    (error: unknown) => {
      versions = undefined;
      throw error;
    },
  );
  return versions;
}
