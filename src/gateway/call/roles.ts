import type { DecodedIdToken } from 'firebase-admin/auth';
import type { GatewayRole } from '../../runtime/contract';
import { permissionDenied } from './errors';
import { requireStaff } from './staffRole';
import { gatewayText } from '../gatewayText';

const REGISTERED_ONLY_MESSAGE = gatewayText('call.registeredOnly');

/**
 * Lets a call through only when its caller holds the function's role (the contract's
 * gatewayFunctionRoles). The callable protocol has already refused a caller with no session.
 * @throws HttpsError permission-denied, before the payload is read or anything written.
 */
export async function requireRole(
  role: GatewayRole,
  uid: string,
  token: DecodedIdToken,
): Promise<void> {
  switch (role) {
    case 'signed-in':
      return;
    case 'registered':
      if (token.firebase.sign_in_provider === 'anonymous') {
        throw permissionDenied(REGISTERED_ONLY_MESSAGE);
      }
      return;
    case 'staff':
      return requireStaff(uid, token);
  }
}
