/**
 * QA check of every funnel, page schema and example answers file:
 *
 *   npx tsx scripts/funnels-check.ts [projectDir] [--funnels DIR] [--schemas DIR] [--examples DIR] [--fix] [--require-published] [--no-cache] [--to-translate]
 *
 * Prints each problem as `file: JSON pointer: message` and exits 1, or prints a one-line
 * summary and exits 0. A language still being translated is no problem: how many texts it
 * lacks is said per file (each text with `--to-translate`), see languagesInProgress.ts. The checks themselves are the runtime's createRegistry, the same
 * code the browser and gateway load funnels with; this script only reads files.
 *
 * Results are kept in a content-hash cache (scripts/lib/checkCache.ts, in
 * .data/cache/funnels-check/), so a run after an edit checks again only what the edit can
 * change; `--no-cache` checks everything and leaves the cache alone.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createRegistry,
  formatProblem,
  slimFormSupport,
  type CompileValidator,
  type FunnelRegistry,
  type JsonSchemaObject,
  setAsideStagesInProgress,
  type Problem,
  type TextToTranslate,
} from '../src/runtime/funnel';
import { compileFormatValidator } from '../src/runtime/funnel/checks/formatMessages';
import { textsToTranslateReport, TO_TRANSLATE_FLAG } from './lib/textsToTranslate';
import {
  checkFunnelMigrations,
  checkPublishedVersions,
  versionContentOf,
  type PublishedVersion,
} from '../src/runtime/versions';
import { GENERATED_TYPES_FILE, renderFunnelTypes } from './generate-types';
import {
  readJsonDirectory,
  readPublishedFiles,
  registryDirectories,
  type RegistryDirectories,
} from './lib/registryFiles';
import {
  bundledPageSchemas,
  createRjsfPageCompiler,
  rjsfCompileValidator,
  rjsfStandaloneProblems,
} from './lib/rjsfPageValidators';
import { sha256Hasher } from '../src/gateway/infra/contentHash';
import { validationWords } from '../src/gateway/infra/validationWords';
import {
  openCheckCache,
  registryCacheFile,
  type CacheStats,
  type CheckCache,
} from './lib/checkCache';
import { sampleAnswers } from './lib/sampleAnswers';
import { writeFileAtomic } from './lib/atomicFile';
import { createAjvCompileValidator } from '../src/runtime/validation/ajvCompiler';
import {
  claimStagesProblems,
  claimStagesTranslationsProblems,
  type ClaimStages,
} from '../src/runtime/lifecycle';
import {
  CLAIM_STAGES_FORMAT_SCHEMA_ID,
  isFormatSchema,
} from '../src/runtime/funnel/schema/schemaFiles';

/** Where to read from; every directory is absolute. */
export type CheckDirectories = RegistryDirectories;

export interface CheckSummary {
  problems: Problem[];
  counts: { funnels: number; schemas: number; examples: number };
  /** Per funnel, which pages the slim form draws and which RJSF draws (when valid). */
  renderers: string[];
  /** Funnels whose current version has no snapshot yet: `funnelId` and `version`. */
  unpublished: Array<{ funnelId: string; version: number }>;
  /** Every valid published version, by funnel, oldest first. */
  published: Map<string, PublishedVersion[]>;
  /** The checked registry, when every funnel is valid (npm run funnels:publish snapshots it). */
  registry?: FunnelRegistry;
  /** What was checked again and what the cache answered (counts for tests and the bench). */
  cache: CacheStats;
  /** Every text the languages still being translated lack (they are not offered yet). */
  toTranslate: TextToTranslate[];
}

