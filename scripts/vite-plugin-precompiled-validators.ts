import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import standaloneCode from 'ajv/dist/standalone';
import type { Plugin } from 'vite';
import { createAjv, createAjvCompileValidator } from '../src/runtime/validation/ajvCompiler';
import { validationWords } from '../src/gateway/infra/validationWords';
import {
  compileOncePerKey,
  conditionKey,
  createRegistry,
  pageSchemaKey,
} from '../src/runtime/funnel';
import { createFunnelVersions, publishedVersionFile } from '../src/runtime/versions';
import type {
  CompileValidator,
  FunnelRegistry,
  JsonSchemaObject,
  Problem,
} from '../src/runtime/funnel';
import type { PublishedVersion } from '../src/runtime/versions';
import { isFormatSchema } from '../src/runtime/funnel/schema/schemaFiles';
import { readPublishedFiles, readRegistryDirectories, registryRoot } from './lib/registryFiles';
import {
  bundledPageSchemas,
  compileRjsfPageValidators,
  type BundledPageSchema,
} from './lib/rjsfPageValidators';
import { offeredContentLocales } from './lib/contentLocales';
import { bundleSchema } from '../src/runtime/funnel/schema/schemaBundle';
import { localizeSchema } from '../src/runtime/funnel/words/translations';
import { rjsfValidatorKey } from '../src/runtime/funnel/schema/validatorKeys';

/**
 * Default export: the browser registry's AJV standalone validators (PrecompiledRegistryValidators
 * in src/app/virtual-modules.d.ts): those of every funnel's first page and every `next`
 * condition in the module itself, the rest in a chunk loaded on demand.
 */
export const REGISTRY_VALIDATORS_ID = 'virtual:precompiled-validators/registry';
/** Default export: RJSF precompiled validator functions, by page schema `$id`. */
export const RJSF_VALIDATORS_ID = 'virtual:precompiled-validators/rjsf';
/** A funnel's first page validators (`<prefix><funnelId>.cjs`), imported by its registry part. */
export const FIRST_PAGE_VALIDATORS_PREFIX = 'virtual:precompiled-validators/registry/first-page/';

const RESOLVED_PREFIX = '\0virtual:precompiled-validators/';
const PLUGIN_FILE = fileURLToPath(import.meta.url);
/** The app's validators, one file per mode (see src/app/validators/index.ts). */
export const VALIDATORS_ID = 'virtual:validators';
/** RJSF's validator, one file per mode (see src/app/validators/rjsf.ts); only RJSF pages load it. */
export const RJSF_VALIDATOR_ID = 'virtual:rjsf-validator';
const VALIDATORS_DIR = fileURLToPath(new URL('../src/app/validators/', import.meta.url));

type RegistryDirectories = Parameters<typeof readRegistryDirectories>[1];

/** The generated CommonJS modules (the form AJV standalone and RJSF document for bundling). */
export interface PrecompiledValidators {
  /** Every schema key the browser registry compiles, in the order it compiles them. */
  registryKeys: string[];
  /** The keys first pages need: each funnel's first page schema and conditions. */
  firstPageKeys: string[];
  /**
   * Per funnel id, a module exporting an AJV standalone validate function per key its first
   * page needs (its page schema and its conditions): it comes with the funnel's own files
   * (the registry part, scripts/lib/registryParts.ts), so a page carries only its funnel's.
   */
  firstPageCodeOf: Record<string, string>;
  /** The same for every other key: page schemas of later pages, gallery schemas. */
  laterPagesCode: string;
  /** Per page schema `$id`, the module `createPrecompiledValidator(fns, rootSchema)` takes. */
  rjsfCode: Record<string, string>;
  /** The files read, for watching. */
  sources: string[];
}

/** Raised when funnels or schemas are broken: one `file: pointer: message` line per problem. */
/**
 * Each of `pages` bundled from the schema files read in `locale` (localizeSchema), named
 * `<$id>@<locale>` (rjsfValidatorKey): what RJSF renders for a claimant reading that language.
 */
