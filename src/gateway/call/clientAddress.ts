import { createHmac } from 'node:crypto';

interface RawRequestLike {
  ip?: string;
  headers?: Record<string, string | string[] | undefined>;
}

function forwardedFor(headers: RawRequestLike['headers']): string[] {
  const raw = headers?.['x-forwarded-for'];
  const joined = Array.isArray(raw) ? raw.join(',') : (raw ?? '');
  return joined
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * The caller's IP address. Express's `req.ip` (with the `trust proxy` the Functions framework
 * sets) is the *leftmost* X-Forwarded-For entry, which any client can write. Google's front
 * end puts the address it saw at the *right* of the list, so that is the one trusted;
 * `trustedProxyHops` skips proxies of our own in front of it (a CDN or load balancer).
 */
export function clientAddress(
  rawRequest: RawRequestLike | undefined,
  trustedProxyHops: number,
  fallback: string | null,
): string | null {
  const hops = forwardedFor(rawRequest?.headers);
  const fromRight = hops[hops.length - 1 - trustedProxyHops];
  if (fromRight && fromRight.length <= 64) return fromRight;
  return rawRequest?.ip ?? fallback;
}

/**
 * A keyed digest of the address, for quota counters: the same address always gives the same
 * key, but the stored key does not give the address back (an IPv4 address is too short a
 * secret for a plain hash).
 */
export function addressDigest(address: string, secret: string): string {
  return createHmac('sha256', secret).update(address).digest('base64url').slice(0, 22);
}
