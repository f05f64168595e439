/**
 * The dev server's RJSF validator: run-time AJV with the platform's one configuration.
 * Reached only through `virtual:rjsf-validator` (see ./rjsf.ts); never in a production bundle.
 */
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { AJV_OPTIONS } from '../../runtime/validation';
import { addPlatformFormats } from '../../runtime/validation/ajvCompiler';

let validator: ValidatorType | undefined;

export function rjsfValidatorFor(_schema: RJSFSchema, _key?: string): ValidatorType {
  validator ??= customizeValidator({
    ajvOptionsOverrides: AJV_OPTIONS,
    // The platform's formats (money), as every other validator has them.
    extenderFn: addPlatformFormats,
  });
  return validator;
}