function localizedPageSchemas(
  schemaFiles: Record<string, unknown>,
  pages: readonly BundledPageSchema[],
  locale: string,
): BundledPageSchema[] {
  const byId = new Map(
    Object.values(schemaFiles).map((schema) => {
      const localized = localizeSchema(schema as JsonSchemaObject, locale);
      return [String(localized.$id), localized] as const;
    }),
  );
  return pages.flatMap((page) => {
    const bundled = bundleSchema((id) => byId.get(id), page.schemaId);
    return bundled.ok
      ? [{ ...page, schema: bundled.schema, key: rjsfValidatorKey(page.schemaId, locale) }]
      : [];
  });
}

export class PrecompiledValidatorsError extends Error {
  constructor(problems: readonly Problem[]) {
    super(
      `precompiled validators: funnels or schemas are invalid (run npm run funnels:check):\n${problems
        .map((p) => `${p.file}: ${p.pointer === '' ? '(root)' : p.pointer}: ${p.message}`)
        .join('\n')}`,
    );
    this.name = 'PrecompiledValidatorsError';
  }
}

/**
 * Builds the registry from funnels/ and schemas/ under `root` exactly as the browser does,
 * noting every schema key it compiles, then generates the standalone code for those keys
 * and RJSF's precompiled validators for each bundled page schema.
 * @throws PrecompiledValidatorsError naming each broken file.
 */
export function generatePrecompiledValidators(
  root: string,
  dirs?: RegistryDirectories,
  /** The languages besides its own the site is offered in (offeredContentLocales). */
  locales: readonly string[] = [],
): PrecompiledValidators {
  const { files, sources, problems } = readRegistryDirectories(root, dirs);
  if (problems.length > 0) throw new PrecompiledValidatorsError(problems);

  // The registry checks and compiles with the run-time compiler (so its problems read as in
  // funnels:check); this only notes which schema each key stands for. Each key once: a
  // published version shares today's key for a schema that has not changed since.
  const compiled = new Map<string, object>();
  const compileAtRunTime = createAjvCompileValidator();
  const noting: CompileValidator = compileOncePerKey((schemaKey, schema, words) => {
    const validate = compileAtRunTime(schemaKey, schema, words);
    compiled.set(schemaKey, schema);
    return validate;
  });
  const result = createRegistry(files, { compileValidator: noting, words: validationWords() });
  if (!result.ok) throw new PrecompiledValidatorsError(result.problems);
  const currentKeys = new Set(compiled.keys());

  // Earlier published versions: a claim still on one is shown and checked on it, so their
  // page schemas (those changed since) and conditions are precompiled too, with the later pages.
  const published = readPublishedFiles(join(root, 'funnels'), root);
  if (published.problems.length > 0) throw new PrecompiledValidatorsError(published.problems);
  sources.push(...published.sources);
  const earlierRegistries = earlierVersionRegistries(
    result.registry,
    Object.values(published.parsed) as PublishedVersion[],
    noting,
  );

  // The one AJV configuration, kept source-producing for standalone output (`lines` stays
  // false, its default: line breaks in generated code only cost bytes).
  // The browser's registry is prechecked: it never compiles the format schemas.
  const ajv = createAjv();
  ajv.opts.code.source = true;
  // No AJV message text in the browser's code: formatFieldErrors words every error from its
  // keyword, params and path (the schema's x-errorMessages, or the reader's language).
  ajv.opts.messages = false;
  const registryKeys = [...compiled.keys()].filter((key) => !isFormatSchema(key));
  for (const key of registryKeys) ajv.addSchema(compiled.get(key)!, key);
  // A funnel's first page needs its page schema and the funnel's conditions.
  const firstPageKeysOf = Object.fromEntries(
    result.registry.listFunnels().map((funnel) => {
      const conditions = funnel.pages.flatMap((page, pageIndex) =>
        (page.next ?? []).flatMap((rule, ruleIndex) =>
          rule.when === undefined ? [] : [conditionKey(funnel, pageIndex, ruleIndex)],
        ),
      );
      const wanted = new Set([pageSchemaKey(funnel.pages[0]!.schema), ...conditions]);
      return [
        funnel.funnelId,
        registryKeys.filter((key) => currentKeys.has(key) && wanted.has(key)),
      ];
    }),
  );
  const firstPageKeys = [...new Set(Object.values(firstPageKeysOf).flat())];
  const laterPageKeys = registryKeys.filter((key) => !firstPageKeys.includes(key));
  const moduleOf = (keys: readonly string[]): string =>
    standaloneCode(ajv, Object.fromEntries(keys.map((key) => [key, key])));

  // RJSF's validators: today's page schemas, and each earlier version's that changed since.
  const rjsfPages = new Map(
    bundledPageSchemas(files.schemas, result.registry).map((page) => [page.schemaId, page]),
  );
  for (const { file, registry, funnel } of earlierRegistries) {
    for (const { schema: schemaId } of funnel.pages) {
      if (rjsfPages.has(schemaId)) continue;
      rjsfPages.set(schemaId, { file, schemaId, schema: registry.bundlePageSchema(schemaId)! });
    }
  }
  // And today's page schemas read in each other language: RJSF finds a part's validator by a
  // hash of the part, titles and all, so each language's text needs its own.
  for (const locale of locales) {
    for (const page of localizedPageSchemas(files.schemas, [...rjsfPages.values()], locale)) {
      rjsfPages.set(page.key!, page);
    }
  }
  const rjsf = compileRjsfPageValidators([...rjsfPages.values()]);
  if (rjsf.problems.length > 0) throw new PrecompiledValidatorsError(rjsf.problems);
  const rjsfCode = rjsf.code;
  return {
    registryKeys,
    firstPageKeys,
    firstPageCodeOf: Object.fromEntries(
      Object.entries(firstPageKeysOf).map(([funnelId, keys]) => [funnelId, moduleOf(keys)]),
    ),
    laterPagesCode: moduleOf(laterPageKeys),
    rjsfCode,
    sources,
  };
}

