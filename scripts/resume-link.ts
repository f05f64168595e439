/**
 * Mints a sign-in link for a claimant, for support staff:
 *
 *   npm run resume-link -- <uid or email>
 *
 * The link opens /login?token=<custom token>, which replaces the browser's session with
 * that claimant's and goes to /form/start/. Against the local emulators (the default when
 * FIREBASE_AUTH_EMULATOR_HOST is unset: 127.0.0.1:9099, which accepts unsigned tokens).
 * For a real project set GOOGLE_APPLICATION_CREDENTIALS (a service account that may sign
 * tokens), GCLOUD_PROJECT, RESUME_LINK_BASE_URL (the site's address) and
 * RESUME_LINK_USE_PROJECT=1. A custom token is valid for one hour.
 */
import { getAuth } from 'firebase-admin/auth';
import { EMULATOR_HOST, EMULATOR_PORTS, LOGIN_PATH } from '../src/runtime/constants';
import { adminApp } from './lib/adminApp';

const baseUrl = (
  process.env.RESUME_LINK_BASE_URL ?? `http://${EMULATOR_HOST}:${EMULATOR_PORTS.web}`
).replace(/\/$/, '');

async function main(): Promise<void> {
  const who = process.argv[2]?.trim();
  if (!who) {
    console.error('Usage: npm run resume-link -- <uid or email>');
    process.exit(2);
  }
  const auth = getAuth(adminApp());
  const user = who.includes('@') ? await auth.getUserByEmail(who) : await auth.getUser(who);
  const token = await auth.createCustomToken(user.uid);
  console.log(`${baseUrl}${LOGIN_PATH}?token=${encodeURIComponent(token)}`);
}

main().catch((error: unknown) => {
  const code = (error as { code?: string }).code;
  console.error(
    code === 'auth/user-not-found'
      ? `No user with that uid or email: ${process.argv[2]}`
      : error instanceof Error
        ? error.message
        : String(error),
  );
  process.exit(1);
});
