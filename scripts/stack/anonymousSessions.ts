import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ExportedAccount {
  localId: string;
  email?: string;
  phoneNumber?: string;
  providerUserInfo?: unknown[];
  passwordHash?: string;
  customAttributes?: string;
  createdAt?: string;
}

/** Anonymous accounts (no email, phone, password or provider) among the Auth emulator's export. */
export function anonymousAccountsIn(authDir: string): ExportedAccount[] {
  const file = join(authDir, 'auth_export', 'accounts.json');
  if (!existsSync(file)) return [];
  const { users = [] } = JSON.parse(readFileSync(file, 'utf8')) as { users?: ExportedAccount[] };
  return users.filter(
    (user) =>
      !user.email &&
      !user.phoneNumber &&
      !user.passwordHash &&
      (user.providerUserInfo?.length ?? 0) === 0,
  );
}

/**
 * Lets anonymous claimants' browsers keep their sessions across a restart of the local
 * stack. firebase-tools imports accounts with `validSince` set to the import time, so every
 * ID token issued before the restart counts as revoked and the Firebase SDK signs that
 * browser out: an anonymous claimant would lose the way back to their answers. Each imported
 * anonymous account is created again with the same uid through the emulator's admin sign-up,
 * which sets no `validSince`. Accounts with an email or password are left as imported: their
 * owners can sign in again.
 */
export async function restoreAnonymousSessions(
  authUrl: string,
  projectId: string,
  authDir: string,
  log: (line: string) => void,
): Promise<number> {
  const base = `${authUrl}/identitytoolkit.googleapis.com/v1/projects/${projectId}`;
  const headers = { authorization: 'Bearer owner', 'content-type': 'application/json' };
  let restored = 0;
  for (const account of anonymousAccountsIn(authDir)) {
    const removed = await fetch(`${base}/accounts:delete`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ localId: account.localId }),
    });
    const created = await fetch(`${base}/accounts`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ localId: account.localId }),
    });
    if (!removed.ok || !created.ok) {
      log(
        `[auth-restore] Could not restore anonymous session ${account.localId}: ${created.status} ${await created.text()}`,
      );
      continue;
    }
    if (account.customAttributes) {
      await fetch(`${base}/accounts:update`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          localId: account.localId,
          customAttributes: account.customAttributes,
        }),
      });
    }
    restored += 1;
  }
  return restored;
}
