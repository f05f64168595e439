/**
 * UK vehicle registration numbers: tidying what the claimant typed, and rejecting text that
 * cannot be a registration before it costs a DVLA call.
 */

export { normaliseRegistration } from './vehicleRegistration';

/**
 * The formats issued in Great Britain and Northern Ireland, on normalised input. Kept
 * generous (no banned-letter rules): DVLA answers 404 for anything not issued, and
 * refusing a real plate would be worse than one wasted call.
 */
const REGISTRATION_FORMATS: readonly RegExp[] = [
  /^[A-Z]{2}[0-9]{2}[A-Z]{3}$/, // current, since 2001: AB12CDE
  /^[A-Z][0-9]{1,3}[A-Z]{3}$/, // prefix, 1983–2001: A123BCD
  /^[A-Z]{3}[0-9]{1,3}[A-Z]$/, // suffix, 1963–1983: ABC123D
  /^[A-Z]{1,4}[0-9]{1,4}$/, // dateless, and Northern Ireland: ABZ1234
  /^[0-9]{1,4}[A-Z]{1,4}$/, // dateless reversed, and Northern Ireland: 1234ABZ
];

/** No UK registration is longer than seven characters. */
const MAX_REGISTRATION_LENGTH = 7;

/**
 * True when `registration` (already normalised, see {@link normaliseRegistration}) has the
 * shape of a current, prefix, suffix, dateless or Northern Ireland registration.
 */
export function isValidUkRegistration(registration: string): boolean {
  return (
    registration.length <= MAX_REGISTRATION_LENGTH &&
    REGISTRATION_FORMATS.some((format) => format.test(registration))
  );
}
