/**
 * This browser's secret for the single-use links it asks the gateway to email (sign in, come
 * back later, confirm an address, a new claim link). The gateway keeps a digest of it with
 * each link, so a link opened in the browser that asked for it goes straight on, and one
 * opened anywhere else first asks for the address it was sent to (the rule Firebase's own
 * email-link sign-in follows). It is kept in localStorage, not sent anywhere but the gateway,
 * and never shown.
 */
const STORAGE_KEY = 'linkRequester';
const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** 32 random bytes, base64url (43 characters, as the gateway's schema takes it). */
function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * The secret, made on first use. Where storage is blocked or full, a fresh one for this call:
 * its link then asks for the address when opened, as anywhere else would.
 */
export function linkRequester(storage: Storage | null = globalThis.localStorage ?? null): string {
  try {
    const kept = storage?.getItem(STORAGE_KEY);
    if (kept && SECRET_PATTERN.test(kept)) return kept;
    const secret = newSecret();
    storage?.setItem(STORAGE_KEY, secret);
    return secret;
  } catch {
    return newSecret();
  }
}
