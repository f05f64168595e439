/**
 * Grants and removes the staff role (the `staff` custom claim of Firebase Auth):
 *
 *   npm run staff -- add <email>      an account without one is created, and the way to sign
 *                                     in is printed (a temporary password locally, a
 *                                     password-setting link on a real project)
 *   npm run staff -- remove <email>   the role goes, and the person's sessions end now
 *   npm run staff -- list
 *
 * Against the local emulators by default; a real project with the variables of resume-link
 * (RESUME_LINK_USE_PROJECT=1, GOOGLE_APPLICATION_CREDENTIALS, GCLOUD_PROJECT).
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { getAuth, type Auth, type UserRecord } from 'firebase-admin/auth';
import { STAFF_CLAIM } from '../src/runtime/constants';
import { adminApp, usesRealProject } from './lib/adminApp';

const USAGE = 'usage: npm run staff -- add <email> | remove <email> | list';

async function userByEmail(auth: Auth, email: string): Promise<UserRecord | null> {
  try {
    return await auth.getUserByEmail(email);
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') return null;
    throw error;
  }
}

/** Gives the account the staff role, creating it when there is none; returns what to tell them. */
export async function addStaff(auth: Auth, email: string): Promise<string[]> {
  const lines: string[] = [];
  let user = await userByEmail(auth, email);
  if (!user) {
    if (usesRealProject) {
      user = await auth.createUser({ email });
      lines.push(`Created ${email}. Send them this link to set a password:`);
      lines.push(await auth.generatePasswordResetLink(email));
    } else {
      const password = randomBytes(12).toString('base64url');
      user = await auth.createUser({ email, password, emailVerified: true });
      lines.push(`Created ${email} with the temporary password: ${password}`);
    }
  }
  await auth.setCustomUserClaims(user.uid, { ...user.customClaims, [STAFF_CLAIM]: true });
  lines.push(`${email} is staff. They sign in at /login and open /staff.`);
  return lines;
}

/** Takes the staff role away and signs the person out everywhere. */
export async function removeStaff(auth: Auth, email: string): Promise<string[]> {
  const user = await userByEmail(auth, email);
  if (!user) throw new Error(`No account with the email ${email}`);
  const { [STAFF_CLAIM]: _removed, ...others } = user.customClaims ?? {};
  await auth.setCustomUserClaims(user.uid, others);
  await auth.revokeRefreshTokens(user.uid);
  return [`${email} is no longer staff; their sessions have ended.`];
}

export async function listStaff(auth: Auth): Promise<string[]> {
  const emails: string[] = [];
  let pageToken: string | undefined;
  do {
    const page = await auth.listUsers(1000, pageToken);
    for (const user of page.users) {
      if (user.customClaims?.[STAFF_CLAIM] === true) emails.push(user.email ?? user.uid);
    }
    pageToken = page.pageToken;
  } while (pageToken);
  return emails.length > 0 ? emails.sort() : ['No staff accounts.'];
}

async function main(args: string[]): Promise<number> {
  const [command, email, ...rest] = args;
  const needsEmail = command === 'add' || command === 'remove';
  if (rest.length > 0 || (needsEmail ? !email?.includes('@') : command !== 'list' || email)) {
    console.error(USAGE);
    return 2;
  }
  const auth = getAuth(adminApp());
  try {
    const lines =
      command === 'add'
        ? await addStaff(auth, email!.trim().toLowerCase())
        : command === 'remove'
          ? await removeStaff(auth, email!.trim().toLowerCase())
          : await listStaff(auth);
    for (const line of lines) console.log(line);
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
