/**
 * The funnel studio's full check (dev server only, `POST /__studio/check`): funnels:check
 * itself on the registry with the studio's unsaved texts standing in for their files, with
 * the cache file `npm run funnels:check` keeps for that registry. So the studio says what the
 * command would say of the files as edited, route proofs and the build's compile included,
 * and after one edit only what that edit can change is checked again.
 */
import { checkFunnels, defaultCacheFile } from '../funnels-check';
import { registryDirectories } from './registryFiles';
import type { Problem } from '../../src/runtime/funnel';
import { studioFilePath, StudioFileError } from './studioFiles';

interface StudioFullCheck {
  /** Every problem, in funnels:check's order and words; files named from the registry root. */
  problems: Problem[];
  /** funnelIds whose route proofs ran again (the others were answered from the cache). */
  checkedFunnels: string[];
}

/**
 * Checks the registry under `root` with `edits` (`{ "funnels/x.json": text }`) in place of
 * those files; nothing is written but the check's cache (`cacheFile`: by default the one
 * `npm run funnels:check` keeps for this registry).
 * @throws StudioFileError when `edits` is not an object of texts, or names a path the studio
 * may not read (the same rules as saving).
 */
export async function checkStudioEdits(
  root: string,
  edits: unknown,
  cacheFile: string = defaultCacheFile(registryDirectories(root)),
): Promise<StudioFullCheck> {
  if (typeof edits !== 'object' || edits === null || Array.isArray(edits)) {
    throw new StudioFileError('"edits" must be an object of file paths to texts');
  }
  for (const [file, text] of Object.entries(edits)) {
    studioFilePath(root, file);
    if (typeof text !== 'string') throw new StudioFileError(`${file}: the text must be a string`);
  }
  const summary = await checkFunnels(registryDirectories(root), root, {
    cacheFile,
    edits: edits as Record<string, string>,
    keepUnusedRecords: true,
  });
  return { problems: summary.problems, checkedFunnels: summary.cache.checkedFunnels };
}
