/**
 * Every version of every funnel a claim can be pinned to: the current files (the registry)
 * and the published snapshots of earlier versions. A claim started on version N is shown,
 * validated and signed against version N, so what was signed is what was shown; a new claim
 * starts on the current one.
 */
import type { MigrationStep } from './migration';
import { canonicalJson, publishedSchemaAsDrawn, type PublishedVersion } from './publishedVersion';
import {
  createPrecheckedRegistry,
  type CompileValidator,
  type FunnelRegistry,
  type RegistryInput,
} from '../funnel';
import type { ValidationWords } from '../types';

/**
 * The `$id` an earlier version's page schema takes when it differs from today's schema of the
 * same `$id`: validators and RJSF look schemas up by `$id`, so the two must not share one.
 */
export function publishedSchemaId(funnelId: string, version: number, schemaId: string): string {
  return `published-${funnelId}-${version}-${schemaId}`;
}

/** The `$id` a page's schema has in schemas/, for a page of any version (see publishedSchemaId). */
export function schemaIdAsWritten(funnel: { funnelId: string; version: number }, schemaId: string) {
  const prefix = publishedSchemaId(funnel.funnelId, funnel.version, '');
  return schemaId.startsWith(prefix) ? schemaId.slice(prefix.length) : schemaId;
}

/**
 * A snapshot as registry input: each page schema that is still exactly today's keeps its
 * `$id` (and its validator); one that changed since is renamed (publishedSchemaId). Each is
 * drawn as it was when published (publishedSchemaAsDrawn).
 */
export function publishedRegistryInput(
  snapshot: PublishedVersion,
  current: FunnelRegistry | undefined,
): RegistryInput {
  const renamed = new Map<string, string>();
  const schemas: Record<string, unknown> = {};
  for (const [schemaId, written] of Object.entries(snapshot.schemas)) {
    const schema = publishedSchemaAsDrawn(snapshot, written);
    const today = current?.bundlePageSchema(schemaId);
    const id =
      today && canonicalJson(today) === canonicalJson(schema)
        ? schemaId
        : publishedSchemaId(snapshot.funnelId, snapshot.version, schemaId);
    renamed.set(schemaId, id);
    schemas[`schemas/${id}.schema.json`] = id === schemaId ? today : { ...schema, $id: id };
  }
  const today = current?.getFunnel(snapshot.funnelId);
  const roles = today?.roles ?? snapshot.funnel.roles;
  const { lifecycle: _published, ...published } = snapshot.funnel;
  const lifecycle = today ? today.lifecycle : snapshot.funnel.lifecycle;
  const funnel = {
    ...published,
    // Roles and lifecycle are not part of a version (versionedFunnelOf): claims on every
    // version are read through the current file's.
    ...(roles ? { roles } : {}),
    ...(lifecycle ? { lifecycle } : {}),
    pages: snapshot.funnel.pages.map((page) => ({
      ...page,
      schema: renamed.get(page.schema) ?? page.schema,
    })),
  };
  return { funnels: { [`funnels/${snapshot.funnelId}.json`]: funnel }, schemas };
}

export interface FunnelVersions {
  /** The registry of the current files. */
  readonly current: FunnelRegistry;
  /**
   * The registry in which `funnelId` is at `version`: the current one for the current
   * version, a registry of the snapshot for an earlier one; undefined for a version unknown here.
   */
  at(funnelId: string, version: number): FunnelRegistry | undefined;
  /** The funnel's versions, oldest first, each with the migration that leads to it. */
  steps(funnelId: string): MigrationStep[];
  /** The content hash of a version, when it is published (or given for the current one). */
  hashOf(funnelId: string, version: number): string | undefined;
}

interface FunnelVersionsOptions {
  /** Compiles the snapshots' validators: the current registry's compileOncePerKey compiler. */
  compileValidator: CompileValidator;
  /** The validation messages the snapshots' checks are said in: the current registry's. */
  words: ValidationWords;
  /** Hashes of current versions not yet published (development), by funnelId. */
  currentHashes?: Readonly<Record<string, string>>;
}

/**
 * The current registry and the published snapshots as one set of versions. A snapshot's
 * registry is built the first time a claim on it is met. A snapshot of the current version
 * is the current files (funnels:check proves they are equal), so it is not built again.
 */
export function createFunnelVersions(
  current: FunnelRegistry,
  published: readonly PublishedVersion[],
  options: FunnelVersionsOptions,
): FunnelVersions {
  const snapshots = new Map<string, PublishedVersion>();
  for (const snapshot of published) {
    snapshots.set(`${snapshot.funnelId}@${snapshot.version}`, snapshot);
  }
  const built = new Map<string, FunnelRegistry>();
  const at = (funnelId: string, version: number): FunnelRegistry | undefined => {
    if (current.getFunnel(funnelId)?.version === version) return current;
    const key = `${funnelId}@${version}`;
    const existing = built.get(key);
    if (existing) return existing;
    const snapshot = snapshots.get(key);
    if (!snapshot) return undefined;
    const result = createPrecheckedRegistry(publishedRegistryInput(snapshot, current), options);
    if (!result.ok) {
      const lines = result.problems.map((p) => `${p.file}: ${p.pointer}: ${p.message}`);
      throw new Error(`published version ${key} does not load: ${lines.join('; ')}`);
    }
    built.set(key, result.registry);
    return result.registry;
  };
  return {
    current,
    at,
    steps: (funnelId) => {
      const steps = published
        .filter((snapshot) => snapshot.funnelId === funnelId)
        .map((snapshot) => ({ version: snapshot.version, migration: snapshot.funnel.migration }));
      const funnel = current.getFunnel(funnelId);
      if (funnel && !steps.some((step) => step.version === funnel.version)) {
        steps.push({ version: funnel.version, migration: funnel.migration });
      }
      return steps.sort((a, b) => a.version - b.version);
    },
    hashOf: (funnelId, version) =>
      snapshots.get(`${funnelId}@${version}`)?.hash ??
      (current.getFunnel(funnelId)?.version === version
        ? options.currentHashes?.[funnelId]
        : undefined),
  };
}
