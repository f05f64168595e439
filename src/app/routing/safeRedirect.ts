import { paths } from '../paths';

/** Any origin of ours would do: a path is resolved against it only to see where it leads. */
const HERE = 'https://this-site.invalid';

/**
 * Only same-site paths are followed, so a crafted link or state cannot send a claimant away.
 * The path is resolved as the browser would: `/\evil.example`, which a browser reads as another
 * site, is refused too.
 */
export function safeRedirect(
  value: string | null | undefined,
  fallback: string = paths.yourClaims(),
): string {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return fallback;
  try {
    const url = new URL(value, HERE);
    return url.origin === HERE ? `${url.pathname}${url.search}${url.hash}` : fallback;
  } catch {
    return fallback;
  }
}

/** Whether a requested redirect was refused (and the fallback used instead). */
export function isRefusedRedirect(value: string | null | undefined): boolean {
  return Boolean(value) && safeRedirect(value, '') === '';
}
