/**
 * The one AJV configuration of the platform. The registry, the gateway and the browser's
 * RJSF validator (`customizeValidator({ ajvOptionsOverrides: AJV_OPTIONS })`) all build
 * their AJV from here, so a schema means the same thing everywhere.
 */
import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';
import { formatFieldErrors } from './fieldErrors';
import { SchemaCompileError, type CompileValidator, type JsonSchemaObject } from './types';

/**
 * AJV options shared by every validator.
 * - allErrors: a claimant sees every invalid field at once (GOV.UK error summary).
 * - strict false: schemas carry keywords AJV does not know (`x-errorMessages`, RJSF's own).
 * - multipleOfPrecision 8: the value RJSF uses, so browser and server agree on decimals.
 * - $data: lets one field bound another, e.g. an agreement end date
 *   `"formatMinimum": {"$data": "1/agreementStartDate"}`.
 */
export const AJV_OPTIONS: Options = {
  allErrors: true,
  strict: false,
  multipleOfPrecision: 8,
  $data: true,
};

/** Creates an AJV instance with AJV_OPTIONS and the standard formats (email, date, ...). */
export function createAjv(): Ajv {
  const ajv = new Ajv(AJV_OPTIONS);
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
export function createAjvCompileValidator(): CompileValidator {
  const ajv = createAjv();
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
        errors: valid ? [] : formatFieldErrors(validate.errors, schema as JsonSchemaObject),
      };
    };
  };
}
