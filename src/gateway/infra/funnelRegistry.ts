import published from 'virtual:published-versions';
import registryFiles from 'virtual:registry-files';
import { compileOncePerKey, type FunnelRegistry, type Problem } from '../../runtime/funnel';
import type { FunnelVersions } from '../../runtime/versions';
import { createAjvCompileValidator } from '../../runtime/validation/ajvCompiler';
import { loadFunnels, type LoadedFunnels } from './funnelLoading';

let loaded: LoadedFunnels | undefined;

/** The funnels bundled into this function, loaded once per instance (see loadFunnels). */
function loadedFunnels(): LoadedFunnels {
  loaded ??= loadFunnels(registryFiles, published, compileOncePerKey(createAjvCompileValidator()));
  return loaded;
}

/**
 * Every funnel version a claim can be on: the funnels and schemas bundled into this function
 * at build time (scripts/build-functions.ts) and the published snapshots of earlier versions.
 * @throws Error when no funnel could be loaded at all (under `npm start`, a broken format
 *   schema); a deployed gateway's funnels were checked by its build.
 */
export function funnelVersions(): FunnelVersions {
  const { versions, problemLines } = loadedFunnels();
  if (!versions) throw new Error(`No funnel could be loaded: ${problemLines.join('; ')}`);
  return versions;
}

/** The registry of the current funnel files: what a new claim starts on. */
export function funnelRegistry(): FunnelRegistry {
  return funnelVersions().current;
}

/**
 * The checker's lines that keep a funnel out of this gateway (under `npm start`, while its
 * file, examples or a schema it uses is broken); empty for a funnel it serves or never had.
 */
export function brokenFunnelProblems(funnelId: string): readonly Problem[] {
  return loadedFunnels().broken.get(funnelId) ?? [];
}
