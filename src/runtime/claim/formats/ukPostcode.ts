/**
 * UK postcodes: tidying what the claimant typed, and rejecting text that is not a full
 * postcode before it costs an address-provider call.
 */

import commonSchema from '../../../../schemas/common.schema.json';

/**
 * A full postcode, as the page schemas define it (`common#/definitions/ukPostcode`, the
 * GOV.UK/BS 7666 shape): one definition, so a postcode the form accepts is one the address
 * lookup accepts. Whether the postcode exists is for the provider to say. Made when asked
 * for, not when the module loads: every question page tidies postcodes (normaliseUkPostcode)
 * and would otherwise carry the whole schema file.
 */
const fullPostcode = () => new RegExp(commonSchema.definitions.ukPostcode.pattern);

/**
 * The postcode in its written form: upper case, one space before the last three characters
 * ("sw1a2aa" and " SW1A  2AA" become "SW1A 2AA"). Text too short to be a postcode is only
 * upper-cased and stripped of spaces, so validation still rejects it.
 */
export function normaliseUkPostcode(input: string): string {
  const compact = input.replace(/\s+/g, '').toUpperCase();
  if (compact.length < 5) return compact;
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

/** True when `postcode`, as returned by {@link normaliseUkPostcode}, is a full UK postcode. */
export function isValidUkPostcode(postcode: string): boolean {
  return fullPostcode().test(postcode);
}

/** The postcode without its space ("SW1A2AA"), as used in provider URLs and cache keys. */
export function compactPostcode(postcode: string): string {
  return postcode.replace(/\s+/g, '').toUpperCase();
}
