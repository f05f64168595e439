/**
 * A product owner publishes version 2 of a funnel while claims are under way on version 1
 * (a field renamed, with a migration): a draft moved by its claimant finishes on version 2,
 * a draft left alone finishes on version 1, and each sent claim keeps the version, hash and
 * letter it was signed on. Runs against the dev stack with a registry copy (npm run
 * test:authoring), so the gateway and the browser pick up each publish without a restart.
 * Everything is asserted on what Firestore holds.
 */
import { execFile } from 'node:child_process';
import { cp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import type { PublishedVersion } from '../../../src/runtime/versions';
import { claimsOf, GATEWAY_URL, sessionUid, signUpAnonymously } from '../support/emulators';

const here = path.dirname(fileURLToPath(import.meta.url));
const projectRoot = path.resolve(here, '../../..');
const fixture = path.join(here, 'versions');
const registryDir = process.env.REGISTRY_DIR!;
const FUNNEL = 'fine-appeal';
const SIGN = { consent: true, signature: { method: 'typed', name: 'Alex Morgan' } };

type Claimant = { uid: string; idToken: string };
type CallResult = {
  ok: boolean;
  result?: { claim?: Record<string, unknown> } & Record<string, unknown>;
  error?: { status: string; message: string; details?: unknown };
};

async function call(who: Claimant, functionName: string, data: object): Promise<CallResult> {
  const response = await fetch(GATEWAY_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${who.idToken}` },
    body: JSON.stringify({ data: { functionName, data } }),
  });
  const body = (await response.json()) as Omit<CallResult, 'ok'>;
  return { ok: response.ok, ...body };
}

const save = (who: Claimant, pageId: string, answers: object, nextPageId?: string) =>
  call(who, 'saveAnswers', {
    funnelId: FUNNEL,
    pageId,
    answers,
    ...(nextPageId ? { nextPageId } : {}),
  });

async function claimOf(uid: string) {
  return (await claimsOf(uid)).find((claim) => claim.funnelId === FUNNEL)!;
}

async function publish(version: 'v1' | 'v2'): Promise<PublishedVersion> {
  await cp(path.join(fixture, version), registryDir, { recursive: true });
  await promisify(execFile)(
    path.join(projectRoot, 'node_modules/.bin/tsx'),
    ['scripts/funnels-publish.ts', registryDir],
    { cwd: projectRoot },
  );
  const file = path.join(registryDir, `funnels/published/${FUNNEL}/${version.slice(1)}.json`);
  return JSON.parse(await readFile(file, 'utf8')) as PublishedVersion;
}

/**
 * True once a new claim in the funnel is on `version`: the gateway is rebuilt on change, and
 * the emulators may drop a connection while it reloads.
 */
async function newClaimsStartOn(version: number, fine: object): Promise<boolean> {
  try {
    const someone = await signUpAnonymously();
    const saved = await save(someone, 'fine', fine);
    return saved.ok && (await claimOf(someone.uid)).funnelVersion === version;
  } catch {
    return false;
  }
}

test.describe.configure({ mode: 'serial' });

let v1: PublishedVersion;
let v2: PublishedVersion;
let moving: Claimant;
let staying: Claimant;
let browserUid: string;
// One browser session throughout: the claimant who started on version 1 comes back after
// version 2 is published.
let page: Page;

/**
 * Takes the funnel out of the registry copy, before and after the suite: a retry of this serial
 * suite starts again from version 1, which a registry that has published version 2 refuses (the
 * version only goes up), and a failed run must not leave the copy failing funnels:check for the
 * specs after it.
 */
async function removeFunnelFromRegistry(): Promise<void> {
  const files = [
    `funnels/${FUNNEL}.json`,
    `funnels/examples/${FUNNEL}.json`,
    `funnels/published/${FUNNEL}`,
    'schemas/fine-notice.schema.json',
    'schemas/fine-reason.schema.json',
  ];
  for (const file of files)
    await rm(path.join(registryDir, file), { recursive: true, force: true });
}

test.beforeAll(async ({ browser }, testInfo) => {
  await removeFunnelFromRegistry();
  // A context of its own, so a second tab of the same browser can be opened in it.
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  page = await context.newPage();
});
test.afterAll(async () => {
  await page.context().close();
  // The specs after this one see the registry copy as this one found it.
  await removeFunnelFromRegistry();
});

test('claims started on version 1 record its version and hash', async () => {
  v1 = await publish('v1');
  await expect
    .poll(() => newClaimsStartOn(1, { pcnNumber: 'BL00000001' }), {
      timeout: 90_000,
      intervals: [1_000],
    })
    .toBe(true);
  moving = await signUpAnonymously();
  staying = await signUpAnonymously();
  expect((await save(moving, 'fine', { pcnNumber: 'BL11111111' }, 'reason')).ok).toBe(true);
  expect((await save(staying, 'fine', { pcnNumber: 'BL22222222' }, 'reason')).ok).toBe(true);
  for (const who of [moving, staying]) {
    const claim = await claimOf(who.uid);
    expect(claim.funnelVersion).toBe(1);
    expect(claim.funnelHash).toBe(v1.hash);
  }

  // A claimant in the browser answers the first page of version 1.
  browserUid = await sessionUid(page);
  await expect(async () => {
    await page.goto(`/form/${FUNNEL}/fine/${browserUid}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Your fine', {
      timeout: 15_000,
    });
  }).toPass({ timeout: 180_000 });
  await page.getByLabel('Penalty charge notice number').fill('BL33333333');
  await page.getByRole('button', { name: 'Continue' }).press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Why you are appealing');
  await expect
    .poll(async () => (await claimOf(browserUid))?.answers?.fine)
    .toEqual({ pcnNumber: 'BL33333333' });
});

