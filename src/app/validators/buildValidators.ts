/**
 * The browser build's validators: AJV standalone code precompiled from funnels/ and
 * schemas/ by scripts/vite-plugin-precompiled-validators.ts, so the bundle holds no AJV
 * compiler and runs under a CSP without `unsafe-eval`. Reached only through
 * `virtual:validators` (see ./index.ts).
 */
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import registryValidators from 'virtual:precompiled-validators/registry';
import rjsfValidators from 'virtual:precompiled-validators/rjsf';
import { createPrecompiledCompileValidator } from '../../runtime/validation';
import type { CompileValidator } from '../../runtime/funnel';

export function createCompileValidator(): CompileValidator {
  return createPrecompiledCompileValidator(registryValidators);
}

const bySchema = new WeakMap<RJSFSchema, ValidatorType>();

/** @throws Error naming the schema when the build precompiled nothing for it. */
export function rjsfValidatorFor(schema: RJSFSchema): ValidatorType {
  let validator = bySchema.get(schema);
  if (!validator) {
    const schemaId = String(schema.$id);
    const validateFns = Object.hasOwn(rjsfValidators, schemaId)
      ? rjsfValidators[schemaId]
      : undefined;
    if (!validateFns)
      throw new Error(`no precompiled RJSF validator for page schema "${schemaId}"`);
    // One per schema object, so RJSF keeps its schema utilities between renders.
    validator = createPrecompiledValidator(validateFns, schema);
    bySchema.set(schema, validator);
  }
  return validator;
}
