/**
 * Talks to the running local stack (`npm start`, or the stack `npm run test:stack` starts):
 * the Auth emulator for fresh users, the gateway over the callable protocol, and Firestore
 * through firebase-admin to check what a call wrote (or did not write).
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import {
  DEMO_PROJECT_ID,
  EMULATOR_HOST,
  EMULATOR_PORTS,
  FUNCTIONS_REGION,
  GATEWAY_FUNCTION_NAME,
} from '../../../src/runtime/constants';

const authOrigin = `http://${EMULATOR_HOST}:${EMULATOR_PORTS.auth}`;

export const GATEWAY_URL = `http://${EMULATOR_HOST}:${EMULATOR_PORTS.functions}/${DEMO_PROJECT_ID}/${FUNCTIONS_REGION}/${GATEWAY_FUNCTION_NAME}`;

// firebase-admin reads these when a service is first used; set them before anything else.
process.env.FIRESTORE_EMULATOR_HOST ??= `${EMULATOR_HOST}:${EMULATOR_PORTS.firestore}`;
process.env.FIREBASE_AUTH_EMULATOR_HOST ??= `${EMULATOR_HOST}:${EMULATOR_PORTS.auth}`;
// The gateway's code run in a test (the retention job) reaches the Storage emulator too.
process.env.FIREBASE_STORAGE_EMULATOR_HOST ??= `${EMULATOR_HOST}:${EMULATOR_PORTS.storage}`;
process.env.STORAGE_EMULATOR_HOST ??= `http://${EMULATOR_HOST}:${EMULATOR_PORTS.storage}`;
// Otherwise google-auth probes for a GCP metadata server this machine does not have.
process.env.METADATA_SERVER_DETECTION ??= 'none';

const ADMIN_APP_NAME = 'gateway-integration-tests';

function adminApp(): App {
  return (
    getApps().find((app) => app.name === ADMIN_APP_NAME) ??
    initializeApp({ projectId: DEMO_PROJECT_ID }, ADMIN_APP_NAME)
  );
}

/** Firestore (the Node emulator on 8080) as the gateway sees it. */
export function db(): Firestore {
  return getFirestore(adminApp());
}

/** The Auth emulator through firebase-admin. */
export function adminAuth(): Auth {
  return getAuth(adminApp());
}

export interface TestUser {
  uid: string;
  idToken: string;
  email?: string;
  /**
   * The IP address the user's calls come from (sent as X-Forwarded-For, as Google's front end
   * does). Each new user gets one of its own, so per-address quotas count a test's own calls
   * only; a test of those quotas gives several users one address.
   */
  address?: string;
}

/** A fresh address from the IPv6 documentation range (2001:db8::/32): never a real client. */
export function randomAddress(): string {
  const group = () => randomInt(0x10000).toString(16);
  return `2001:db8:${group()}:${group()}::${group()}`;
}

async function signUp(body: Record<string, unknown>): Promise<TestUser> {
  const response = await fetch(
    `${authOrigin}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...body, returnSecureToken: true }),
    },
  );
  const json = (await response.json()) as { idToken?: string; localId?: string };
  if (!response.ok || !json.idToken || !json.localId) {
    throw new Error(`Auth emulator sign-up failed (${response.status}): ${JSON.stringify(json)}`);
  }
  return { uid: json.localId, idToken: json.idToken, address: randomAddress() };
}

/**
 * The key the gateway on the stack counts emails per recipient by (its config's
 * addressSecret: QUOTA_ADDRESS_SECRET, else the emulators' project id), for code a test runs
 * in-process that must count on the same counter.
 */
export function gatewayAddressSecret(): string {
  return process.env.QUOTA_ADDRESS_SECRET || DEMO_PROJECT_ID;
}

/** A new anonymous user, as a claimant's first visit creates. */
export function signUpAnonymous(): Promise<TestUser> {
  return signUp({});
}

/** A new email/password user. */
export async function signUpWithEmail(email: string, password: string): Promise<TestUser> {
  return { ...(await signUp({ email, password })), email };
}

/** Signs in with a custom token, as the browser does with the one a redeemed link answers. */
export async function signInWithCustomToken(token: string): Promise<TestUser> {
  const response = await fetch(
    `${authOrigin}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token, returnSecureToken: true }),
    },
  );
  const json = (await response.json()) as { idToken?: string; localId?: string };
  if (!response.ok || !json.idToken) {
    throw new Error(`Custom-token sign-in failed (${response.status}): ${JSON.stringify(json)}`);
  }
  const uid = JSON.parse(Buffer.from(json.idToken.split('.')[1]!, 'base64url').toString())
    .user_id as string;
  return { uid, idToken: json.idToken, address: randomAddress() };
}

/**
 * The token of the newest link the gateway emailed to `email` (the `mail` document's
 * text holds the link), once it is there. `event` is the template: sign-in-link,
 * save-and-return-link or confirm-email.
 */
