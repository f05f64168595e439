import type { ClaimSummary } from '../../types';

/**
 * A registration as DVLA stores it, and as claims store and compare it: upper case, with no
 * spaces (people type "ab12 cde").
 */
export function normaliseRegistration(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

/** The registration a page's answers hold (any funnel's `registrationNumber`), normalised. */
export function registrationOf(answers: Record<string, unknown> | undefined): string | null {
  const value = answers?.registrationNumber;
  if (typeof value !== 'string') return null;
  const normalised = normaliseRegistration(value);
  return normalised ? normalised : null;
}

/**
 * The claims among `otherClaims` (the list the gateway sends with a claim) that name the
 * registration the claimant typed, so a second claim for one vehicle is spotted without a
 * gateway call on Continue.
 */
export function claimsForVehicle(
  otherClaims: readonly ClaimSummary[],
  typed: string,
): ClaimSummary[] {
  const registration = normaliseRegistration(typed);
  return otherClaims.filter((claim) => claim.vehicleRegistration === registration);
}
