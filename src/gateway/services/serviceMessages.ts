/**
 * Words the claimant reads when a lookup cannot help. Kept in one place so the gateway,
 * the pages and the tests agree on them exactly.
 */

/** Shown when vehicle lookup is not configured, keeps failing, or answers nonsense. */
export const VEHICLE_LOOKUP_UNAVAILABLE_MESSAGE =
  'Vehicle lookup is not available at the moment, so please enter your vehicle details yourself.';

/** Shown when address lookup is not configured, keeps failing, or answers nonsense. */
export const ADDRESS_LOOKUP_UNAVAILABLE_MESSAGE =
  'Address lookup is not available at the moment, so please enter your address yourself.';

/** Shown when the text entered cannot be a UK registration number. */
export const INVALID_REGISTRATION_MESSAGE =
  'Enter a real vehicle registration number, like AB12 CDE';

/** Shown when the text entered is not a full UK postcode (GOV.UK wording). */
export const INVALID_POSTCODE_MESSAGE = 'Enter a full UK postcode';

/** Shown when DVLA has no vehicle with this registration. */
export function vehicleNotFoundMessage(registration: string): string {
  return `We could not find a vehicle with registration ${registration}`;
}

/** Shown when the address provider has no addresses for this postcode. */
export function addressesNotFoundMessage(postcode: string): string {
  return `We could not find any addresses for ${postcode}`;
}