/**
 * The registry of each published version older than its funnel's current one, built with
 * `compile` (which notes their keys), with every `next` condition compiled: a prechecked
 * registry compiles conditions on first use, and the browser must find them precompiled.
 */
function earlierVersionRegistries(
  current: FunnelRegistry,
  published: readonly PublishedVersion[],
  compile: CompileValidator,
) {
  const versions = createFunnelVersions(current, published, {
    compileValidator: compile,
    words: validationWords(),
  });
  const earlier = published.filter(
    (snapshot) => current.getFunnel(snapshot.funnelId)?.version !== snapshot.version,
  );
  return earlier.map((snapshot) => {
    const registry = versions.at(snapshot.funnelId, snapshot.version)!;
    const funnel = registry.getFunnel(snapshot.funnelId)!;
    funnel.pages.forEach((page, pageIndex) =>
      (page.next ?? []).forEach((rule, ruleIndex) => {
        if (rule.when === undefined) return;
        const key = conditionKey(funnel, pageIndex, ruleIndex);
        registry.evaluateCondition({ key, when: rule.when }, {});
      }),
    );
    return { file: publishedVersionFile(snapshot.funnelId, snapshot.version), registry, funnel };
  });
}

function registryIndexModule(generated: PrecompiledValidators): string {
  return [
    `export default {`,
    `  keys: ${JSON.stringify(generated.registryKeys)},`,
    `  loadLaterPages: () => import(${JSON.stringify(`${RESOLVED_PREFIX}registry/later-pages.cjs`)}).then((m) => m.default),`,
    `};`,
    '',
  ].join('\n');
}

function rjsfIndexModule(schemaIds: readonly string[]): string {
  const imports = schemaIds.map(
    (_, i) => `import v${i} from ${JSON.stringify(`${RESOLVED_PREFIX}rjsf/${i}.cjs`)};`,
  );
  const entries = schemaIds.map((id, i) => `${JSON.stringify(id)}: v${i}`);
  return `${imports.join('\n')}\nexport default { ${entries.join(', ')} };\n`;
}

