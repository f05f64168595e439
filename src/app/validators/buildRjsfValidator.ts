/**
 * The browser build's RJSF validator: RJSF's precompiled validator functions per page schema,
 * made by scripts/vite-plugin-precompiled-validators.ts. Reached only through
 * `virtual:rjsf-validator` (see ./rjsf.ts), so only pages RJSF renders load it.
 */
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import rjsfValidators from 'virtual:precompiled-validators/rjsf';

const bySchema = new WeakMap<RJSFSchema, ValidatorType>();

/**
 * `key` is the page's name among the build's validators (rjsfValidatorKey: its `$id`, or
 * `<$id>@<locale>` for the page read in another language).
 * @throws Error naming the schema when the build precompiled nothing for it.
 */
export function rjsfValidatorFor(schema: RJSFSchema, key = String(schema.$id)): ValidatorType {
  let validator = bySchema.get(schema);
  if (!validator) {
    const schemaId = String(schema.$id);
    // An earlier version's page has its own language's validators only as written: read in
    // another language its text is its own (it was not translated then).
    const found = [key, schemaId].find((each) => Object.hasOwn(rjsfValidators, each));
    const validateFns = found === undefined ? undefined : rjsfValidators[found];
    if (!validateFns)
      throw new Error(`no precompiled RJSF validator for page schema "${schemaId}" (${key})`);
    // One per schema object, so RJSF keeps its schema utilities between renders.
    validator = createPrecompiledValidator(validateFns, schema);
    bySchema.set(schema, validator);
  }
  return validator;
}
