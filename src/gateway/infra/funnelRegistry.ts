import published from 'virtual:published-versions';
import registryFiles from 'virtual:registry-files';
import {
  compileOncePerKey,
  type FunnelRegistry,
  type FunnelRoles,
  type Problem,
} from '../../runtime/funnel';
import type { FunnelVersions } from '../../runtime/versions';
import { claimContactOf, subjectKeyOf } from '../../runtime/claim';
import { lifecycleIn, lifecycleOf, type ClaimStages } from '../../runtime/lifecycle';
import { createAjvCompileValidator } from '../../runtime/validation/ajvCompiler';
import { loadFunnels, type LoadedFunnels } from './funnelLoading';
import { validationWords } from './validationWords';

let loaded: LoadedFunnels | undefined;

/** The funnels bundled into this function, loaded once per instance (see loadFunnels). */
function loadedFunnels(): LoadedFunnels {
  loaded ??= loadFunnels(
    registryFiles,
    published,
    compileOncePerKey(createAjvCompileValidator()),
    validationWords(),
  );
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
 * A funnel's roles (which answers are the claimant's name, email, phone and the claim's
 * subject), from its current file: roles are not part of a version, so a claim on any
 * version is read through them.
 */
export function rolesOf(funnelId: string): FunnelRoles | undefined {
  return funnelRegistry().getFunnel(funnelId)?.roles;
}

/**
 * The stages a claim of the funnel moves through: its current file's `lifecycle`, or the
 * shared file's when it declares none (or is not in this build). Like roles, not part of a
 * version: a claim on any version of the funnel moves through these. With `locale`, the
 * stages' words in it.
 */
export function stagesOf(funnelId: unknown, locale?: string): ClaimStages {
  const funnel = typeof funnelId === 'string' ? funnelRegistry().getFunnel(funnelId) : undefined;
  const stages = lifecycleOf(funnel);
  return locale === undefined ? stages : lifecycleIn(stages, locale);
}

/**
 * The subject key (subjectKeyOf: "AB12CDE", "BA123") the answers give a claim of the funnel
 * through its subject role, or null when they hold none.
 */
export function subjectKeyIn(
  funnelId: string,
  answers: Readonly<Record<string, Readonly<Record<string, unknown>> | undefined>>,
): string | null {
  const subject = claimContactOf(rolesOf(funnelId), answers).subject;
  return subject ? subjectKeyOf(subject) : null;
}

/**
 * The checker's lines that keep a funnel out of this gateway (under `npm start`, while its
 * file, examples or a schema it uses is broken); empty for a funnel it serves or never had.
 */
export function brokenFunnelProblems(funnelId: string): readonly Problem[] {
  return loadedFunnels().broken.get(funnelId) ?? [];
}
