import { readFileSync } from 'node:fs';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, type DocumentData } from 'firebase-admin/firestore';
import type { Page } from '@playwright/test';

/** The local stack that `npm start` (or `npm run test:stack`) runs. */
export const PROJECT_ID = 'demo-vehicle-claims';
export const AUTH_EMULATOR_URL = 'http://127.0.0.1:9099';
export const FIRESTORE_EMULATOR_HOST = '127.0.0.1:8080';
export const GATEWAY_PATH = `/${PROJECT_ID}/europe-west2/gateway`;
export const GATEWAY_URL = `http://127.0.0.1:5001${GATEWAY_PATH}`;
const API_KEY = 'demo-api-key';

interface EmulatorAccount {
  localId: string;
}

/** Every uid the Auth emulator holds (accounts:batchGet, paged). */
export async function listAuthUids(): Promise<string[]> {
  const uids: string[] = [];
  let pageToken: string | undefined;
  do {
    const url = new URL(
      `${AUTH_EMULATOR_URL}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:batchGet`,
    );
    url.searchParams.set('maxResults', '1000');
    if (pageToken) url.searchParams.set('nextPageToken', pageToken);
    const response = await fetch(url, { headers: { Authorization: 'Bearer owner' } });
    if (!response.ok) throw new Error(`accounts:batchGet: HTTP ${response.status}`);
    const body = (await response.json()) as { users?: EmulatorAccount[]; nextPageToken?: string };
    uids.push(...(body.users ?? []).map((user) => user.localId));
    pageToken = body.users?.length ? body.nextPageToken : undefined;
  } while (pageToken);
  return uids;
}

/** A new anonymous user, signed up through the Auth emulator's REST API. */
export async function signUpAnonymously(): Promise<{ uid: string; idToken: string }> {
  const response = await fetch(
    `${AUTH_EMULATOR_URL}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${API_KEY}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ returnSecureToken: true }),
    },
  );
  if (!response.ok) throw new Error(`accounts:signUp: HTTP ${response.status}`);
  const body = (await response.json()) as { localId: string; idToken: string };
  return { uid: body.localId, idToken: body.idToken };
}

/** The Firestore emulator through firebase-admin (for seeding and reading what the server holds). */
export function firestore() {
  process.env.FIRESTORE_EMULATOR_HOST = FIRESTORE_EMULATOR_HOST;
  // No Google metadata server here: do not let the auth library go looking for one.
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  if (getApps().length === 0) initializeApp({ projectId: PROJECT_ID });
  return getFirestore();
}

/** Every claims document the user owns, read with firebase-admin from the Firestore emulator. */
export async function claimsOf(uid: string): Promise<DocumentData[]> {
  const snapshot = await firestore().collection('claims').where('userId', '==', uid).get();
  return snapshot.docs.map((doc) => doc.data());
}

/** The signed-in visitor's uid, as /examples/login shows it. Leaves the page there. */
export async function sessionUid(page: Page): Promise<string> {
  await page.goto('/examples/login');
  const uid = (await page.getByTestId('session-uid').textContent({ timeout: 15_000 })) ?? '';
  if (!uid.trim()) throw new Error('No uid shown on /examples/login');
  return uid.trim();
}

/** A JSON file of the project (a funnel or schema), so tests follow its labels. */
export function readProjectJson<T>(relativePath: string): T {
  return JSON.parse(
    readFileSync(new URL(`../../../${relativePath}`, import.meta.url), 'utf8'),
  ) as T;
}
