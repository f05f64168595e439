import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_PROJECT_ID, EMULATOR_HOST, EMULATOR_PORTS } from '../../../src/runtime/constants';
import {
  anonymousAccountsIn,
  restoreAnonymousSessions,
} from '../../../scripts/stack/anonymousSessions';
import { signUpAnonymous } from '../support/emulators';

const AUTH_URL = `http://${EMULATOR_HOST}:${EMULATOR_PORTS.auth}`;

/** An Auth emulator export folder holding `users`, as firebase-tools writes it. */
function exportFolder(users: object[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'auth-export-'));
  mkdirSync(join(dir, 'auth_export'));
  writeFileSync(join(dir, 'auth_export', 'accounts.json'), JSON.stringify({ kind: 'x', users }));
  return dir;
}

/** What the Firebase SDK asks on start-up: is this ID token still good? */
async function lookup(idToken: string) {
  const reply = await fetch(
    `${AUTH_URL}/identitytoolkit.googleapis.com/v1/accounts:lookup?key=fake-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ idToken }),
    },
  );
  return { status: reply.status, body: (await reply.json()) as { error?: { message: string } } };
}

describe('local stack restart: anonymous sessions survive', () => {
  it('finds only anonymous accounts in an export', () => {
    const dir = exportFolder([
      { localId: 'anon' },
      { localId: 'withEmail', email: 'a@example.com' },
      { localId: 'withPassword', passwordHash: 'x' },
      { localId: 'withPhone', phoneNumber: '+447700900123' },
      { localId: 'withProvider', providerUserInfo: [{ providerId: 'password' }] },
    ]);
    expect(anonymousAccountsIn(dir).map((user) => user.localId)).toEqual(['anon']);
    expect(anonymousAccountsIn(join(dir, 'missing'))).toEqual([]);
  });

  it('keeps an ID token issued before the restart valid, with the same uid', async () => {
    const user = await signUpAnonymous();
    // What firebase-tools' import does: the account is created again with validSince = now,
    // so the earlier token is refused as expired.
    const base = `${AUTH_URL}/identitytoolkit.googleapis.com/v1/projects/${DEMO_PROJECT_ID}`;
    const headers = { authorization: 'Bearer owner', 'content-type': 'application/json' };
    await fetch(`${base}/accounts:delete`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ localId: user.uid }),
    });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await fetch(`${base}/accounts:batchCreate`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ users: [{ localId: user.uid }] }),
    });
    expect((await lookup(user.idToken)).body.error?.message).toBe('TOKEN_EXPIRED');

    const restored = await restoreAnonymousSessions(
      AUTH_URL,
      DEMO_PROJECT_ID,
      exportFolder([{ localId: user.uid }]),
      () => {},
    );
    expect(restored).toBe(1);
    const after = await lookup(user.idToken);
    expect(after.status).toBe(200);
    expect(JSON.stringify(after.body)).toContain(user.uid);
  });
});
