import { createFunnelVersions, type FunnelVersions } from '../../runtime/versions';
import { funnelRegistry, loadLaterPages, validatorCompiler } from '../funnelRegistry';
import { validationText } from '../validators';
import { loadPublishedVersions } from './publishedVersions';

let versions: Promise<FunnelVersions> | undefined;

/**
 * Every version a claim can be on: the registry and the published snapshots, fetched once,
 * on demand (only a claim started on an earlier version needs them, so this module is not
 * part of the first page). A failed fetch (offline) is tried again on the next call.
 */
export function loadFunnelVersions(): Promise<FunnelVersions> {
  // An earlier version's validators come with the later pages' (precompiled in a build); the
  // versions are built over every funnel's current one, every page loaded.
  versions ??= Promise.all([loadPublishedVersions(), loadLaterPages()]).then(
    ([published]) =>
      createFunnelVersions(funnelRegistry(), published, {
        compileValidator: validatorCompiler(),
        words: validationText,
      }),
    (error: unknown) => {
      versions = undefined;
      throw error;
    },
  );
  return versions;
}

/** Whether an earlier published version of the funnel has the page (a claim may be on it). */
export async function isPageOfAnEarlierVersion(funnelId: string, pageId: string) {
  const versions = await loadFunnelVersions();
  return versions
    .steps(funnelId)
    .some((step) => versions.at(funnelId, step.version)?.getPage(funnelId, pageId) !== undefined);
}
