import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import { describeJsonError } from '../../src/runtime/funnel/schema/jsonSyntax';

export interface RegistryFiles {
  funnels: Record<string, unknown>;
  schemas: Record<string, unknown>;
  examples: Record<string, unknown>;
}

/** The folders a registry keeps its funnels, schemas and example claims in (absolute). */
export interface RegistryDirectories {
  funnels: string;
  schemas: string;
  examples: string;
}

/** funnels/, schemas/ and funnels/examples/ of a registry root. */
export function registryDirectories(root: string): RegistryDirectories {
  return {
    funnels: join(root, 'funnels'),
    schemas: join(root, 'schemas'),
    examples: join(root, 'funnels', 'examples'),
  };
}

interface JsonParseProblem {
  file: string;
  pointer: string;
  message: string;
}

/**
 * Parses every `*.json` file directly in `directory` (a missing directory has none), keyed
 * by its path relative to `relativeTo` with `/` separators, so every problem names its file.
 * Files that are not valid JSON are reported with line and column, not thrown.
 *
 * `edits` (keyed the same way) stand in for the files on disk, and add files not saved yet:
 * the funnel studio checks the texts being edited this way.
 */
export function readJsonDirectory(
  directory: string,
  relativeTo: string,
  edits: Readonly<Record<string, string>> = {},
): { parsed: Record<string, unknown>; sources: string[]; problems: JsonParseProblem[] } {
  const parsed: Record<string, unknown> = {};
  const sources: string[] = [];
  const problems: JsonParseProblem[] = [];
  const fileOf = (absolute: string) => relative(relativeTo, absolute).split(sep).join('/');
  const onDisk = new Set(
    existsSync(directory)
      ? readdirSync(directory, { withFileTypes: true })
          .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
          .map((entry) => entry.name)
      : [],
  );
  const edited = Object.keys(edits)
    .filter((file) => file.endsWith('.json') && fileOf(join(directory, basename(file))) === file)
    .map((file) => basename(file));
  const names = [...new Set([...onDisk, ...edited])].sort();
  for (const name of names) {
    const absolute = join(directory, name);
    const file = fileOf(absolute);
    if (onDisk.has(name)) sources.push(absolute);
    const text = edits[file] ?? readFileSync(absolute, 'utf8');
    try {
      parsed[file] = JSON.parse(text);
    } catch (error) {
      problems.push({ file, pointer: '', message: describeJsonError(text, error as Error) });
    }
  }
  return { parsed, sources, problems };
}

/**
 * Every snapshot under `<funnelsDir>/published/<funnelId>/`, keyed by path relative to
 * `relativeTo` (`funnels/published/vehicle-claim/1.json`); files that are not JSON are problems.
 */
export function readPublishedFiles(
  funnelsDir: string,
  relativeTo: string,
): { parsed: Record<string, unknown>; sources: string[]; problems: JsonParseProblem[] } {
  const root = join(funnelsDir, 'published');
  const result = {
    parsed: {} as Record<string, unknown>,
    sources: [] as string[],
    problems: [] as JsonParseProblem[],
  };
  if (!existsSync(root)) return result;
  const funnelDirs = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  for (const funnelId of funnelDirs) {
    const read = readJsonDirectory(join(root, funnelId), relativeTo);
    Object.assign(result.parsed, read.parsed);
    result.sources.push(...read.sources);
    result.problems.push(...read.problems);
  }
  return result;
}

/**
 * Reads funnels/, funnels/examples/ and schemas/ under `root` into the plain objects the
 * runtime registry takes, keyed by path relative to `root` (e.g. `funnels/vehicle-claim.json`).
 */
export function readRegistryDirectories(
  root: string,
  dirs = { funnels: 'funnels', examples: 'funnels/examples', schemas: 'schemas' },
): { files: RegistryFiles; sources: string[]; problems: JsonParseProblem[] } {
  const files: RegistryFiles = { funnels: {}, schemas: {}, examples: {} };
  const sources: string[] = [];
  const problems: JsonParseProblem[] = [];
  for (const kind of ['funnels', 'examples', 'schemas'] as const) {
    const read = readJsonDirectory(join(root, dirs[kind]), root);
    files[kind] = read.parsed;
    sources.push(...read.sources);
    problems.push(...read.problems);
  }
  return { files, sources, problems };
}

