/**
 * The one AJV configuration of the platform, in a module that loads no AJV code: the
 * registry's compiler (ajvCompiler.ts), the build's precompiler and the browser's RJSF
 * validator (`customizeValidator({ ajvOptionsOverrides: AJV_OPTIONS })`) all take their
 * options from here, so a schema means the same thing everywhere.
 */
import type { Options } from 'ajv';

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
