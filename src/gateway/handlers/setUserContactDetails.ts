import { toE164UkMobile } from '../../runtime/claim';
import { adminAuth } from '../firebaseAdmin';
import { userRepository } from '../repositories/userRepository';
import type { Handler } from './handler';

/**
 * Stores the caller's phone number on their Auth user and their profile. Problems the
 * claimant can fix come back as `exception` (spec: the client throws it) rather than as an
 * error, and nothing is written when there is one.
 */
export const setUserContactDetails: Handler<'setUserContactDetails'> = async (data, context) => {
  const phoneNumber = toE164UkMobile(data.phoneNumber);
  if (!phoneNumber) {
    return { exception: 'Enter a UK mobile number, like 07700 900 982' };
  }
  try {
    await adminAuth().updateUser(context.uid, { phoneNumber });
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/phone-number-already-exists') {
      return { exception: 'This phone number is already used by another account' };
    }
    throw error;
  }
  await userRepository.save(context.uid, { phoneNumber });
  return { ok: true, phoneNumber };
};
