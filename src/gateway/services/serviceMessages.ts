import { gatewayText } from '../gatewayText';
/**
 * Words the claimant reads when a lookup cannot help. Kept in one place so the gateway,
 * the pages and the tests agree on them exactly.
 */

/** Shown when vehicle lookup is not configured, keeps failing, or answers nonsense. */
export const VEHICLE_LOOKUP_UNAVAILABLE_MESSAGE = gatewayText('lookup.vehicleUnavailable');

/** Shown when address lookup is not configured, keeps failing, or answers nonsense. */
export const ADDRESS_LOOKUP_UNAVAILABLE_MESSAGE = gatewayText('lookup.addressUnavailable');

/** Shown when the text entered cannot be a UK registration number. */
export const INVALID_REGISTRATION_MESSAGE = gatewayText('lookup.registrationInvalid');

/** Shown when the text entered is not a full UK postcode (GOV.UK wording). */
export const INVALID_POSTCODE_MESSAGE = gatewayText('lookup.postcodeInvalid');

/** Shown when DVLA has no vehicle with this registration. */
export function vehicleNotFoundMessage(registration: string): string {
  return gatewayText('lookup.vehicleNotFound', { registration });
}

/** Shown when the address provider has no addresses for this postcode. */
export function addressesNotFoundMessage(postcode: string): string {
  return gatewayText('lookup.addressesNotFound', { postcode });
}
