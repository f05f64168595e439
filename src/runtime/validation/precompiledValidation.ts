/**
 * Validation from AJV standalone validators precompiled at build time
 * (scripts/vite-plugin-precompiled-validators.ts), for a browser that must not compile
 * code at run time (no `unsafe-eval`, no AJV compiler in the bundle).
 */
import type { SchemaError } from './fieldErrors';
import { wordedValidateFn } from './fieldErrors';
import { SchemaCompileError, type CompileValidator } from '../funnel';

/** An AJV standalone validate function: returns validity and leaves the errors on itself. */
export interface StandaloneValidateFunction {
  (data: unknown): boolean;
  errors?: readonly SchemaError[] | null;
}

/**
 * A CompileValidator that compiles nothing: it looks up the validator precompiled under the
 * same schema key (validatorKeys.ts) and words its errors with formatFieldErrors (wordedValidateFn), so the
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
    return wordedValidateFn(() => precompiledValidator(validators, schemaKey), schema, words);
  };
}

/** The precompiled validator of `schemaKey`, once loaded. */
function precompiledValidator(
  validators: Readonly<Record<string, StandaloneValidateFunction>>,
  schemaKey: string,
): StandaloneValidateFunction {
  const validate = Object.hasOwn(validators, schemaKey) ? validators[schemaKey] : undefined;
  if (!validate) throw new Error(`the validator of "${schemaKey}" has not loaded yet`);
  return validate;
}
