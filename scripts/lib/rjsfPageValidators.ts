/**
 * RJSF's precompiled validators of page schemas, as the production build bundles them and as
 * funnels:check compiles them, so the check refuses whatever the build would.
 *
 * This is @rjsf/validator-ajv8's compileSchemaValidatorsCode (schemaParser, createAjvInstance
 * with our AJV options, AJV standalone code), with one difference: one AJV instance serves
 * every page. compileSchemaValidatorsCode makes an instance per schema, which costs ~25 ms each
 * (formats, meta-schema) and made 1,000 pages take 23 s; here each distinct subschema is
 * compiled once and each page's module is cut from the shared instance with standaloneCode's
 * refs, which emits the same functions (only their numbering differs).
 */
import { schemaParser, type RJSFSchema } from '@rjsf/utils';
import createAjvInstance from '@rjsf/validator-ajv8/lib/createAjvInstance.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { AJV_OPTIONS } from '../../src/runtime/validation/ajvOptions';
import type { ValidateFunction } from 'ajv';
import {
  addPlatformFormats,
  compileNamed,
  type AjvCompileOptions,
} from '../../src/runtime/validation/ajvCompiler';
import { wordedValidateFn } from '../../src/runtime/validation/fieldErrors';
import type {
  CompileValidator,
  FunnelRegistry,
  JsonSchemaObject,
  Problem,
} from '../../src/runtime/funnel';

/** A page schema as RJSF renders it: bundled (every `$ref` local), named by its file. */
export interface BundledPageSchema {
  file: string;
  schemaId: string;
  schema: object;
  /**
   * The page's name among the build's validators, when not its `$id`: the same page read in
   * another language (`<$id>@<locale>`), whose titles make RJSF's hashes of its parts differ.
   */
  key?: string;
}

interface RjsfPageValidators {
  /** Per page schema `$id`, the CommonJS module `createPrecompiledValidator(fns, rootSchema)` takes. */
  code: Record<string, string>;
  /** One per page schema RJSF cannot precompile (`file: (root): RJSF cannot precompile it: …`). */
  problems: Problem[];
}

/**
 * One RJSF AJV instance (AJV_OPTIONS) that compiles page schemas a page at a time, as the
 * build bundles them: funnels:check takes its page validators from here, so the check's one
 * compile of a page is the build's.
 */
export function createRjsfPageCompiler(options: AjvCompileOptions = {}) {
  // `lines: false`: line breaks in generated code only cost bytes. `source: true` is what
  // standalone output needs (compileSchemaValidatorsCode forces it too).
  const ajv = createAjvInstance(undefined, undefined, {
    ...AJV_OPTIONS,
    code: { lines: false, source: true, ...(options.unoptimised ? { optimize: false } : {}) },
  });
  // The platform's formats (money), and standalone code that finds every format in ajvFormats.ts.
  addPlatformFormats(ajv);
  const added = new Set<string>();
  /** Per page schema `$id`, the keys of its subschemas (RJSF's schemaParser). */
  const pageKeys = new Map<string, string[]>();

  /**
   * Adds a page's subschemas and compiles them; returns the validate function of the page
   * itself. A page that fails leaves none of its subschemas for the next page.
   */
  function compilePage(schemaId: string, schema: object, key: string = schemaId): ValidateFunction {
    const addedHere: string[] = [];
    try {
      // The page first, against its meta-schema, so a bad keyword is named as such (and
      // AJV's reasons are in ajv.errors) before RJSF's parser walks it.
      if (!ajv.validateSchema(schema)) {
        throw new Error(`schema is invalid: ${ajv.errorsText(ajv.errors, { dataVar: 'schema' })}`);
      }
      const parsed = schemaParser(schema as RJSFSchema);
      for (const [key, subschema] of Object.entries(parsed)) {
        if (added.has(key)) continue;
        // Keyed by its `$id`, which schemaParser set to `key`. The page itself was checked
        // against its meta-schema just above; its parts are checked as they are added.
        ajv.addSchema(subschema as object, undefined, undefined, key !== schemaId);
        added.add(key);
        addedHere.push(key);
      }
      const keys = Object.keys(parsed);
      for (const each of keys) ajv.getSchema(each);
      pageKeys.set(key, keys);
      // The page keeps its own `$id` (schemaParser keys the root by it).
      return ajv.getSchema(schemaId)!;
    } catch (error) {
      for (const key of addedHere) {
        ajv.removeSchema(key);
        added.delete(key);
      }
      throw error;
    }
  }

  /** A compiled page's CommonJS module, as `createPrecompiledValidator(fns, rootSchema)` takes it. */
  function pageCode(schemaId: string): string {
    const keys = pageKeys.get(schemaId);
    if (!keys) throw new Error(`${schemaId} is not compiled`);
    return standaloneCode(ajv, Object.fromEntries(keys.map((key) => [key, key])));
  }

  return { ajv, compilePage, pageCode };
}

