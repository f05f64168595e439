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
import type { AjvCompileOptions } from '../../src/runtime/validation/ajvCompiler';
import type { FunnelRegistry, JsonSchemaObject, Problem } from '../../src/runtime/funnel';

/** A page schema as RJSF renders it: bundled (every `$ref` local), named by its file. */
export interface BundledPageSchema {
  file: string;
  schemaId: string;
  schema: object;
}

export interface RjsfPageValidators {
  /** Per page schema `$id`, the CommonJS module `createPrecompiledValidator(fns, rootSchema)` takes. */
  code: Record<string, string>;
  /** One per page schema RJSF cannot precompile (`file: (root): RJSF cannot precompile it: …`). */
  problems: Problem[];
}

export function compileRjsfPageValidators(
  pages: readonly BundledPageSchema[],
  options: AjvCompileOptions = {},
): RjsfPageValidators {
  // `lines: false`: line breaks in generated code only cost bytes. `source: true` is what
  // standalone output needs (compileSchemaValidatorsCode forces it too).
  const ajv = createAjvInstance(undefined, undefined, {
    ...AJV_OPTIONS,
    code: { lines: false, source: true, ...(options.unoptimised ? { optimize: false } : {}) },
  });
  const added = new Set<string>();
  const code: Record<string, string> = {};
  const problems: Problem[] = [];
  for (const page of pages) {
    const addedHere: string[] = [];
    try {
      const parsed = schemaParser(page.schema as RJSFSchema);
      for (const [key, subschema] of Object.entries(parsed)) {
        if (added.has(key)) continue;
        ajv.addSchema(subschema as object); // keyed by its `$id`, which schemaParser set to `key`
        added.add(key);
        addedHere.push(key);
      }
      code[page.schemaId] = standaloneCode(
        ajv,
        Object.fromEntries(Object.keys(parsed).map((key) => [key, key])),
      );
    } catch (error) {
      // A page that does not compile must not leave half its subschemas for the next one.
      for (const key of addedHere) {
        ajv.removeSchema(key);
        added.delete(key);
      }
      problems.push({
        file: page.file,
        pointer: '',
        message: `RJSF cannot precompile it: ${(error as Error).message}`,
      });
    }
  }
  return { code, problems };
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
