import {
  brokenFunnels,
  createRegistry,
  formatProblem,
  type CompileValidator,
  type Problem,
  type RegistryInput,
} from '../../runtime/funnel';
import {
  createFunnelVersions,
  versionContentOf,
  versionHash,
  type FunnelVersions,
  type PublishedVersion,
} from '../../runtime/versions';
import type { ValidationWords } from '../../runtime/types';
import { sha256Hasher } from './contentHash';

/** The registry files as bundled into the gateway (scripts/build-functions.ts). */
interface BundledRegistryFiles extends RegistryInput {
  /** Files that are not JSON (a `--dev` build only; any other build refuses them). */
  problems?: Problem[];
  /** True in a `--dev` build (`npm start`): a broken funnel is left out, the rest served. */
  servesBrokenFunnels?: boolean;
}

export interface LoadedFunnels {
  /** Every version a claim can be on; undefined when nothing could be loaded (dev only). */
  versions?: FunnelVersions;
  /** The funnels left out, with the checker's lines for each (dev only; empty otherwise). */
  broken: ReadonlyMap<string, readonly Problem[]>;
  /** Every problem found, as `file: JSON pointer: message` lines. */
  problemLines: readonly string[];
}

/**
 * Builds the gateway's funnel versions from the bundled files. A deployed gateway has only
 * checked funnels (the build and funnels:check refuse a broken one), so there a problem is a
 * hard error. Under `npm start` a broken file takes out only the funnels it belongs to: the
 * others are served, and the broken ones are listed with their problems for the call path to
 * refuse their calls with.
 * @throws Error naming every problem, when the files were not built to serve broken funnels.
 */
export function loadFunnels(
  files: BundledRegistryFiles,
  published: readonly PublishedVersion[],
  compile: CompileValidator,
  words: ValidationWords,
): LoadedFunnels {
  const { problems: unreadable = [], servesBrokenFunnels = false, ...input } = files;
  const result = createRegistry(input, { compileValidator: compile, words });
  const problems = [...unreadable, ...(result.ok ? [] : result.problems)];
  const problemLines = problems.map(formatProblem);
  if (problems.length > 0 && !servesBrokenFunnels) {
    throw new Error(`The bundled funnels are invalid: ${problemLines.join('; ')}`);
  }
  const broken = brokenFunnels({ funnels: input.funnels, problems, registry: result.registry });
  const current = result.registry;
  if (!current) return { broken, problemLines };
  // A current version not yet published (development) is still named by its content.
  const currentHashes = Object.fromEntries(
    current.listFunnels().map((funnel) => {
      const content = versionContentOf(funnel, (schemaId) => current.bundlePageSchema(schemaId));
      return [funnel.funnelId, content ? versionHash(content, sha256Hasher) : ''];
    }),
  );
  const versions = createFunnelVersions(current, published, {
    compileValidator: compile,
    words,
    currentHashes,
  });
  return { versions, broken, problemLines };
}
