/**
 * The provider-neutral address the claimant picks from, and how one is built from any
 * provider's lines, so both providers produce identical labels and ids.
 */
import { createHash } from 'node:crypto';
import type { AddressChoice } from '../../runtime/contract';

/**
 * One address offered for a postcode: the gateway contract's AddressChoice, so the browser and
 * the provider adapters share one shape. Optional fields are absent rather than undefined,
 * because Firestore refuses undefined values when results are cached.
 */
export type AddressOption = AddressChoice;

/** The pieces of an address as a provider gives them. */
interface AddressParts {
  /** The provider's own id, when it has one (e.g. Ideal Postcodes' UPRN). */
  providerId?: string;
  line1: string;
  /** Further lines before the town; blanks and repeats are dropped. */
  otherLines: readonly (string | undefined)[];
  townOrCity: string;
  postcode: string;
}

/** Keeps non-blank lines that have not appeared already (case-insensitively). */
function distinctLines(lines: readonly (string | undefined)[], seen: Set<string>): string[] {
  const kept: string[] = [];
  for (const line of lines) {
    const trimmed = line?.trim();
    if (!trimmed || seen.has(trimmed.toLowerCase())) continue;
    seen.add(trimmed.toLowerCase());
    kept.push(trimmed);
  }
  return kept;
}

/**
 * Builds the option the claimant sees. Without a provider id, the id is a short hash of
 * the address itself: getAddress.io gives none, and list positions change between calls.
 */
export function buildAddressOption(parts: AddressParts): AddressOption {
  const line1 = parts.line1.trim();
  const townOrCity = parts.townOrCity.trim();
  // Seed with line 1 and the town so neither is repeated in line 2.
  const seen = new Set([line1.toLowerCase(), townOrCity.toLowerCase()]);
  const line2 = distinctLines(parts.otherLines, seen).join(', ');
  const label = [line1, line2, townOrCity, parts.postcode].filter(Boolean).join(', ');
  const id =
    parts.providerId ?? `addr-${createHash('sha256').update(label).digest('hex').slice(0, 16)}`;
  return {
    id,
    line1,
    ...(line2 ? { line2 } : {}),
    townOrCity,
    postcode: parts.postcode,
    label,
  };
}