export async function emailedLinkToken(email: string, event: string): Promise<string> {
  const to = email.trim().toLowerCase();
  for (let tries = 0; tries < 50; tries += 1) {
    const snapshot = await db().collection('mail').where('to', '==', to).get();
    const newest = snapshot.docs
      .map((doc) => doc.data())
      .filter((mail) => mail.event === event)
      .sort((a, b) => b.createdAt.toMillis() - a.createdAt.toMillis())[0];
    const link = /[?&]link=([A-Za-z0-9_-]+)/.exec(String(newest?.message?.text ?? ''))?.[1];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No ${event} email to ${email}`);
}

/** A browser's secret for the links it asks for (platform/browserStorage/linkRequester.ts). */
export function newRequester(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Redeems a link as `caller` and signs in with the session it answers; `opener` is what the
 * browser sends with it (its requester secret, the address typed, its yes).
 */
export async function redeemAndSignIn(
  caller: TestUser,
  token: string,
  opener: { requester?: string; email?: string; confirmed?: boolean } = {},
): Promise<{ user: TestUser; result: Record<string, unknown> }> {
  const reply = await callFunction<{ signInToken: string | null }>(caller, 'redeemEmailLink', {
    token,
    ...opener,
  });
  if (reply.status !== 200 || !reply.json.result) {
    throw new Error(`redeemEmailLink failed ${reply.status}: ${JSON.stringify(reply.json)}`);
  }
  const result = reply.json.result as { signInToken: string | null } & Record<string, unknown>;
  const user = result.signInToken ? await signInWithCustomToken(result.signInToken) : caller;
  return { user, result };
}

/**
 * Signs in with an emailed sign-in link, as a browser opening it where it asked for it does:
 * an anonymous session asks the gateway for the link, and redeems the token from the email.
 */
export async function signInWithEmailLink(email: string): Promise<TestUser> {
  const browser = await signUpAnonymous();
  const requester = newRequester();
  const sent = await callFunction(browser, 'requestSignInLink', { email, requester });
  if (sent.status !== 200) throw new Error(`requestSignInLink: ${JSON.stringify(sent.json)}`);
  const { user } = await redeemAndSignIn(browser, await emailedLinkToken(email, 'sign-in-link'), {
    requester,
  });
  return { ...user, email };
}

/**
 * A registered account whose address is proved: signs up with a password, asks for the
 * confirm-your-address email, and opens its link in the browser that asked (which signs
 * nobody in and keeps the password).
 */
export async function signUpProved(email: string, password: string): Promise<TestUser> {
  const account = await signUpWithEmail(email, password);
  const requester = newRequester();
  const asked = await callFunction(account, 'requestEmailProof', { requester });
  if (asked.status !== 200) throw new Error(`requestEmailProof: ${JSON.stringify(asked.json)}`);
  await redeemAndSignIn(account, await emailedLinkToken(email, 'confirm-email'), { requester });
  return account;
}

/** Signs in an email/password account again: a new ID token, with its current custom claims. */
export async function signInWithPassword(email: string, password: string): Promise<TestUser> {
  const response = await fetch(
    `${authOrigin}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const json = (await response.json()) as { idToken?: string; localId?: string };
  if (!response.ok || !json.idToken || !json.localId) {
    throw new Error(`Auth emulator sign-in failed (${response.status}): ${JSON.stringify(json)}`);
  }
  return { uid: json.localId, idToken: json.idToken, email, address: randomAddress() };
}

/** Whether the Auth emulator still holds the user. */
export async function authUserExists(uid: string): Promise<boolean> {
  try {
    await adminAuth().getUser(uid);
    return true;
  } catch {
    return false;
  }
}

/** An email address no other test run has used. */
export function randomEmail(): string {
  return `it-${randomUUID()}@example.com`;
}

/** A UK mobile number as a claimant types it ("07123 456789"), one of 10^9, so unused. */
export function randomUkMobile(): { typed: string; e164: string } {
  const digits = String(randomInt(1_000_000_000)).padStart(9, '0');
  return { typed: `07${digits.slice(0, 3)} ${digits.slice(3)}`, e164: `+447${digits}` };
}

export interface GatewayErrorBody {
  status: string;
  message: string;
  details?: { fields?: { field: string; message: string }[]; summary?: string };
}

export interface GatewayReply<T = unknown> {
  status: number;
  json: { result?: T; error?: GatewayErrorBody };
}

/**
 * POSTs `body` to the gateway as the callable protocol does. `body` is the whole request
 * body (`{data: {functionName, data}}`); undefined sends no body at all.
 */
export async function callGateway<T = unknown>(
  body: unknown,
  idToken?: string,
  address?: string,
): Promise<GatewayReply<T>> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (idToken !== undefined) headers.Authorization = `Bearer ${idToken}`;
  if (address !== undefined) headers['X-Forwarded-For'] = address;
  const response = await fetch(GATEWAY_URL, {
    method: 'POST',
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  let json: GatewayReply<T>['json'];
  try {
    json = JSON.parse(text) as GatewayReply<T>['json'];
  } catch {
    throw new Error(`Gateway answered ${response.status} with non-JSON: ${text.slice(0, 200)}`);
  }
  return { status: response.status, json };
}

/** Calls one gateway function with the envelope the web client sends. */
export function callFunction<T = unknown>(
  user: TestUser | undefined,
  functionName: string,
  data: unknown,
): Promise<GatewayReply<T>> {
  return callGateway<T>({ data: { functionName, data } }, user?.idToken, user?.address);
}

/** The result of a call that must succeed; fails with the gateway's error otherwise. */
export async function resultOf<T>(reply: Promise<GatewayReply<T>>): Promise<T> {
  const { status, json } = await reply;
  if (status !== 200 || json.error || !('result' in json)) {
    throw new Error(`Expected a result, got ${status}: ${JSON.stringify(json)}`);
  }
  return json.result as T;
}

/** How many documents of `collection` have `field == value` (the emulator has no listDocuments). */
export async function countDocuments(
  collection: string,
  field: string,
  value: unknown,
): Promise<number> {
  const snapshot = await db().collection(collection).where(field, '==', value).get();
  return snapshot.size;
}

/** One document's data, or undefined when it does not exist. */
export async function readDocument(
  collection: string,
  id: string,
): Promise<DocumentData | undefined> {
  const snapshot = await db().collection(collection).doc(id).get();
  return snapshot.exists ? snapshot.data() : undefined;
}
