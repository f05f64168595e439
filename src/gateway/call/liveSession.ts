import type { CallableRequest } from 'firebase-functions/v2/https';
import type { GatewayFunctionName } from '../../runtime/contract';
import { sessionEnded } from './errors';
import { adminAuth } from '../infra/firebaseAdmin';
import { logs } from '../infra/logs';
import { errorCodeOf } from '../../runtime/contract';

/**
 * Refuses any call, read or write, whose caller was deleted, disabled or had their sessions
 * revoked, whatever sign-in method the token names: the callable protocol checks an ID
 * token's signature and expiry only, so a token minted before an account takeover (an
 * anonymous-flavoured one from before the address was linked included) could otherwise keep
 * reading the claims moved into the account for up to an hour. A token
 * minted before the revocation is refused; one minted after it is not, even when it carries
 * an older sign-in time (Firebase mints such tokens itself after an email or password
 * change, which revokes the sessions it does not hand a new token to), so the claimant who
 * made the change carries on while every other device is signed out.
 */
export async function requireLiveSession(
  request: CallableRequest<unknown>,
  functionName: GatewayFunctionName,
): Promise<void> {
  if (!request.auth) return;
  // The callable protocol has verified the token's signature and expiry already; what it
  // does not know is whether the user was deleted, disabled or revoked since.
  const token = request.auth.token;
  let reason: string | null = null;
  try {
    const user = await adminAuth().getUser(request.auth.uid);
    const validSince = user.tokensValidAfterTime ? Date.parse(user.tokensValidAfterTime) : 0;
    if (user.disabled) reason = 'disabled';
    else if (token.iat * 1000 < validSince) reason = 'revoked';
  } catch (error) {
    reason = errorCodeOf(error) ?? 'unverifiable';
  }
  if (reason) {
    logs.callRejected(functionName, `session not live: ${reason}`);
    throw sessionEnded();
  }
}
