import published from 'virtual:published-versions';
import registryFiles from 'virtual:registry-files';
import {
  compileOncePerKey,
  createRegistry,
  type FunnelRegistry,
  type FunnelRoles,
} from '../../runtime/funnel';
import {
  createFunnelVersions,
  versionContentOf,
  versionHash,
  type FunnelVersions,
} from '../../runtime/versions';
import { claimContactOf, subjectKeyOf } from '../../runtime/claim';
import { createAjvCompileValidator } from '../../runtime/validation/ajvCompiler';
import { sha256Hasher } from './contentHash';

let versions: FunnelVersions | undefined;

/**
 * Every funnel version a claim can be on: the funnels and schemas bundled into this function
 * at build time (scripts/build-functions.ts) and the published snapshots of earlier versions,
 * created once per instance. A broken funnel cannot be deployed (the build and funnels:check
 * fail first), so a failure here is a hard error.
 */
export function funnelVersions(): FunnelVersions {
  if (versions) return versions;
  const compileValidator = compileOncePerKey(createAjvCompileValidator());
  const result = createRegistry(registryFiles, { compileValidator });
  if (!result.ok) {
    throw new Error(
      `The bundled funnels are invalid: ${result.problems.map((p) => `${p.file}: ${p.pointer}: ${p.message}`).join('; ')}`,
    );
  }
  const current = result.registry;
  // A current version not yet published (development) is still named by its content.
  const currentHashes = Object.fromEntries(
    current.listFunnels().map((funnel) => {
      const content = versionContentOf(funnel, (schemaId) => current.bundlePageSchema(schemaId));
      return [funnel.funnelId, content ? versionHash(content, sha256Hasher) : ''];
    }),
  );
  versions = createFunnelVersions(current, published, { compileValidator, currentHashes });
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
