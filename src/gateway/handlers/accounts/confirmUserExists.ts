import { toE164UkMobile } from '../../../runtime/claim';
import { invalidArgument } from '../../call/errors';
import { adminAuth } from '../../infra/firebaseAdmin';
import type { Handler } from '../handler';
import { gatewayText } from '../../gatewayText';
import { errorCodeOf } from '../../../runtime/contract';

async function uidOf(lookup: () => Promise<{ uid: string }>): Promise<string | null> {
  try {
    return (await lookup()).uid;
  } catch (error) {
    if (errorCodeOf(error) === 'auth/user-not-found') return null;
    throw error;
  }
}

/**
 * Tells the start page whether the claimant typed the email *and* mobile number of another
 * account, so it can offer sign-in instead of a duplicate registration. It answers yes only
 * when both belong to one account: knowing an email alone, or a number alone, learns nothing.
 * Dispatch limits it per caller, per client address and across the project (quotas.ts), so
 * new anonymous sessions do not buy more questions.
 */
export const confirmUserExists: Handler<'confirmUserExists'> = async (data, context) => {
  const phone = toE164UkMobile(data.phoneNumber);
  if (!phone) {
    throw invalidArgument(gatewayText('contact.mobileInvalid'), [
      { field: 'data.phoneNumber', message: 'must be a UK mobile number, like 07700 900 982' },
    ]);
  }
  const auth = adminAuth();
  const [byEmail, byPhone] = await Promise.all([
    uidOf(() => auth.getUserByEmail(data.email)),
    uidOf(() => auth.getUserByPhoneNumber(phone)),
  ]);
  const accountExists = byEmail !== null && byEmail === byPhone && byEmail !== context.uid;
  return { checked: true, accountExists };
};