export interface CheckOptions {
  /**
   * The cache file (`defaultCacheFile(directories)` is the one `npm run funnels:check` uses), or
   * false for none. Default: none, so a caller checking files it just wrote elsewhere leaves
   * no cache behind; the CLI, the dev server and the studio pass the same file.
   */
  cacheFile?: string | false;
  /**
   * Texts that stand in for files on disk, keyed by path relative to `cwd`
   * (`funnels/vehicle-claim.json`): the funnel studio checks the files as they are edited.
   */
  edits?: Readonly<Record<string, string>>;
  /**
   * Keep the cache file's records this run did not use (see CheckCache.save): a check of
   * unsaved edits must not cost the next `npm run funnels:check` its records of the files.
   */
  keepUnusedRecords?: boolean;
}

const USAGE =
  'usage: funnels-check [projectDir] [--funnels DIR] [--schemas DIR] [--examples DIR] [--fix] [--require-published] [--no-cache] [--to-translate]';

/** Reads the command line; directories default to funnels/, schemas/, funnels/examples/ of projectDir. */
export function parseArguments(args: readonly string[], cwd = process.cwd()): CheckDirectories {
  const flags = new Map<string, string>();
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--funnels' || arg === '--schemas' || arg === '--examples') {
      const value = args[++i];
      if (value === undefined) throw new Error(`${arg} needs a directory\n${USAGE}`);
      flags.set(arg.slice(2), path.resolve(cwd, value));
    } else if (arg.startsWith('-')) {
      throw new Error(`unknown option ${arg}\n${USAGE}`);
    } else {
      positional.push(arg);
    }
  }
  if (positional.length > 1) throw new Error(USAGE);
  const defaults = registryDirectories(path.resolve(cwd, positional[0] ?? '.'));
  const funnels = flags.get('funnels') ?? defaults.funnels;
  return {
    funnels,
    schemas: flags.get('schemas') ?? defaults.schemas,
    examples: flags.get('examples') ?? path.join(funnels, 'examples'),
  };
}

/** The generated funnel types must be what the funnel format schema generates today. */
async function checkGeneratedTypes(
  schemas: Record<string, unknown>,
  cwd: string,
  cache: CheckCache,
): Promise<Problem[]> {
  const funnelSchema = Object.entries(schemas).find(
    ([file]) => path.basename(file) === 'funnel.schema.json',
  );
  if (!funnelSchema) return []; // createRegistry reports the missing schema
  const file = path.relative(cwd, GENERATED_TYPES_FILE).split(path.sep).join('/');
  const actual = await readFile(GENERATED_TYPES_FILE, 'utf8').catch(() => undefined);
  const inputs = [JSON.stringify(funnelSchema[1]), actual ?? ''];
  const expected = await cache.resultAsync('generated-types', inputs, () =>
    renderFunnelTypes(funnelSchema[1] as object),
  );
  if (actual === expected) return [];
  return [
    {
      file,
      pointer: '',
      message: `out of date with ${funnelSchema[0]}: run npx tsx scripts/generate-types.ts`,
    },
  ];
}

/**
 * funnels/lifecycle/claim-stages.json, when the project has one: its format
 * (schemas/claim-stages.schema.json), then what the format cannot say (claimStagesProblems).
 */
function checkClaimStagesFile(
  funnelsDir: string,
  schemas: Record<string, unknown>,
  cwd: string,
  compile: CompileValidator,
  toTranslate: TextToTranslate[] = [],
): Problem[] {
  const directory = path.join(funnelsDir, 'lifecycle');
  const read = readJsonDirectory(directory, cwd);
  const file = Object.keys(read.parsed).find((name) => name.endsWith('/claim-stages.json'));
  if (read.problems.length > 0) return read.problems;
  if (!file) return [];
  const format = Object.values(schemas).find(
    (schema) => (schema as { $id?: unknown }).$id === CLAIM_STAGES_FORMAT_SCHEMA_ID,
  );
  if (!format) {
    return [
      {
        file,
        pointer: '',
        message: `no schemas/${CLAIM_STAGES_FORMAT_SCHEMA_ID}.schema.json to check it with`,
      },
    ];
  }
  // A language still being translated is listed, not checked, until none of its texts is empty.
  const setAside = setAsideStagesInProgress(file, read.parsed[file]);
  toTranslate.push(...setAside.toTranslate);
  const data = setAside.stages;
  // Said to the file's author, in the format's terms, not in a claimant's words.
  const validation = compileFormatValidator(
    compile,
    CLAIM_STAGES_FORMAT_SCHEMA_ID,
    format as JsonSchemaObject,
  )(data);
  if (!validation.valid) {
    return [
      ...setAside.problems,
      ...validation.errors.map((error) => ({
        file,
        pointer: error.pointer,
        message: error.message,
      })),
    ];
  }
  const stages = data as ClaimStages;
  return [
    ...setAside.problems,
    ...[...claimStagesProblems(stages), ...claimStagesTranslationsProblems(stages)].map(
      (problem) => ({ file, ...problem }),
    ),
  ];
}

