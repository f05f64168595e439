import { randomInt, randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import {
  claimant,
  continueButton,
  expectPage,
  fillAddress,
  fillStart,
  uidFromUrl,
} from './claimant';
import { AUTH_EMULATOR_URL, GATEWAY_URL, PROJECT_ID } from './emulators';

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

/** A registered account made outside the browser, as one made on another day would be. */
export async function registeredAccount(email: string): Promise<string> {
  const response = await fetch(
    `${AUTH_EMULATOR_URL}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${API_KEY}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
    },
  );
  if (!response.ok) throw new Error(`accounts:signUp: HTTP ${response.status}`);
  return ((await response.json()) as { localId: string }).localId;
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
export async function accountWithDraft(email: string, town: string): Promise<string> {
  const uid = await registeredAccount(email);
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
    const reply = await fetch(GATEWAY_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
      body: JSON.stringify({
        data: { functionName: 'saveAnswers', data: { funnelId: 'vehicle-claim', pageId, answers } },
      }),
    });
    expect(reply.status, await reply.text()).toBe(200);
  }
  return uid;
}

interface OobCode {
  email: string;
  requestType: string;
  oobCode: string;
  oobLink: string;
}

/** The newest email of this type the Auth emulator sent to the address, once it is there. */
export async function emailedLink(email: string, requestType: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(
          `${AUTH_EMULATOR_URL}/emulator/v1/projects/${PROJECT_ID}/oobCodes`,
        );
        const { oobCodes } = (await response.json()) as { oobCodes: OobCode[] };
        link = oobCodes
          .filter((c) => c.email === email && c.requestType === requestType)
          .at(-1)?.oobLink;
        return link;
      },
      { message: `a ${requestType} email to ${email}` },
    )
    .toBeDefined();
  return link!;
}
