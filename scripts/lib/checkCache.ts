/**
 * funnels:check's content-hash cache, as `eslint --cache` keeps one: what a check found for
 * some inputs is recorded under a SHA-256 of those inputs (and of the checker's own code), so
 * the next run does again only the checks whose inputs changed. Three kinds of record:
 *
 * - `compile`: whether a schema (a bundled page schema, a `next` condition, a format schema)
 *   compiles, and the error if not. A schema known to compile is compiled only when a
 *   validator is first used, so a funnel whose checks are all recorded compiles nothing.
 * - `examples`: a funnel's example and completability checks, keyed by the funnel, its
 *   examples and the bundled schemas of its pages: an edit to a shared schema changes the
 *   bundle of every page that uses it, so every funnel using it is checked again.
 * - `results`: any other pure step (the build's standalone code of a page, the generated
 *   types), keyed by its own inputs.
 *
 * A record is only ever a function of its key, so a run gives the same lines with or without
 * the cache. funnels:check rewrites the file after each run with the records that run used (so
 * it does not grow); npm start's check keeps the rest too. A file that cannot be read or parsed
 * is ignored and the run starts cold.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  isFormatSchema,
  SchemaCompileError,
  type CompileValidator,
  type ExampleChecksMemo,
  type Problem,
  type ValidateFn,
} from '../../src/runtime/funnel';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where `npm run funnels:check` keeps its cache: one file per checked registry. */
const CHECK_CACHE_DIR = path.join(projectRoot, '.data', 'cache', 'funnels-check');

/** Source whose change can change what the check says: any edit there empties the cache. */
const CHECKER_SOURCES = [
  'src/runtime/funnel',
  'src/runtime/versions',
  'src/runtime/validation',
  'src/runtime/lifecycle',
  // The words the checks' messages are said in.
  'src/content/messages/validation.en-GB.json',
  'src/gateway/infra/validationWords.ts',
  'scripts/funnels-check.ts',
  'scripts/generate-types.ts',
  'scripts/lib',
  'package-lock.json',
];

interface CompileRecord {
  error?: { message: string; pointer: string };
}

interface CacheFile {
  checker: string;
  compile: Record<string, CompileRecord>;
  /** What a format schema (funnel, funnel-examples) said of a file, by schema and file content. */
  formats: Record<string, ReturnType<ValidateFn>>;
  examples: Record<string, Problem[]>;
  results: Record<string, unknown>;
}

/**
 * JSON text of a value, each object serialised once: several records hash the same schema, and
 * bundled page schemas share the objects of the definitions they inline. (Parsed files and
 * bundled schemas are never mutated, so a remembered text stays true.)
 */
const serialised = new WeakMap<object, string>();
function jsonOf(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null';
  let json = serialised.get(value);
  if (json === undefined) {
    json = Array.isArray(value)
      ? `[${value.map(jsonOf).join(',')}]`
      : `{${Object.entries(value)
          .filter(([, entry]) => entry !== undefined)
          .map(([key, entry]) => `${JSON.stringify(key)}:${jsonOf(entry)}`)
          .join(',')}}`;
    serialised.set(value, json);
  }
  return json;
}

function sha256(...parts: string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\u0000');
  return hash.digest('hex');
}

function sourceFiles(entry: string): string[] {
  const absolute = path.join(projectRoot, entry);
  if (!existsSync(absolute)) return [];
  if (!absolute.endsWith('.ts') && !absolute.endsWith('.json')) {
    return readdirSync(absolute, { withFileTypes: true, recursive: true })
      .filter((file) => file.isFile() && file.name.endsWith('.ts'))
      .map((file) => path.join(file.parentPath, file.name))
      .sort();
  }
  return [absolute];
}

let checkerHash: string | undefined;
/** A hash of the checker's code: records made by other code are never used. */
function checkerVersion(): string {
  checkerHash ??= sha256(
    ...CHECKER_SOURCES.flatMap(sourceFiles).map((file) => readFileSync(file, 'utf8')),
  );
  return checkerHash;
}

/** How many checks ran and how many were answered from the cache, for tests and the bench. */
export interface CacheStats {
  /** funnelIds whose example and completability checks ran in this run. */
  checkedFunnels: string[];
  /** funnelIds whose example and completability checks were taken from the cache. */
  reusedFunnels: string[];
  /** Schemas actually compiled. */
  compiled: number;
}

export interface CheckCache {
  /** Wraps a compiler: records whether each schema compiles; compiles a known-good one on first use. */
  compileValidator(inner: CompileValidator): CompileValidator;
  /** createRegistry's exampleChecksMemo. */
  exampleChecks: ExampleChecksMemo;
  /** Any other pure step: `run` is called unless a result is recorded for these inputs. */
  result<T>(kind: string, inputs: readonly string[], run: () => T): T;
  /** The same for a step that runs asynchronously. */
  resultAsync<T>(kind: string, inputs: readonly string[], run: () => Promise<T>): Promise<T>;
  /** JSON.stringify, once per object (records are keyed by these). */
  json(value: unknown): string;
  /** Forces a lazily compiled schema to compile now (the build's standalone step needs it). */
  compileNow(schemaKey: string): void;
  stats: CacheStats;
  /**
   * Writes the records this run used; a cache without a file (`file` undefined) keeps them in
   * memory. `keepUnused` also keeps the file's other records: npm start's check of the registry
   * runs only some of funnels:check's steps, and must not cost its next run the others.
   */
  save(options?: { keepUnused?: boolean }): void;
}

function emptyFile(): CacheFile {
  return { checker: checkerVersion(), compile: {}, formats: {}, examples: {}, results: {} };
}

