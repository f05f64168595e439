/** Letters and digits a claimant cannot misread over the phone (no 0/O, 1/I/L, 5/S, 2/Z). */
const ALPHABET = 'ABCDEFGHJKMNPQRTUVWXY346789';

/**
 * A human-readable claim reference such as "VC-7K3M-9QXD": short enough to read out,
 * random enough (27^8 ≈ 2.8e11) that two claims do not share one in practice.
 * `randomValues` fills an array with random integers (crypto.getRandomValues); `prefix` is
 * the deployment's (site.json identity.referencePrefix).
 */
export function createClaimReference(
  randomValues: (array: Uint32Array) => Uint32Array,
  prefix = 'VC',
): string {
  const values = randomValues(new Uint32Array(8));
  const chars = Array.from(values, (value) => ALPHABET[value % ALPHABET.length]).join('');
  return `${prefix}-${chars.slice(0, 4)}-${chars.slice(4)}`;
}