test('once version 2 is published, new claims start on it and drafts stay on theirs', async () => {
  v2 = await publish('v2');
  expect(v2.hash).not.toBe(v1.hash);
  await expect
    .poll(() => newClaimsStartOn(2, { noticeNumber: 'BL00000002' }), {
      timeout: 90_000,
      intervals: [1_000],
    })
    .toBe(true);
  // The draft on version 1 is still checked against version 1: its new field name is refused
  // there, naming the field, and nothing is written.
  const before = await claimOf(staying.uid);
  const refused = await save(staying, 'fine', { noticeNumber: 'BL22222222' });
  expect(refused.ok).toBe(false);
  expect(refused.error?.status).toBe('INVALID_ARGUMENT');
  expect(JSON.stringify(refused.error?.details)).toContain('data.answers');
  expect((await claimOf(staying.uid)).answers).toEqual(before.answers);
});

test('a draft left on version 1 is finished, signed and kept on version 1', async () => {
  expect((await save(staying, 'reason', { reason: 'The signs were hidden.' }, 'sign')).ok).toBe(
    true,
  );
  expect((await save(staying, 'sign', SIGN)).ok).toBe(true);
  const sent = await call(staying, 'submitClaim', { funnelId: FUNNEL });
  expect(sent.ok, JSON.stringify(sent.error)).toBe(true);
  const claim = await claimOf(staying.uid);
  expect(claim.status).toBe('submitted');
  expect(claim.funnelVersion).toBe(1);
  expect(claim.funnelHash).toBe(v1.hash);
  expect(claim.answers.fine).toEqual({ pcnNumber: 'BL22222222' });
  expect(claim.signature.funnel).toEqual({ version: 1, hash: v1.hash });
  // Version 1 asked for no letter of authority, so none was signed.
  expect(claim.signature.letterOfAuthority).toBeNull();
  // A sent claim never moves.
  const move = await call(staying, 'moveDraftToCurrentVersion', {
    funnelId: FUNNEL,
    claimId: sent.result!.claim!.claimId,
  });
  expect(move.error?.status).toBe('FAILED_PRECONDITION');
  expect(await claimOf(staying.uid)).toEqual(claim);
});