function readCacheFile(file: string | undefined): CacheFile {
  if (!file || !existsSync(file)) return emptyFile();
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<CacheFile>;
    const isRecord = (value: unknown) =>
      typeof value === 'object' && value !== null && !Array.isArray(value);
    if (
      parsed.checker !== checkerVersion() ||
      !isRecord(parsed.compile) ||
      !isRecord(parsed.formats) ||
      !isRecord(parsed.examples) ||
      !isRecord(parsed.results)
    ) {
      return emptyFile();
    }
    return parsed as CacheFile;
  } catch {
    return emptyFile(); // a corrupt cache is no cache
  }
}

/** The cache file of a registry: named by a hash of its directories. */
export function cacheFileFor(directories: readonly string[], cacheDir = CHECK_CACHE_DIR): string {
  return path.join(cacheDir, `${sha256(...directories.map((dir) => path.resolve(dir)))}.json`);
}

/** The cache file `npm run funnels:check` keeps for a registry's folders. */
export function registryCacheFile(
  directories: { funnels: string; schemas: string; examples: string },
  cacheDir = CHECK_CACHE_DIR,
): string {
  return cacheFileFor([directories.funnels, directories.schemas, directories.examples], cacheDir);
}

/**
 * Opens the cache in `file` (created on save), or an in-memory one when `file` is undefined.
 * `namespace` keeps apart the records of a check that compiles or proves differently (npm
 * start's, with the gateway's own compiler and no completability proof), so the same file can
 * serve both and neither ever reads the other's.
 */
export function openCheckCache(
  file: string | undefined,
  options: { namespace?: string } = {},
): CheckCache {
  const namespace = options.namespace ? [options.namespace] : [];
  const keyOf = (...parts: string[]) => sha256(...namespace, ...parts);
  const previous = readCacheFile(file);
  const next = emptyFile();
  const stats: CacheStats = { checkedFunnels: [], reusedFunnels: [], compiled: 0 };
  const lazy = new Map<string, () => void>();

  const compileValidator =
    (inner: CompileValidator): CompileValidator =>
    (schemaKey, schema, words) => {
      const key = keyOf(schemaKey, jsonOf(schema));
      const recorded = previous.compile[key];
      if (recorded) {
        next.compile[key] = recorded;
        if (recorded.error) {
          throw new SchemaCompileError(recorded.error.message, recorded.error.pointer);
        }
        let validate: ValidateFn | undefined;
        const compile = (): ValidateFn => {
          if (!validate) {
            stats.compiled++;
            validate = inner(schemaKey, schema, words);
          }
          return validate;
        };
        lazy.set(schemaKey, () => void compile());
        if (!isFormatSchema(schemaKey)) return (data) => compile()(data);
        // Every funnel and examples file is checked against its format on every run: what
        // the format said of an unchanged file is recorded, so the format need not compile.
        return (data) => {
          const formatKey = sha256(key, jsonOf(data));
          const said = previous.formats[formatKey] ?? compile()(data);
          next.formats[formatKey] = said;
          return structuredClone(said);
        };
      }
      try {
        stats.compiled++;
        const validate = inner(schemaKey, schema, words);
        next.compile[key] = {};
        return validate;
      } catch (error) {
        const pointer = error instanceof SchemaCompileError ? error.pointer : '';
        next.compile[key] = { error: { message: (error as Error).message, pointer } };
        throw error;
      }
    };

  const exampleChecks: ExampleChecksMemo = (inputs, run) => {
    const schemas = [...inputs.pageSchemas].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const key = keyOf(
      jsonOf(inputs.funnel),
      jsonOf(inputs.examples),
      inputs.examplesFile,
      ...schemas.flatMap(([id, schema]) => [id, jsonOf(schema)]),
    );
    const recorded = previous.examples[key];
    if (recorded) {
      stats.reusedFunnels.push(inputs.funnel.funnelId);
      next.examples[key] = recorded;
      return recorded.map((problem) => ({ ...problem }));
    }
    stats.checkedFunnels.push(inputs.funnel.funnelId);
    const problems = run();
    next.examples[key] = problems;
    return problems;
  };

  function result<T>(kind: string, inputs: readonly string[], run: () => T): T {
    const key = keyOf(kind, ...inputs);
    if (key in previous.results) {
      next.results[key] = previous.results[key];
      return structuredClone(previous.results[key]) as T;
    }
    const value = run();
    next.results[key] = value;
    return value;
  }

  async function resultAsync<T>(
    kind: string,
    inputs: readonly string[],
    run: () => Promise<T>,
  ): Promise<T> {
    const key = keyOf(kind, ...inputs);
    if (key in previous.results) {
      next.results[key] = previous.results[key];
      return structuredClone(previous.results[key]) as T;
    }
    const value = await run();
    next.results[key] = value;
    return value;
  }

  function save(options: { keepUnused?: boolean } = {}): void {
    if (!file) return;
    const records: CacheFile = options.keepUnused
      ? {
          checker: next.checker,
          compile: { ...previous.compile, ...next.compile },
          formats: { ...previous.formats, ...next.formats },
          examples: { ...previous.examples, ...next.examples },
          results: { ...previous.results, ...next.results },
        }
      : next;
    try {
      mkdirSync(path.dirname(file), { recursive: true });
      // Written beside, then renamed: a run that stops half-way never leaves half a file.
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify(records));
      renameSync(temporary, file);
    } catch {
      // A cache that cannot be written only costs the next run its speed.
    }
  }

  return {
    compileValidator,
    exampleChecks,
    result,
    resultAsync,
    json: jsonOf,
    compileNow: (schemaKey) => lazy.get(schemaKey)?.(),
    stats,
    save,
  };
}
