const UK_MOBILE = /^(?:\+44|0044|0)7\d{9}$/;

/**
 * Normalises a UK mobile number as claimants type it ("07700 900123", "+44 7700 900123")
 * to E.164 ("+447700900123"), the form Firebase Auth stores. Returns null when the input
 * is not a UK mobile number.
 */
export function toE164UkMobile(input: string): string | null {
  const compact = input.replace(/[\s()-]/g, '');
  if (!UK_MOBILE.test(compact)) return null;
  return `+44${compact.replace(/^(?:\+44|0044|0)/, '')}`;
}
