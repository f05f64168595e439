import { toE164UkMobile } from '../../runtime/claim';
import { resourceExhausted } from '../errors';
import { adminAuth } from '../firebaseAdmin';
import { logs } from '../logs';
import { consumeRateLimit } from '../repositories/rateLimitRepository';
import type { Handler } from './handler';

async function uidOf(lookup: () => Promise<{ uid: string }>): Promise<string | null> {
  try {
    return (await lookup()).uid;
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') return null;
    throw error;
  }
}

/**
 * Tells the start page whether the email or phone number a claimant typed already belongs
 * to another account, so it can offer sign-in instead of a duplicate registration. It is
 * rate-limited per caller and answers one yes/no for the pair, never which one matched, so
 * it is no use as an account-enumeration oracle.
 */
export const confirmUserExists: Handler<'confirmUserExists'> = async (data, context) => {
  const allowed = await consumeRateLimit(
    'confirmUserExists',
    context.uid,
    context.config.confirmUserExistsLimit,
  );
  if (!allowed) {
    logs.rateLimited('confirmUserExists', context.uid);
    throw resourceExhausted('Too many checks. Please wait a while and try again.');
  }
  const auth = adminAuth();
  const phone = toE164UkMobile(data.phoneNumber);
  const [byEmail, byPhone] = await Promise.all([
    uidOf(() => auth.getUserByEmail(data.email)),
    phone ? uidOf(() => auth.getUserByPhoneNumber(phone)) : Promise.resolve(null),
  ]);
  const accountExists = [byEmail, byPhone].some((uid) => uid !== null && uid !== context.uid);
  return { checked: true, accountExists };
};