test('a draft moved to version 2 is migrated, then finished and signed on version 2', async () => {
  const current = await call(moving, 'getClaim', { funnelId: FUNNEL });
  const { claimId } = current.result!.claim as { claimId: string };
  const moved = await call(moving, 'moveDraftToCurrentVersion', { funnelId: FUNNEL, claimId });
  expect(moved.ok, JSON.stringify(moved.error)).toBe(true);
  const claim = await claimOf(moving.uid);
  expect(claim.funnelVersion).toBe(2);
  expect(claim.funnelHash).toBe(v2.hash);
  expect(claim.answers).toEqual({ fine: { noticeNumber: 'BL11111111' } });
  expect(claim.movedFrom).toMatchObject({ version: 1, hash: v1.hash });
  // A second press moves nothing again.
  expect((await call(moving, 'moveDraftToCurrentVersion', { funnelId: FUNNEL, claimId })).ok).toBe(
    true,
  );
  expect((await claimOf(moving.uid)).answers).toEqual(claim.answers);

  expect((await save(moving, 'reason', { reason: 'The signs were hidden.' }, 'sign')).ok).toBe(
    true,
  );
  expect((await save(moving, 'sign', SIGN)).ok).toBe(true);
  const letter = v2.funnel.pages.find((p) => p.kind === 'review-and-sign')!.letterOfAuthority!;
  const sent = await call(moving, 'submitClaim', {
    funnelId: FUNNEL,
    letterOfAuthorityVersion: letter.version,
  });
  expect(sent.ok, JSON.stringify(sent.error)).toBe(true);
  const signed = await claimOf(moving.uid);
  expect(signed.status).toBe('submitted');
  expect(signed.funnelVersion).toBe(2);
  expect(signed.signature.funnel).toEqual({ version: 2, hash: v2.hash });
  expect(signed.signature.letterOfAuthority).toMatchObject({
    version: letter.version,
    text: letter.text,
  });
});

/** What only version 2 says: its renamed question and its message. */
const VERSION_2_ONLY = ['Fine notice number', 'Enter the fine notice number'];

test('a draft on version 1 reopened after version 2 is published is never drawn on version 2, and Continue at once responds', async () => {
  // The dev server compiles version 1's modules on their first request: asked for once first.
  await expect(async () => {
    await page.goto(`/form/${FUNNEL}/reason/${browserUid}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Why you are appealing', {
      timeout: 30_000,
    });
  }).toPass({ timeout: 90_000 });

  // The same browser (session and kept draft), in a new tab watched from the document's start.
  const reopened = await page.context().newPage();
  await reopened.addInitScript((only: string[]) => {
    const drawn: string[] = [];
    (window as unknown as { version2Drawn: string[] }).version2Drawn = drawn;
    const look = () => {
      const text = `${document.title}\n${document.documentElement?.textContent ?? ''}`;
      for (const words of only)
        if (text.includes(words) && !drawn.includes(words)) drawn.push(words);
    };
    new MutationObserver(look).observe(document, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
    });
  }, VERSION_2_ONLY);
  await reopened.goto(`/form/${FUNNEL}/fine/${browserUid}`);
  // Pressed the moment it is there: the claimant's own answer is valid on their version.
  await reopened.getByRole('button', { name: 'Continue' }).click();
  await expect(reopened.getByRole('heading', { level: 1 })).toContainText('Why you are appealing', {
    timeout: 10_000,
  });
  await reopened.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(reopened.getByLabel('Penalty charge notice number')).toHaveValue('BL33333333');
  expect(
    await reopened.evaluate(() => (window as unknown as { version2Drawn: string[] }).version2Drawn),
  ).toEqual([]);
  await reopened.close();
  // Still on version 1, as the claimant left it.
  const claim = await claimOf(browserUid);
  expect(claim.funnelVersion).toBe(1);
  expect(claim.answers.fine).toEqual({ pcnNumber: 'BL33333333' });
});

test('in the browser, a draft on version 1 shows version 1 and is offered version 2', async () => {
  const offer = page.getByRole('region', { name: 'We have updated these questions' });
  await expect(async () => {
    await page.goto(`/form/${FUNNEL}/reason/${browserUid}`);
    // The dev server compiles the earlier version's modules on their first request.
    await expect(offer).toBeVisible({ timeout: 30_000 });
  }).toPass({ timeout: 90_000 });
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Why you are appealing');
  // Its first page is still version 1's question, with the answer given.
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(page.getByLabel('Penalty charge notice number')).toHaveValue('BL33333333');

  const move = page.getByRole('button', { name: 'Move my answers to the new questions' });
  await move.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Why you are appealing');
  await expect(offer).toHaveCount(0);
  await expect.poll(async () => (await claimOf(browserUid)).funnelVersion).toBe(2);
  expect((await claimOf(browserUid)).answers.fine).toEqual({ noticeNumber: 'BL33333333' });
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(page.getByLabel('Fine notice number')).toHaveValue('BL33333333');
});
