/**
 * Mints a sign-in link for a claimant, for support staff:
 *
 *   npm run resume-link -- <uid or email>
 *
 * The link opens /login?link=<token>: it works once, for 15 minutes, and signs the browser
 * in as that claimant (when the browser holds another claimant's claim in progress, the
 * page asks first). Only a digest of the token is stored. Against the local emulators by
 * default; for a real project set GOOGLE_APPLICATION_CREDENTIALS (a service account),
 * GCLOUD_PROJECT, RESUME_LINK_BASE_URL (the site's address) and RESUME_LINK_USE_PROJECT=1.
 */
import { pathToFileURL } from 'node:url';
import { getAuth } from 'firebase-admin/auth';
import { EMULATOR_HOST, EMULATOR_PORTS, LOGIN_PATH } from '../src/runtime/constants';
import { emailLinkRepository } from '../src/gateway/repositories/emailLinkRepository';
import { adminApp } from './lib/adminApp';

/** Makes a support link for the claimant with that uid or email; returns its address. */
export async function mintResumeLink(
  who: string,
  baseUrl = process.env.RESUME_LINK_BASE_URL ?? `http://${EMULATOR_HOST}:${EMULATOR_PORTS.web}`,
): Promise<string> {
  const auth = getAuth(adminApp());
  const user = who.includes('@') ? await auth.getUserByEmail(who) : await auth.getUser(who);
  const { token } = await emailLinkRepository.create({
    purpose: 'support',
    email: null,
    uid: user.uid,
    funnelId: null,
    requestId: null,
  });
  return `${baseUrl.replace(/\/$/, '')}${LOGIN_PATH}?link=${token}`;
}

async function main(): Promise<void> {
  const who = process.argv[2]?.trim();
  if (!who) {
    console.error('Usage: npm run resume-link -- <uid or email>');
    process.exit(2);
  }
  console.log(await mintResumeLink(who));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
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
}