/** The `$id`s of the page schema files (every schema but the format schemas). */
function pageSchemaIdsOf(schemas: Record<string, unknown>): Set<string> {
  const ids = Object.values(schemas).map((schema) => (schema as { $id?: unknown }).$id);
  return new Set(ids.filter((id): id is string => typeof id === 'string' && !isFormatSchema(id)));
}

/**
 * The registry's checks of funnels, schemas and examples, with each page compiled once by
 * the production build's own compile (RJSF's precompile, then its standalone module), so a
 * page the build would refuse fails here, once. Format schemas and `next` conditions take
 * `compile`, the run-time compiler.
 */
export function checkRegistryFiles(
  input: {
    funnels: Record<string, unknown>;
    schemas: Record<string, unknown>;
    examples: Record<string, unknown>;
  },
  compile: CompileValidator = createAjvCompileValidator({ unoptimised: true }),
  cache: CheckCache = openCheckCache(undefined),
): { problems: Problem[]; registry?: FunnelRegistry; toTranslate: TextToTranslate[] } {
  const rjsf = createRjsfPageCompiler({ unoptimised: true });
  const result = createRegistry(input, {
    compileValidator: cache.compileValidator(
      rjsfCompileValidator(rjsf, pageSchemaIdsOf(input.schemas), compile),
    ),
    words: validationWords(),
    sampleAnswers,
    exampleChecksMemo: cache.exampleChecks,
  });
  const problems = result.ok ? [] : [...result.problems];
  if (result.registry) {
    // A schema file already reported is not reported again.
    const reported = new Set(problems.map((problem) => problem.file));
    const pages = bundledPageSchemas(input.schemas, result.registry).filter(
      (page) => !reported.has(page.file),
    );
    for (const page of pages) {
      // The build's standalone code of a page depends on the bundled page alone.
      const pageProblems = cache.result('standalone', [page.file, cache.json(page.schema)], () => {
        cache.compileNow(page.schemaId);
        return rjsfStandaloneProblems(rjsf, [page]);
      });
      problems.push(...pageProblems);
    }
  }
  return { problems, registry: result.registry, toTranslate: result.toTranslate ?? [] };
}

