import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import {
  claimant,
  continueButton,
  expectPage,
  fillAddress,
  fillStart,
  uidFromUrl,
} from './claimant';
import { Timestamp } from 'firebase-admin/firestore';
import {
  AUTH_EMULATOR_URL,
  GATEWAY_URL,
  claimsOf,
  firestore,
  sessionUid,
  signUpAnonymously,
} from './emulators';

/** Accounts and emails as a claimant meets them, made through the local stack's emulators. */

export const PASSWORD = 'correct-horse-battery-staple';
const API_KEY = 'demo-api-key';

export function uniqueContact() {
  const digits = String(randomInt(1_000_000_000)).padStart(9, '0');
  return {
    ...claimant.start,
    email: `e2e-${randomUUID()}@example.com`,
    phoneNumber: `07${digits.slice(0, 3)} ${digits.slice(3)}`,
  };
}

/**
 * A registered account made outside the browser, as one made on another day would be: its
 * address confirmed then (the gateway's `emailProofs` record), unless `proved` is false,
 * as for an account someone else made with the claimant's address.
 */
export async function registeredAccount(email: string, { proved = true } = {}): Promise<string> {
  const response = await fetch(
    `${AUTH_EMULATOR_URL}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${API_KEY}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
    },
  );
  if (!response.ok) throw new Error(`accounts:signUp: HTTP ${response.status}`);
  const uid = ((await response.json()) as { localId: string }).localId;
  if (proved) {
    await firestore()
      .collection('emailProofs')
      .doc(uid)
      .set({ email: email.toLowerCase(), provedAt: Timestamp.now() });
  }
  return uid;
}

/** Answers the first two pages and waits until both are saved. Returns the uid. */
export async function answerTwoPages(page: Page, contact = uniqueContact()): Promise<string> {
  await page.goto('/form/start/');
  await fillStart(page, contact);
  await continueButton(page).click();
  await fillAddress(page);
  await continueButton(page).click();
  await expectPage(page, 'check');
  await expect(page.getByTestId('sync-status')).toHaveText('Your answers are saved.', {
    timeout: 15_000,
  });
  return uidFromUrl(page);
}

/** Signs in to an account outside the browser and saves its own draft's first two pages. */
export async function accountWithDraft(
  email: string,
  town: string,
  options: { proved?: boolean } = {},
): Promise<string> {
  const uid = await registeredAccount(email, options);
  const signIn = await fetch(
    `${AUTH_EMULATOR_URL}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${API_KEY}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
    },
  );
  const { idToken } = (await signIn.json()) as { idToken: string };
  const pages = {
    start: { ...claimant.start, email },
    address: {
      addressLine1: '1 Account Road',
      town,
      postcode: 'LS1 1AA',
      yearsAtAddress: '3-or-more',
    },
  };
  for (const [pageId, answers] of Object.entries(pages)) {
    await callGatewayAs(idToken, 'saveAnswers', { funnelId: 'vehicle-claim', pageId, answers });
  }
  return uid;
}

/** A gateway call outside the browser, as the holder of `idToken`; fails the test unless 200. */
export async function callGatewayAs(
  idToken: string,
  functionName: string,
  data: Record<string, unknown>,
): Promise<void> {
  const reply = await fetch(GATEWAY_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ data: { functionName, data } }),
  });
  expect(reply.status, await reply.text()).toBe(200);
}

/** Sign-in and confirm links are asked for by a browser; here one outside the test's devices. */
export async function askedElsewhere(functionName: string, data: Record<string, unknown>) {
  const { idToken } = await signUpAnonymously();
  await callGatewayAs(idToken, functionName, {
    ...data,
    requester: randomBytes(32).toString('base64url'),
  });
}

/** A sign-in link to `email`, asked for in a browser other than the test's devices. */
export async function signInLinkAskedElsewhere(email: string): Promise<string> {
  await askedElsewhere('requestSignInLink', { email });
  return emailedAppLink(email, 'sign-in-link');
}

export async function passwordIdToken(email: string): Promise<string> {
  const response = await fetch(
    `${AUTH_EMULATOR_URL}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
    },
  );
  return ((await response.json()) as { idToken: string }).idToken;
}

/**
 * The link in the newest email of this kind the gateway wrote to the address (the `mail`
 * document the Trigger Email extension would send), once it is there. `event`: sign-in-link,
 * save-and-return-link, confirm-email, draft-reminder, claim-link or a claim event's.
 */
export async function emailedAppLink(email: string, event: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const snapshot = await firestore()
          .collection('mail')
          .where('to', '==', email.toLowerCase())
          .get();
        const newest = snapshot.docs
          .map((doc) => doc.data())
          .filter((mail) => mail.event === event)
          .sort((a, b) => b.createdAt.toMillis() - a.createdAt.toMillis())[0];
        // A claim link names its claim after the token.
        link = /https?:\/\/\S+[?&]link=[A-Za-z0-9_-]+(?:&claim=[A-Za-z0-9_-]+)?/.exec(
          String(newest?.message?.text ?? ''),
        )?.[0];
        return link;
      },
      { message: `a ${event} email to ${email}` },
    )
    .toBeDefined();
  return link!;
}

/**
 * On a link opened in a browser that did not ask for it: "Confirm your email address", with
 * the address the link was sent to typed, and Continue.
 */
export async function typeLinkAddress(page: Page, email: string): Promise<void> {
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Confirm your email address', { timeout: 30_000 });
  await expect(heading).toBeFocused();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/**
 * A claim's link (a reminder's, a claim email's) opened in a browser that did not ask for it
 * and holds nothing: the address it went to is typed, which proves it, and the claim opens
 * with no second question.
 */
export async function openClaimLinkHere(page: Page, link: string, email: string): Promise<void> {
  await page.goto(link);
  await typeLinkAddress(page, email);
}

/**
 * After "stay as I am" on someone else's link: the claimant is back on their check page as
 * themselves, their claim (read from Firestore) still holds their address, and the other
 * claimant received nothing.
 */
export async function expectClaimKept(
  page: Page,
  claimantUid: string,
  email: string,
  otherUid: string,
): Promise<void> {
  await expectPage(page, 'check');
  await expect(page).toHaveURL(new RegExp(`/form/check/${claimantUid}$`));
  expect(await sessionUid(page)).toBe(claimantUid);
  const [claim] = await claimsOf(claimantUid);
  expect(claim?.answers?.start?.email).toBe(email);
  expect(await claimsOf(otherUid)).toEqual([]);
}
