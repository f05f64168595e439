import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator, customizeValidator } from '@rjsf/validator-ajv8';
import precompiledValidators from 'virtual:precompiled-validators/rjsf';
import { AJV_OPTIONS } from '../../runtime/ajvValidation';

let runTimeValidator: ValidatorType | undefined;
const precompiled = new WeakMap<RJSFSchema, ValidatorType>();

/**
 * The validator RJSF needs to resolve conditional schemas (if/then, dependencies) while it
 * renders a page schema (bundled, with a `$id`). Claimant-facing validation is done by the
 * registry (the same code the gateway runs), not by RJSF.
 *
 * A build uses the functions precompiled for that schema (no AJV compiler in the bundle);
 * the dev server compiles at run time with the platform's one AJV configuration.
 * @throws Error naming the schema when the build precompiled nothing for it.
 */
export function rjsfValidatorFor(schema: RJSFSchema): ValidatorType {
  // import.meta.env.DEV alone, as a constant, lets a build drop this branch and AJV's compiler.
  if (import.meta.env.DEV) {
    runTimeValidator ??= customizeValidator({ ajvOptionsOverrides: AJV_OPTIONS });
    return runTimeValidator;
  }
  if (!precompiledValidators) throw new Error('RJSF validators were not precompiled');
  let validator = precompiled.get(schema);
  if (!validator) {
    const schemaId = String(schema.$id);
    const validateFns = Object.hasOwn(precompiledValidators, schemaId)
      ? precompiledValidators[schemaId]
      : undefined;
    if (!validateFns)
      throw new Error(`no precompiled RJSF validator for page schema "${schemaId}"`);
    // One per schema object, so RJSF keeps its schema utilities between renders.
    validator = createPrecompiledValidator(validateFns, schema);
    precompiled.set(schema, validator);
  }
  return validator;
}
