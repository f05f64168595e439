/**
 * The dev server's validators: compiled at run time with the platform's one AJV
 * configuration, so an edit to a funnel or schema shows on reload without a build.
 * Reached only through `virtual:validators` (see ./index.ts); never in a production bundle.
 */
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { AJV_OPTIONS } from '../../runtime/validation';
import { createAjvCompileValidator } from '../../runtime/validation/ajvCompiler';
import type { CompileValidator } from '../../runtime/funnel';

export function createCompileValidator(): CompileValidator {
  return createAjvCompileValidator();
}

let validator: ValidatorType | undefined;

export function rjsfValidatorFor(_schema: RJSFSchema): ValidatorType {
  validator ??= customizeValidator({ ajvOptionsOverrides: AJV_OPTIONS });
  return validator;
}
