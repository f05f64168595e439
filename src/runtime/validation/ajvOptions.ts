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
 * - ownProperties: only an answer's own fields count, so `{}` does not satisfy
 *   `required: ["constructor"]` through Object.prototype.
 * `multipleOf` with a precision divides, and a quotient that overflows to Infinity would pass:
 * funnels:check refuses a `multipleOf` without finite `minimum` and `maximum` bounds.
 */
export const AJV_OPTIONS: Options = {
  allErrors: true,
  strict: false,
  multipleOfPrecision: 8,
  $data: true,
  ownProperties: true,
};
