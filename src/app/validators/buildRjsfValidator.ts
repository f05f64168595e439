/**
 * The browser build's RJSF validator: RJSF's precompiled validator functions per page schema,
 * made by scripts/vite-plugin-precompiled-validators.ts. Reached only through
 * `virtual:rjsf-validator` (see ./rjsf.ts), so only pages RJSF renders load it.
 */
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import rjsfValidators from 'virtual:precompiled-validators/rjsf';

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