/** Runs every check; never throws for problems in the files, only for unreadable directories. */
export async function checkFunnels(
  directories: CheckDirectories,
  cwd = process.cwd(),
  options: CheckOptions = {},
): Promise<CheckSummary> {
  const cache = openCheckCache(options.cacheFile || undefined);
  const problems: Problem[] = [];
  const [funnels, schemas, examples] = [
    directories.funnels,
    directories.schemas,
    directories.examples,
  ].map((directory) => {
    const read = readJsonDirectory(directory, cwd, options.edits);
    problems.push(...read.problems);
    return read.parsed;
  }) as [Record<string, unknown>, Record<string, unknown>, Record<string, unknown>];
  // Examples of a funnel that is not valid JSON would only repeat "no such funnel".
  const unreadable = new Set(problems.map((problem) => path.basename(problem.file)));
  const checkedExamples = Object.fromEntries(
    Object.entries(examples).filter(([file]) => !unreadable.has(path.basename(file))),
  );
  const compile = createAjvCompileValidator({ unoptimised: true });
  const result = checkRegistryFiles(
    { funnels, schemas, examples: checkedExamples },
    compile,
    cache,
  );
  problems.push(...result.problems);
  const toTranslate = [...result.toTranslate];
  problems.push(...checkClaimStagesFile(directories.funnels, schemas, cwd, compile, toTranslate));
  problems.push(...(await checkGeneratedTypes(schemas, cwd, cache)));
  const versions = checkVersions(directories.funnels, funnels, schemas, cwd, result.registry);
  problems.push(...versions.problems);
  cache.save({ keepUnused: options.keepUnusedRecords });
  return {
    cache: cache.stats,
    problems,
    unpublished: versions.unpublished,
    published: versions.published,
    registry: problems.length === 0 ? result.registry : undefined,
    renderers: result.registry && result.problems.length === 0 ? renderersOf(result.registry) : [],
    toTranslate,
    counts: {
      funnels: Object.keys(funnels).length,
      schemas: Object.keys(schemas).length,
      examples: Object.values(examples).reduce<number>(
        (n, list) => n + (Array.isArray(list) ? list.length : 0),
        0,
      ),
    },
  };
}

/**
 * Published versions stay as published (publishedVersion.ts), and each funnel's `migration`
 * takes its previous version's examples to answers this version accepts (migration.ts).
 * Funnels the registry left out for their own problems are not compared (they cannot be).
 */
function checkVersions(
  funnelsDir: string,
  funnels: Record<string, unknown>,
  schemas: Record<string, unknown>,
  cwd: string,
  registry: FunnelRegistry | undefined,
): {
  problems: Problem[];
  unpublished: CheckSummary['unpublished'];
  published: Map<string, PublishedVersion[]>;
} {
  const read = readPublishedFiles(funnelsDir, cwd);
  const fileOfFunnel = new Map(
    Object.entries(funnels).map(([file, data]) => [
      (data as { funnelId?: unknown }).funnelId,
      file,
    ]),
  );
  const schemaFiles = new Map(
    Object.entries(schemas).map(([file, data]) => [(data as { $id?: unknown }).$id, file]),
  );
  const current = (registry?.listFunnels() ?? []).map((funnel) => ({
    file: fileOfFunnel.get(funnel.funnelId) ?? `funnels/${funnel.funnelId}.json`,
    funnel,
    content: versionContentOf(funnel, (schemaId) => registry!.bundlePageSchema(schemaId)),
  }));
  const checked = checkPublishedVersions({
    current,
    writtenFunnelIds: new Set(
      [...fileOfFunnel.keys()].filter((id): id is string => typeof id === 'string'),
    ),
    published: read.parsed,
    schemaFileOf: (schemaId) => schemaFiles.get(schemaId) ?? `schemas/${schemaId}.schema.json`,
    hash: sha256Hasher,
    defaultClaimNoun: validationWords()('claim.noun'),
  });
  const problems: Problem[] = [...read.problems, ...checked.problems];
  const unpublished: CheckSummary['unpublished'] = [];
  for (const { funnel } of current) {
    const versions = checked.versions.get(funnel.funnelId) ?? [];
    if (!versions.some((published) => published.version === funnel.version)) {
      unpublished.push({ funnelId: funnel.funnelId, version: funnel.version });
    }
  }
  problems.push(...checkFunnelMigrations(current, checked.versions, registry!));
  return { problems, unpublished, published: checked.versions };
}

/**
 * Which renderer draws each page, decided by slimFormSupport (the app follows the same
 * decision): one line per funnel. A first page that needs RJSF still works, but loads
 * RJSF before its first question shows, so the line says why.
 */
