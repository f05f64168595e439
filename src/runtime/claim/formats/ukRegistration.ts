/**
 * UK vehicle registration numbers: tidying what the claimant typed, and rejecting text that
 * cannot be a registration before it costs a DVLA call.
 */

import commonSchema from '../../../../schemas/common.schema.json';

/**
 * The registration formats the page schemas accept (`common#/definitions/vehicleRegistration`:
 * current, prefix, suffix, dateless and Northern Ireland): one definition, so a registration
 * the form accepts is one the DVLA lookup accepts. Kept generous (no banned-letter rules):
 * DVLA answers 404 for anything not issued, and refusing a real plate would be worse than
 * one wasted call. Made when asked for, not when the module loads (see ukPostcode.ts).
 */
const registrationFormat = () => new RegExp(commonSchema.definitions.vehicleRegistration.pattern);

/** No UK registration is longer than seven characters. */
const MAX_REGISTRATION_LENGTH = 7;

/**
 * True when `registration` (already normalised, see {@link normaliseRegistration}) has the
 * shape of a current, prefix, suffix, dateless or Northern Ireland registration.
 */
export function isValidUkRegistration(registration: string): boolean {
  return registration.length <= MAX_REGISTRATION_LENGTH && registrationFormat().test(registration);
}
