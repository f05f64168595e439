import {
  createRegistry,
  describeJsonError,
  type FunnelRegistry,
  type Problem,
} from '../../../../runtime/funnel';
import {
  checkFunnelMigrations,
  checkPublishedVersions,
  publishedVersionFile,
  versionContentOf,
  versionText,
  type PublishedVersion,
} from '../../../../runtime/versions';
import { createCompileValidator, validationText } from '../../../validators';

export interface StudioCheck {
  problems: Problem[];
  /** The funnels without problems, drawn from the texts being edited. */
  registry?: FunnelRegistry;
}

const folderOf = (path: string) => path.slice(0, path.lastIndexOf('/'));

/** funnels:check reads funnels/, then schemas/, then the examples: problems come in that order. */
const KIND_ORDER = { funnels: 0, schemas: 1, examples: 2 } as const;
const kindOf = (file: string): keyof typeof KIND_ORDER =>
  folderOf(file) === 'funnels'
    ? 'funnels'
    : folderOf(file) === 'funnels/examples'
      ? 'examples'
      : 'schemas';

/**
 * What funnels:check says of published versions (its checkVersions, with the same runtime
 * checks): a funnel whose version is published must not differ from its snapshot, its version
 * only goes up, and its migration must take the previous version's examples. The snapshots
 * are the ones the app loaded; the studio cannot edit them, and funnels:check verifies their
 * SHA-256 (which the browser cannot compute synchronously), so here their hashes are trusted.
 */
function publishedVersionProblems(
  input: { funnels: Record<string, unknown>; schemas: Record<string, unknown> },
  registry: FunnelRegistry | undefined,
  published: readonly PublishedVersion[],
): Problem[] {
  const fileOfFunnel = new Map(
    Object.entries(input.funnels).map(([file, data]) => [
      // An edited file may be anything; optional chaining copes with a missing funnelId.
      (data as { funnelId?: unknown })?.funnelId,
      file,
    ]),
  );
  const schemaFiles = new Map(
    // An edited file may be anything; optional chaining copes with a missing $id.
    Object.entries(input.schemas).map(([file, data]) => [(data as { $id?: unknown })?.$id, file]),
  );
  const current = (registry?.listFunnels() ?? []).map((funnel) => ({
    file: fileOfFunnel.get(funnel.funnelId) ?? `funnels/${funnel.funnelId}.json`,
    funnel,
    content: versionContentOf(funnel, (schemaId) => registry!.bundlePageSchema(schemaId)),
  }));
  const trusted = new Map(
    published.map((version) => [
      // Keyed by the text versionHash hashes, so a trusted hash is found for the same content.
      versionText(version),
      version.hash,
    ]),
  );
  const checked = checkPublishedVersions({
    current,
    writtenFunnelIds: new Set(
      [...fileOfFunnel.keys()].filter((id): id is string => typeof id === 'string'),
    ),
    published: Object.fromEntries(
      published.map((version) => [
        publishedVersionFile(version.funnelId, version.version),
        version,
      ]),
    ),
    schemaFileOf: (schemaId) => schemaFiles.get(schemaId) ?? `schemas/${schemaId}.schema.json`,
    hash: (text) => trusted.get(text) ?? 'sha256:unknown',
    defaultClaimNoun: validationText('claim.noun'),
  });
  const problems = [...checked.problems];
  problems.push(...checkFunnelMigrations(current, checked.versions, registry!));
  return problems;
}

/**
 * The registry's checks on the files as they are being edited, in the order and words of
 * `npm run funnels:check`: files that are not JSON first, then createRegistry's problems.
 * then what it says of published versions. (funnels:check also proves each route can be
 * finished with generated answers, compiles each page as the build does and checks
 * funnels/lifecycle/: those need Node, or files the studio does not edit, and run there.)
 */
export function checkStudioFiles(
  texts: Readonly<Record<string, string>>,
  published: readonly PublishedVersion[],
): StudioCheck {
  const input: Record<'funnels' | 'schemas' | 'examples', Record<string, unknown>> = {
    funnels: {},
    schemas: {},
    examples: {},
  };
  const problems: Problem[] = [];
  const unreadable = new Set<string>();
  const files = Object.keys(texts).sort(
    (a, b) => KIND_ORDER[kindOf(a)] - KIND_ORDER[kindOf(b)] || (a < b ? -1 : a > b ? 1 : 0),
  );
  for (const file of files) {
    const text = texts[file]!;
    const kind = kindOf(file);
    try {
      input[kind][file] = JSON.parse(text);
    } catch (error) {
      // JSON.parse throws only SyntaxErrors.
      problems.push({ file, pointer: '', message: describeJsonError(text, error as Error) });
      unreadable.add(file.slice(file.lastIndexOf('/') + 1));
    }
  }
  // As funnels:check: the examples of a funnel that is not JSON would only say "no such funnel".
  for (const file of Object.keys(input.examples)) {
    if (unreadable.has(file.slice(file.lastIndexOf('/') + 1))) delete input.examples[file];
  }
  const result = createRegistry(input, {
    compileValidator: createCompileValidator(),
    words: validationText,
  });
  if (!result.ok) problems.push(...result.problems);
  problems.push(...publishedVersionProblems(input, result.registry, published));
  return { problems, registry: result.registry };
}