type RjsfPageCompiler = ReturnType<typeof createRjsfPageCompiler>;

/** What RJSF's precompile of a page threw, as the line funnels:check and the build print. */
function cannotPrecompile(file: string, error: unknown): Problem {
  return {
    file,
    pointer: '',
    message: `RJSF cannot precompile it: ${(error as Error).message}`,
  };
}

/** The build's precompile: every page compiled, then cut into its own module. */
export function compileRjsfPageValidators(
  pages: readonly BundledPageSchema[],
  options: AjvCompileOptions = {},
): RjsfPageValidators {
  const compiler = createRjsfPageCompiler(options);
  const code: Record<string, string> = {};
  const problems: Problem[] = [];
  for (const page of pages) {
    try {
      const key = page.key ?? page.schemaId;
      compiler.compilePage(page.schemaId, page.schema, key);
      code[key] = compiler.pageCode(key);
    } catch (error) {
      problems.push(cannotPrecompile(page.file, error));
    }
  }
  return { code, problems };
}

/**
 * funnels:check's compiler: page schemas (`pageSchemaIds`) through the build's RJSF compile,
 * everything else (format schemas, `next` conditions) through `otherwise`. A page RJSF
 * refuses reads as the run-time compiler would say it (`id: message`).
 */
export function rjsfCompileValidator(
  compiler: RjsfPageCompiler,
  pageSchemaIds: ReadonlySet<string>,
  otherwise: CompileValidator,
): CompileValidator {
  return (schemaKey, schema, words) => {
    if (!pageSchemaIds.has(schemaKey)) return otherwise(schemaKey, schema, words);
    const validate = compileNamed(compiler.ajv, schemaKey, () =>
      compiler.compilePage(schemaKey, schema),
    );
    return wordedValidateFn(() => validate, schema, words);
  };
}

/**
 * The build's last step for pages the check compiled: each page's standalone module, so
 * what only code generation refuses fails the check too.
 */
export function rjsfStandaloneProblems(
  compiler: RjsfPageCompiler,
  pages: readonly BundledPageSchema[],
): Problem[] {
  const problems: Problem[] = [];
  for (const page of pages) {
    try {
      compiler.pageCode(page.schemaId);
    } catch (error) {
      problems.push(cannotPrecompile(page.file, error));
    }
  }
  return problems;
}

/**
 * Every page schema file of `schemas` (keyed by file) as the registry bundles it; the format
 * schemas (funnel, funnel-examples), which RJSF never renders, are left out.
 */
export function bundledPageSchemas(
  schemas: Record<string, unknown>,
  registry: Pick<FunnelRegistry, 'bundlePageSchema'>,
): BundledPageSchema[] {
  const pages: BundledPageSchema[] = [];
  for (const [file, schema] of Object.entries(schemas)) {
    const schemaId = (schema as JsonSchemaObject).$id;
    if (typeof schemaId !== 'string') continue;
    const bundled = registry.bundlePageSchema(schemaId);
    if (bundled) pages.push({ file, schemaId, schema: bundled });
  }
  return pages;
}
