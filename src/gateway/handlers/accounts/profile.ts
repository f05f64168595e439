import { userRepository } from '../../repositories/userRepository';
import type { Handler } from '../handler';

/** The caller's own profile, or null when none is stored yet (the browser then uses a blank one). */
export const getProfile: Handler<'getProfile'> = async (_data, context) => ({
  profile: await userRepository.find(context.uid),
});

export const saveProfile: Handler<'saveProfile'> = async (data, context) => ({
  profile: await userRepository.save(context.uid, data),
});
