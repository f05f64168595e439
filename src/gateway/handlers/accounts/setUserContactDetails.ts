import { toE164UkMobile } from '../../../runtime/claim';
import { userRepository } from '../../repositories/userRepository';
import type { Handler } from '../handler';
import { gatewayText } from '../../gatewayText';

/**
 * Stores the caller's mobile number on their profile as contact data. It is not put on the
 * Auth account: a number there is a sign-in method and must be proved by a code sent to it,
 * or anyone could take a stranger's number first and lock them out. So another account
 * holding the number never blocks this one, and the answer says nothing about who else has
 * it. Problems the claimant can fix come back as `exception` (the client throws it),
 * and nothing is written when there is one. Dispatch throttles it (quotas.ts).
 */
export const setUserContactDetails: Handler<'setUserContactDetails'> = async (data, context) => {
  const phoneNumber = toE164UkMobile(data.phoneNumber);
  if (!phoneNumber) {
    return { exception: gatewayText('contact.mobileInvalidExample') };
  }
  await userRepository.save(context.uid, { phoneNumber });
  return { ok: true, phoneNumber };
};
