/**
 * What the benches that play many claimants over HTTP share: the failure of one call, with
 * whether a browser would send it again, and the client address each claimant comes from.
 */
import { randomInt } from 'node:crypto';

/** A call that failed, and whether the browser would send it again (anything but a refusal). */
export class CallFailed extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

/** A fresh address from the IPv6 documentation range: never a real client. */
export function documentationAddress(): string {
  const group = () => randomInt(0x10000).toString(16);
  return `2001:db8:${group()}:${group()}::${group()}`;
}