/** Options of precompiledValidatorsPlugin. */
export interface PrecompiledValidatorsPluginOptions {
  /** Directory holding funnels/ and schemas/; Vite's root by default. */
  root?: string;
}

/**
 * Precompiles every validator the browser needs, so a production bundle runs no AJV compiler
 * (no `unsafe-eval` under a strict CSP) and a schema that does not compile fails the build.
 *
 * - `virtual:precompiled-validators/registry`: AJV standalone validators of the browser
 *   registry by schema key (validatorKeys.ts), for createPrecompiledCompileValidator.
 * - `virtual:precompiled-validators/rjsf`: RJSF's precompiled validator functions by page
 *   schema `$id`, for createPrecompiledValidator.
 *
 * - `virtual:validators`: the app's validators, resolved to src/app/validators/buildValidators.ts
 *   in a build (the two modules above) and to devValidators.ts under the dev server (run-time
 *   AJV, so an edit to a funnel or schema shows on reload). The registry takes its compiler
 *   as an argument, so nothing else decides what runs.
 */
export function precompiledValidatorsPlugin(
  options: PrecompiledValidatorsPluginOptions = {},
): Plugin {
  let root = options.root ?? process.cwd();
  // The project's own root, whose content files say which languages the site is offered in.
  let projectRoot = process.cwd();
  let precompile = false;
  let generated: PrecompiledValidators | undefined;

  return {
    name: 'vehicle-claims:precompiled-validators',
    configResolved(config) {
      root = options.root ?? registryRoot(config.root);
      projectRoot = config.root;
      precompile = config.command === 'build' && !config.build.ssr;
    },
    buildStart() {
      if (!precompile) return;
      generated = generatePrecompiledValidators(
        root,
        undefined,
        offeredContentLocales(projectRoot),
      );
      for (const source of generated.sources) this.addWatchFile(source);
    },
    async resolveId(source, importer) {
      if (source === VALIDATORS_ID || source === RJSF_VALIDATOR_ID) {
        const mode = precompile ? 'build' : 'dev';
        const file = source === VALIDATORS_ID ? `${mode}Validators.ts` : `${mode}RjsfValidator.ts`;
        return this.resolve(`${VALIDATORS_DIR}${file}`, importer, { skipSelf: true });
      }
      if (source === REGISTRY_VALIDATORS_ID || source === RJSF_VALIDATORS_ID) {
        return `\0${source}`;
      }
      if (source.startsWith(RESOLVED_PREFIX)) return source;
      if (source.startsWith(FIRST_PAGE_VALIDATORS_PREFIX)) return `\0${source}`;
      // The generated code requires AJV's small run-time helpers (ajv/dist/runtime/*,
      // ajv-formats/dist/formats). A virtual module has no directory, so they resolve from
      // here: the AJV that generated the code.
      if (importer?.startsWith(RESOLVED_PREFIX)) {
        return this.resolve(source, PLUGIN_FILE, { skipSelf: true });
      }
      return null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED_PREFIX)) return null;
      if (!precompile || !generated) {
        throw new Error(
          `${id} exists only in a production build (the dev server compiles at run time)`,
        );
      }
      const name = id.slice(RESOLVED_PREFIX.length);
      const schemaIds = Object.keys(generated.rjsfCode);
      if (name === 'registry') return registryIndexModule(generated);
      const firstPage = /^registry\/first-page\/(.+)\.cjs$/.exec(name);
      if (firstPage) {
        const code = generated.firstPageCodeOf[firstPage[1]!];
        if (code === undefined) throw new Error(`no funnel "${firstPage[1]!}" to precompile`);
        return code;
      }
      if (name === 'registry/later-pages.cjs') return generated.laterPagesCode;
      if (name === 'rjsf') return rjsfIndexModule(schemaIds);
      const page = /^rjsf\/(\d+)\.cjs$/.exec(name);
      const schemaId = page ? schemaIds[Number(page[1])] : undefined;
      if (schemaId !== undefined) return generated.rjsfCode[schemaId];
      return null;
    },
  };
}
