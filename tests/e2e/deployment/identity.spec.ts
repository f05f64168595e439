/**
 * The deployment's identity is data: a production build whose registry holds only a flight
 * funnel (the authoring suite's any-funnel fixture) and a site.json of its own (npm run
 * test:deployment) names no vehicle or motorist on any page it serves or in any email it
 * writes, and its header, titles, footer, home page, references and sign-off are that site
 * file's. A funnel without a letter of authority is withdrawn without one.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { claimsOf, firestore } from '../support/emulators';

const site = JSON.parse(readFileSync(new URL('./registry/site.json', import.meta.url), 'utf8')) as {
  identity: { name: string; titleSuffix: string; footerBlurb: string; emailSignOff: string };
  home: { title: string; entries: Array<{ heading: string; button: string }> };
};
const FORBIDDEN = /vehicle|motorist/i;

/** Each match of FORBIDDEN in `text`, with the words around it, to say where it is. */
const vehicleWordsIn = (text: string) =>
  [...text.matchAll(new RegExp(`.{0,60}(?:${FORBIDDEN.source}).{0,60}`, 'gi'))].map((m) => m[0]);

/**
 * The page's words a visitor can meet: its title and its HTML (text, attributes such as
 * aria-label and alt, meta description, noscript), without the names of the script files
 * it loads (a chunk may be named after a vehicle funnel's widget, which this build ships).
 */
async function expectNoVehicleWords(page: Page, where: string) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const text = await page.evaluate(() => {
    const copy = document.documentElement.cloneNode(true) as HTMLElement;
    copy
      .querySelectorAll('script[src], link[href], template#app-scripts')
      .forEach((e) => e.remove());
    return `${document.title}\n${copy.outerHTML}`;
  });
  expect(vehicleWordsIn(text), where).toEqual([]);
}

test('every page says the site file’s name and words, never a vehicle', async ({
  page,
  request,
}) => {
  // What the server sends before any script runs (title, meta description, noscript).
  const html = await (await request.get('/')).text();
  expect(vehicleWordsIn(html.replace(/<(script|link)[^>]*>/g, ''))).toEqual([]);

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(site.home.title);
  await expect(page).toHaveTitle(`${site.home.title} – ${site.identity.titleSuffix}`);
  // One entry per funnel, each starting its own.
  for (const entry of site.home.entries) {
    await expect(page.getByRole('heading', { level: 2, name: entry.heading })).toBeVisible();
    await expect(page.getByRole('button', { name: entry.button })).toBeVisible();
  }
  await expect(
    page.getByRole('banner').getByRole('link', { name: site.identity.name }),
  ).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText(site.identity.footerBlurb);
  // A visitor with no claim: "Your claim" is the home page.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Your claim' })).toHaveAttribute(
    'href',
    '/',
  );
  // A mistyped address is a 404, with the app's Not Found page in the site's words.
  const missing = await request.get('/no-such-page');
  expect(missing.status()).toBe(404);
  expect(vehicleWordsIn((await missing.text()).replace(/<(script|link)[^>]*>/g, ''))).toEqual([]);

  for (const path of [
    '/',
    '/start',
    '/login',
    '/register',
    '/privacy',
    '/terms',
    '/accessibility',
    '/contact',
    '/cookies',
    '/LandingPage',
    '/no-such-page',
  ]) {
    await page.goto(path);
    await expectNoVehicleWords(page, path);
  }

  // A claim, page by page, from the home page's entry.
  await page.goto('/');
  await page.getByRole('button', { name: 'Start a flight claim' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('About you');
  await expectNoVehicleWords(page, 'first page');
  const email = `e2e-deploy-${Date.now()}@example.com`;
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Your flight');
  await expectNoVehicleWords(page, 'flight page');
  const uid = new URL(page.url()).pathname.split('/').filter(Boolean).at(-1)!;
  await page.getByLabel('Flight code').fill('BA 123');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Check your answers');
  await expectNoVehicleWords(page, 'check page');
  await page
    .getByRole('checkbox', { name: /I confirm the information I have given is true/ })
    .check();
  await page.getByRole('radio', { name: 'Type your name' }).check();
  await page.getByLabel('Your full name').fill('Ada Lovelace');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByTestId('claim-reference')).toHaveText(/^FR-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  await expectNoVehicleWords(page, 'confirmation');

  // "Your claim" now opens this claim, sent.
  await page.getByRole('banner').getByRole('link', { name: 'Your claim' }).click();
  await expect(page).toHaveURL(/\/claims\/flight-delay\//);
  await expectNoVehicleWords(page, 'the sent claim');

  // The emails the claim wrote: signed with the site file's sign-off, no vehicle.
  await expect
    .poll(async () => (await claimsOf(uid))[0]?.status, { timeout: 20_000 })
    .toBe('submitted');
  const claims = await firestore().collection('claims').where('userId', '==', uid).get();
  const claimId = claims.docs[0]!.id;
  const received = await mailOf(`${claimId}_received`);
  expect(received).toContain(site.identity.emailSignOff);
  expect(vehicleWordsIn(received)).toEqual([]);

  // Withdrawn: the email says so, without a letter of authority this funnel never had.
  await page.getByRole('button', { name: /^Withdraw this/ }).click();
  await page.getByRole('button', { name: /^Yes, withdraw my/ }).click();
  await expect(page.getByTestId('claim-status')).toContainText('Withdrawn');
  const withdrawn = await mailOf(`${claimId}_withdrawn`);
  expect(withdrawn).toContain('You withdrew your compensation request');
  expect(withdrawn).not.toMatch(/letter of authority/i);
  expect(withdrawn).toContain(site.identity.emailSignOff);
  expect(vehicleWordsIn(withdrawn)).toEqual([]);
});

/** The subject, text and HTML of one queued email, once it is written. */
async function mailOf(id: string): Promise<string> {
  await expect
    .poll(async () => (await firestore().collection('mail').doc(id).get()).exists, {
      timeout: 20_000,
    })
    .toBe(true);
  const mail = (await firestore().collection('mail').doc(id).get()).data();
  return JSON.stringify(mail?.message);
}

test('an optional page left empty reads "Not answered"; "Your claim" opens the latest claim', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Start a baggage claim' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('About you');
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill(`e2e-baggage-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Anything else');

  // Stopped here: "Your claim" comes back to this page of this funnel.
  await page.goto('/privacy');
  const yourClaim = page.getByRole('banner').getByRole('link', { name: 'Your claim' });
  // The link is the home page until the session is back (a moment after the page loads).
  await expect(yourClaim).toHaveAttribute('href', /\/form\/lost-baggage\/anything-else\//);
  await yourClaim.click();
  await expect(page).toHaveURL(/\/form\/lost-baggage\/anything-else\//);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Anything else');

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Check your answers');
  const section = page.getByRole('region', { name: 'Anything else' });
  await expect(section).toContainText('Not answered');
  await expect(section).not.toContainText('Not answered yet');
  await expect(section.getByRole('link')).toHaveCount(0);
  await expectNoVehicleWords(page, 'check page');
});
