/**
 * Validation from AJV standalone validators precompiled at build time
 * (scripts/vite-plugin-precompiled-validators.ts), for a browser that must not compile
 * code at run time (no `unsafe-eval`, no AJV compiler in the bundle).
 */
import type { SchemaError } from './fieldErrors';
import { formatFieldErrors } from './fieldErrors';
import {
  SchemaCompileError,
  type CompileValidator,
  type JsonSchemaObject,
  type ValidateFn,
} from '../funnel';
import type { ValidationWords } from '../types';

/** An AJV standalone validate function: returns validity and leaves the errors on itself. */
export interface StandaloneValidateFunction {
  (data: unknown): boolean;
  errors?: readonly SchemaError[] | null;
}

/**
 * A CompileValidator that compiles nothing: it looks up the validator precompiled under the
 * same schema key (validatorKeys.ts) and words its errors with formatFieldErrors, so the
 * claimant sees the messages run-time compilation gives.
 * The schema passed in must be the one the validator was precompiled from.
 * `validators` may be filled later (validators of later pages load on demand): the returned
 * function looks its validator up when it runs and throws if it has not loaded yet.
 * @throws SchemaCompileError naming the key when nothing was precompiled for it (the build
 *   and the files it bundles disagree; rebuild).
 */
export function createPrecompiledCompileValidator(
  validators: Readonly<Record<string, StandaloneValidateFunction>>,
  precompiledKeys: readonly string[] = Object.keys(validators),
): CompileValidator {
  const known = new Set(precompiledKeys);
  return (schemaKey, schema, words) => {
    if (!known.has(schemaKey)) {
      throw new SchemaCompileError(
        `${schemaKey}: no precompiled validator for this schema key (the build's precompiled validators are out of date with its schemas)`,
      );
    }
    return precompiledValidateFn(validators, schemaKey, schema, words);
  };
}

function precompiledValidateFn(
  validators: Readonly<Record<string, StandaloneValidateFunction>>,
  schemaKey: string,
  schema: object,
  words: ValidationWords,
): ValidateFn {
  // The schema a validator was compiled from is a JSON Schema object; the validator takes any object.
  const schemaObject = schema as JsonSchemaObject;
  const validateFn: ValidateFn = (data) => {
    const validate = Object.hasOwn(validators, schemaKey) ? validators[schemaKey] : undefined;
    if (!validate) throw new Error(`the validator of "${schemaKey}" has not loaded yet`);
    const valid = validate(data);
    return {
      valid,
      errors: valid ? [] : formatFieldErrors(validate.errors, schemaObject, data, words),
    };
  };
  validateFn.inWordsOf = (copy, otherWords) =>
    precompiledValidateFn(validators, schemaKey, copy, otherWords);
  return validateFn;
}
