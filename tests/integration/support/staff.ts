import { addStaff } from '../../../scripts/staff';
import {
  adminAuth,
  randomEmail,
  signInWithPassword,
  signUpWithEmail,
  type TestUser,
} from './emulators';

const PASSWORD = 'staff-member-password-1';

/** A staff member, made as `npm run staff -- add` makes one, signed in again so their token holds the role. */
export async function staffMember(): Promise<TestUser> {
  const email = randomEmail();
  await signUpWithEmail(email, PASSWORD);
  await addStaff(adminAuth(), email);
  return signInWithPassword(email, PASSWORD);
}
