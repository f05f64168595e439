import type { DecodedIdToken } from 'firebase-admin/auth';
import { STAFF_CLAIM } from '../../runtime/constants';
import { findAuthUser } from '../infra/authUsers';
import { permissionDenied } from './errors';
import { gatewayText } from '../gatewayText';

const STAFF_ONLY_MESSAGE = gatewayText('call.staffOnly');

/**
 * Lets a staff function run only for an account that holds the staff role now: the ID token
 * must carry the `staff` custom claim, and so must the account itself, so a role taken away
 * with `npm run staff -- remove` stops working at once, not when the token expires. (The
 * second read also keeps the check in code where the Functions emulator does not verify
 * tokens.)
 * @throws HttpsError permission-denied, before anything is read for the call or written.
 */
export async function requireStaff(uid: string, token: DecodedIdToken): Promise<void> {
  if (token[STAFF_CLAIM] !== true) throw permissionDenied(STAFF_ONLY_MESSAGE);
  const account = await findAuthUser(uid);
  if (account?.customClaims?.[STAFF_CLAIM] !== true) throw permissionDenied(STAFF_ONLY_MESSAGE);
}