function renderersOf(registry: FunnelRegistry): string[] {
  return registry.listFunnels().map((funnel) => {
    const slim: string[] = [];
    const rjsf: string[] = [];
    let firstPageNote = '';
    funnel.pages.forEach((page, index) => {
      if (page.kind === 'exit' || page.kind === 'review-and-sign') return; // no question form
      const support = slimFormSupport(registry.bundlePageSchema(page.schema)!, page.uiSchema);
      (support.slim ? slim : rjsf).push(page.pageId);
      if (index === 0 && !support.slim) {
        firstPageNote = ` (the first page needs RJSF, so it loads more JavaScript: ${support.reason})`;
      }
    });
    return `${funnel.funnelId}: slim form: ${slim.join(', ') || 'none'}; RJSF: ${rjsf.join(', ') || 'none'}${firstPageNote}`;
  });
}

export { formatProblem };

/** The cache file `npm run funnels:check` keeps for these directories (.data/cache/funnels-check/). */
export function defaultCacheFile(directories: CheckDirectories): string {
  return registryCacheFile(directories);
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/**
 * `--fix`: writes every funnel, schema and examples file the way Prettier formats JSON (the
 * project's Prettier settings). Prettier's own check leaves these folders to their authors
 * (.prettierignore), so a hand-written funnel never fails `npm test` on layout alone.
 */
async function formatJsonFiles(directories: CheckDirectories): Promise<string[]> {
  const prettier = await import('prettier');
  const written: string[] = [];
  for (const directory of [directories.funnels, directories.schemas, directories.examples]) {
    const names = await readdir(directory).catch(() => [] as string[]);
    for (const name of names.filter((entry) => entry.endsWith('.json'))) {
      const file = path.join(directory, name);
      const text = await readFile(file, 'utf8');
      const options = (await prettier.resolveConfig(file)) ?? {};
      let formatted: string;
      try {
        formatted = await prettier.format(text, { ...options, filepath: file });
      } catch {
        continue; // not valid JSON: the check says where
      }
      if (formatted !== text) {
        await writeFileAtomic(file, formatted);
        written.push(path.relative(process.cwd(), file));
      }
    }
  }
  return written;
}

async function main(): Promise<number> {
  let directories: CheckDirectories;
  const args = process.argv.slice(2);
  const fix = args.includes('--fix');
  // A deploy (npm run build) must not ship a version that is not kept: claims started on it
  // could not finish on it once it changed.
  const requirePublished = args.includes('--require-published');
  const useCache = !args.includes('--no-cache');
  const listToTranslate = args.includes(TO_TRANSLATE_FLAG);
  try {
    directories = parseArguments(
      args.filter(
        (arg) => !['--fix', '--require-published', '--no-cache', TO_TRANSLATE_FLAG].includes(arg),
      ),
    );
    if (fix) {
      for (const file of await formatJsonFiles(directories)) console.log(`formatted ${file}`);
    }
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  const { problems, counts, renderers, unpublished, toTranslate } = await checkFunnels(
    directories,
    process.cwd(),
    { cacheFile: useCache && defaultCacheFile(directories) },
  );
  if (requirePublished) {
    for (const { funnelId, version } of unpublished) {
      problems.push({
        file: `funnels/${funnelId}.json`,
        pointer: '/version',
        message: `version ${version} is not published: run npm run funnels:publish before deploying it`,
      });
    }
  }
  // Languages in progress are no problem: said first, so a failure's lines stay last.
  for (const line of textsToTranslateReport(toTranslate, 'funnels:check', listToTranslate))
    console.log(line);
  if (problems.length > 0) {
    for (const problem of problems) console.error(formatProblem(problem));
    console.error(`funnels:check: ${count(problems.length, 'problem')} found`);
    return 1;
  }
  for (const line of renderers) console.log(`renderers: ${line}`);
  for (const { funnelId, version } of unpublished) {
    console.log(
      `unpublished: ${funnelId} version ${version} (npm run funnels:publish keeps it before it is deployed)`,
    );
  }
  console.log(
    `funnels:check: ${count(counts.funnels, 'funnel')}, ${count(counts.schemas, 'schema')} and ${count(counts.examples, 'example claim')} are valid`,
  );
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