/**
 * readRegistryDirectories for a registry that serves while some files are broken (the dev
 * server, the gateway under `npm start`): as funnels:check does, the examples of a funnel file
 * that is not JSON are left out, since all they could add is "no such funnel".
 */
export function readServableRegistry(root: string): ReturnType<typeof readRegistryDirectories> {
  const read = readRegistryDirectories(root);
  const unreadable = new Set(read.problems.map((problem) => basename(problem.file)));
  read.files.examples = Object.fromEntries(
    Object.entries(read.files.examples).filter(([file]) => !unreadable.has(basename(file))),
  );
  return read;
}

/**
 * Like readRegistryDirectories, with the published versions (funnels/published/), for a
 * build: it cannot go on with a broken file, so it throws.
 */
export function readRegistryFiles(
  root: string,
): RegistryFiles & { published: Record<string, unknown>; sources: string[] } {
  const { files, sources, problems } = readRegistryDirectories(root);
  const published = readPublishedFiles(join(root, 'funnels'), root);
  problems.push(...published.problems);
  if (problems.length > 0) {
    throw new Error(problems.map((p) => `${p.file}: ${p.message}`).join('\n'));
  }
  return { ...files, published: published.parsed, sources: [...sources, ...published.sources] };
}

/**
 * The directory whose funnels/ and schemas/ the app, the gateway and the build read: the
 * project itself, or REGISTRY_DIR when set (a copy, as the funnel-authoring e2e test uses, so
 * it can add a funnel to a running stack without touching the project's own files).
 */
export function registryRoot(projectRoot: string): string {
  const dir = process.env.REGISTRY_DIR;
  return dir ? resolve(projectRoot, dir) : projectRoot;
}

/**
 * The site content file the app, the gateway and site:check read: `site.json` of the
 * registry when a registry copy (REGISTRY_DIR) holds one, so a test runs another deployment's
 * identity and home page on the same code; else the project's src/content/site.json.
 */
export function siteContentFile(
  projectRoot: string,
  registryDir: string = registryRoot(projectRoot),
): string {
  const own = join(registryDir, 'site.json');
  return resolve(registryDir) !== resolve(projectRoot) && existsSync(own)
    ? own
    : resolve(projectRoot, 'src/content/site.json');
}

/** Whether an import is src/content/site.ts's import of its site file (see siteContentFile). */
export function isSiteContentImport(source: string, importer: string | undefined): boolean {
  return source === './site.json' && /[\\/]src[\\/]content[\\/]site\.ts$/.test(importer ?? '');
}

/** The claim stages file, relative to a registry (funnels/ beside schemas/). */
const CLAIM_STAGES_FILE = 'funnels/lifecycle/claim-stages.json';

/**
 * The claim stages file the app, the gateway and site:check read: the registry copy's
 * (REGISTRY_DIR) when it holds one, so a test stack can give the stages texts in its test
 * languages; else the project's.
 */
export function claimStagesFile(
  projectRoot: string,
  registryDir: string = registryRoot(projectRoot),
): string {
  const copy = join(registryDir, CLAIM_STAGES_FILE);
  return resolve(registryDir) !== resolve(projectRoot) && existsSync(copy)
    ? copy
    : resolve(projectRoot, CLAIM_STAGES_FILE);
}

/** Whether an import is src/runtime/lifecycle/claimStages.ts's import of the claim stages file. */
export function isClaimStagesImport(source: string, importer: string | undefined): boolean {
  return (
    source.endsWith(`/${CLAIM_STAGES_FILE}`) &&
    /[\\/]src[\\/]runtime[\\/]lifecycle[\\/]claimStages\.ts$/.test(importer ?? '')
  );
}
