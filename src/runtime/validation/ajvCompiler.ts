/**
 * The run-time AJV compiler: what the gateway, the CLI, the build's precompiler and the dev
 * server inject into createRegistry. A production browser build never loads this module
 * (its compiler is the precompiled one), so it may import AJV freely.
 */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { formatFieldErrors } from './fieldErrors';
import { AJV_OPTIONS } from './ajvOptions';
import { SchemaCompileError, type CompileValidator, type JsonSchemaObject } from '../funnel';

/** How a compiler is used: `run` validates answers; `check` only proves schemas compile and pass. */
export interface AjvCompileOptions {
  /**
   * Skip AJV's optimisation passes over the generated code. They only shorten it, so what
   * compiles and what passes are the same; funnels:check, which compiles every schema once
   * and throws the code away, is twice as fast without them.
   */
  unoptimised?: boolean;
}

/** Creates an AJV instance with AJV_OPTIONS and the standard formats (email, date, ...). */
export function createAjv(options: AjvCompileOptions = {}): Ajv {
  const ajv = new Ajv(
    options.unoptimised ? { ...AJV_OPTIONS, code: { optimize: false } } : AJV_OPTIONS,
  );
  addFormats(ajv);
  return ajv;
}

/** Pointer of the first meta-schema error, e.g. `/properties/email/type`. */
function firstSchemaErrorPointer(ajv: Ajv): string {
  return ajv.errors?.[0]?.instancePath ?? '';
}

/**
 * The default CompileValidator: compiles at run time with a fresh AJV instance, so schema
 * `$id`s from one registry never clash with another's (a reload in development, tests).
 */
export function createAjvCompileValidator(options: AjvCompileOptions = {}): CompileValidator {
  const ajv = createAjv(options);
  return (schemaKey, schema) => {
    let validate: ReturnType<Ajv['compile']>;
    try {
      // compile() checks the schema against its meta-schema itself and leaves the
      // reasons in ajv.errors, so a bad keyword can be pointed at without checking twice.
      ajv.errors = null;
      validate = ajv.compile(schema);
    } catch (error) {
      if (ajv.errors?.length) {
        throw new SchemaCompileError(
          `${schemaKey}: not a valid JSON Schema: ${ajv.errorsText(ajv.errors, { dataVar: 'schema' })}`,
          firstSchemaErrorPointer(ajv),
        );
      }
      throw new SchemaCompileError(`${schemaKey}: ${(error as Error).message}`);
    }
    return (data) => {
      const valid = validate(data);
      return {
        valid,
        errors: valid ? [] : formatFieldErrors(validate.errors, schema as JsonSchemaObject, data),
      };
    };
  };
}
