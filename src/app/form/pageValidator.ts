import { customizeValidator } from '@rjsf/validator-ajv8';
import { AJV_OPTIONS } from '../../runtime/ajvValidation';

/**
 * RJSF needs a validator to resolve conditional schemas (if/then, dependencies) while it
 * renders; it uses the platform's one AJV configuration. Claimant-facing validation is
 * done by the registry (the same code the gateway runs), not by RJSF.
 */
export const rjsfValidator = customizeValidator({ ajvOptionsOverrides: AJV_OPTIONS });
