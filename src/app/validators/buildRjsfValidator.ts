/**
 * The browser build's RJSF validator: RJSF's precompiled validator functions per page schema,
 * made by scripts/vite-plugin-precompiled-validators.ts. Reached only through
 * `virtual:rjsf-validator` (see ./rjsf.ts), so only pages RJSF renders load it.
 */
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import rjsfValidators from 'virtual:precompiled-validators/rjsf';
import { rjsfValidatorKey } from '../../runtime/funnel/validatorKeys';
import { activeLocale, SITE_LOCALE } from '../locale/siteLocale';

const bySchema = new WeakMap<RJSFSchema, ValidatorType>();

/** @throws Error naming the schema when the build precompiled nothing for it. */
export function rjsfValidatorFor(schema: RJSFSchema): ValidatorType {
  let validator = bySchema.get(schema);
  if (!validator) {
    const schemaId = String(schema.$id);
    // The page as the claimant reads it: in another language, its own validators.
    const locale = activeLocale();
    const key = rjsfValidatorKey(schemaId, locale === SITE_LOCALE ? undefined : locale);
    const validateFns = Object.hasOwn(rjsfValidators, key) ? rjsfValidators[key] : undefined;
    if (!validateFns)
      throw new Error(`no precompiled RJSF validator for page schema "${schemaId}"`);
    // One per schema object, so RJSF keeps its schema utilities between renders.
    validator = createPrecompiledValidator(validateFns, schema);
    bySchema.set(schema, validator);
  }
  return validator;
}
