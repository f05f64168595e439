/**
 * The run-time AJV compiler: what the gateway, the CLI, the build's precompiler and the dev
 * server inject into createRegistry. A production browser build never loads this module
 * (its compiler is the precompiled one), so it may import AJV freely.
 */
import Ajv, { _ } from 'ajv';
import addFormats from 'ajv-formats';
import { PLATFORM_FORMATS } from './ajvFormats';
import { wordedValidateFn } from './fieldErrors';
import { AJV_OPTIONS } from './ajvOptions';
import { SchemaCompileError, type CompileValidator } from '../funnel';

/** How a compiler is used: `run` validates answers; `check` only proves schemas compile and pass. */
export interface AjvCompileOptions {
  /**
   * Skip AJV's optimisation passes over the generated code. They only shorten it, so what
   * compiles and what passes are the same; funnels:check, which compiles every schema once
   * and throws the code away, is twice as fast without them.
   */
  unoptimised?: boolean;
}

/**
 * Where standalone (precompiled) validator code finds every format's functions: this folder's
 * ajvFormats.ts, by a path relative to scripts/ (the build's precompile plugin resolves the
 * generated code's imports from there).
 */
export const PRECOMPILED_FORMATS_MODULE = '../src/runtime/validation/ajvFormats';
/** Built when used (a tagged template at the top would be work done on loading the module). */
const precompiledFormatsCode = () => _`require(${PRECOMPILED_FORMATS_MODULE}).ajvFormats`;

/**
 * Gives `ajv` the platform's formats (`money`) beside AJV's standard ones, and points its
 * standalone code at ajvFormats.ts, which holds both. Call it on any AJV instance before it
 * compiles a page schema (RJSF's, which adds the standard formats itself, included).
 */
export function addPlatformFormats(ajv: Ajv): Ajv {
  ajv.opts.code.formats = precompiledFormatsCode();
  for (const [name, format] of Object.entries(PLATFORM_FORMATS)) ajv.addFormat(name, format);
  return ajv;
}

/** Creates an AJV instance with AJV_OPTIONS, the standard formats (email, date, ...) and ours (money). */
export function createAjv(options: AjvCompileOptions = {}): Ajv {
  const ajv = new Ajv(
    options.unoptimised ? { ...AJV_OPTIONS, code: { optimize: false } } : AJV_OPTIONS,
  );
  ajv.opts.code.formats = precompiledFormatsCode();
  addFormats(ajv);
  return addPlatformFormats(ajv);
}

/** Pointer of the first meta-schema error, e.g. `/properties/email/type`. */
function firstSchemaErrorPointer(ajv: Ajv): string {
  return ajv.errors?.[0]?.instancePath ?? '';
}

/**
 * Runs `compile` on `ajv` and turns what it throws into a SchemaCompileError naming the
 * schema: a schema its meta-schema refuses says so and points at the first bad keyword
 * (AJV leaves the reasons in `ajv.errors`), anything else keeps AJV's own message.
 */
export function compileNamed<T>(ajv: Ajv, schemaKey: string, compile: () => T): T {
  try {
    ajv.errors = null;
    return compile();
  } catch (error) {
    if (ajv.errors?.length) {
      throw new SchemaCompileError(
        `${schemaKey}: not a valid JSON Schema: ${ajv.errorsText(ajv.errors, { dataVar: 'schema' })}`,
        firstSchemaErrorPointer(ajv),
      );
    }
    // AJV's compile throws only Errors (a schema it cannot compile).
    throw new SchemaCompileError(`${schemaKey}: ${(error as Error).message}`);
  }
}

/**
 * The default CompileValidator: compiles at run time with a fresh AJV instance, so schema
 * `$id`s from one registry never clash with another's (a reload in development, tests).
 */
export function createAjvCompileValidator(options: AjvCompileOptions = {}): CompileValidator {
  const ajv = createAjv(options);
  // compile() checks the schema against its meta-schema itself, so it is not checked twice.
  return (schemaKey, schema, words) => {
    const validate = compileNamed(ajv, schemaKey, () => ajv.compile(schema));
    return wordedValidateFn(() => validate, schema, words);
  };
}
