import { paths } from '../paths';

/** Only same-site paths are followed, so a crafted link or state cannot send a claimant away. */
export function safeRedirect(
  value: string | null | undefined,
  fallback: string = paths.yourClaims(),
): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : fallback;
}
