import { expect, type Page } from '@playwright/test';
import { readProjectJson } from './emulators';

/** A claimant's answers, page by page, as they type them. */
export const claimant = {
  start: {
    firstName: 'Jane',
    lastName: 'Doe',
    email: 'jane.doe@example.com',
    phoneNumber: '07700 900123',
  },
  address: {
    addressLine1: '10 Downing Street',
    town: 'London',
    postcode: 'SW1A 2AA',
    years: '3 years or more',
  },
  check: {
    registrationNumber: 'AB12 CDE',
    make: 'Ford',
    model: 'Focus',
    finance: 'Personal contract purchase (PCP)',
    lenderName: 'Example Motor Finance',
    agreementStartDate: '2019-03-27',
    agreementEndDate: '2023-03-27',
  },
  signature: 'Jane Doe',
};

interface FunnelFile {
  pages: { pageId: string; title: string; kind?: string }[];
}
interface OneOfSchema {
  properties: Record<string, { oneOf?: { const: string; title: string }[] }>;
}

/** The built-in funnel's page titles, read from funnels/vehicle-claim.json. */
export function pageTitle(pageId: string): string {
  const page = readProjectJson<FunnelFile>('funnels/vehicle-claim.json').pages.find(
    (p) => p.pageId === pageId,
  );
  if (!page) throw new Error(`vehicle-claim has no page ${pageId}`);
  return page.title;
}

/** The label of the 'none' finance type, whatever the schema calls it. */
export function noFinanceLabel(): string {
  const schema = readProjectJson<OneOfSchema>('schemas/vehicle-finance.schema.json');
  const option = schema.properties.financeType?.oneOf?.find((o) => o.const === 'none');
  if (!option) throw new Error('vehicle-finance has no financeType "none"');
  return option.title;
}

export async function expectPage(page: Page, pageId: string) {
  await expect(page.getByRole('heading', { level: 1 })).toContainText(pageTitle(pageId), {
    timeout: 15_000,
  });
}

export async function fillStart(page: Page, answers = claimant.start) {
  await expectPage(page, 'start');
  await page.getByLabel('First name').fill(answers.firstName);
  await page.getByLabel('Last name').fill(answers.lastName);
  await page.getByLabel('Email address').fill(answers.email);
  await page.getByLabel('UK mobile number').fill(answers.phoneNumber);
}

export async function fillAddress(page: Page, answers = claimant.address) {
  await expectPage(page, 'address');
  await page.getByLabel(answers.years).check();
  await page.getByLabel('Address line 1').fill(answers.addressLine1);
  await page.getByLabel('Town or city').fill(answers.town);
  await page.getByLabel('Postcode').fill(answers.postcode);
}

export async function fillCheck(page: Page, answers = claimant.check) {
  await expectPage(page, 'check');
  await page.getByLabel('Vehicle registration number').fill(answers.registrationNumber);
  await page.getByLabel('Make', { exact: true }).fill(answers.make);
  await page.getByLabel('Model', { exact: true }).fill(answers.model);
  await page.getByLabel(answers.finance).check();
  await page.getByLabel('Lender name').fill(answers.lenderName);
  await fillDate(page, 'Agreement start date', answers.agreementStartDate);
  await fillDate(page, 'Agreement end date', answers.agreementEndDate);
}

/** Types an ISO date into a GOV.UK date input (Day, Month, Year), day first as people do. */
export async function fillDate(page: Page, question: string, isoDate: string) {
  const [year = '', month = '', day = ''] = isoDate.split('-');
  const group = page.getByRole('group', { name: question });
  await group.getByLabel('Day').fill(String(Number(day)));
  await group.getByLabel('Month').fill(String(Number(month)));
  await group.getByLabel('Year').fill(year);
}

/** Ticks the declaration and signs with a typed name (the single-pointer way to sign). */
export async function fillSign(page: Page, signature = claimant.signature) {
  await expectPage(page, 'sign');
  await page
    .getByRole('checkbox', { name: /I confirm the information I have given is true/ })
    .check();
  await page.getByRole('radio', { name: 'Type your name' }).check();
  await page.getByRole('radio', { name: 'Type your name' }).check();
  await page.getByLabel('Your full name').fill(signature);
}

export function continueButton(page: Page) {
  return page.getByRole('button', { name: 'Continue' });
}

export function sendButton(page: Page) {
  return page.getByRole('button', { name: 'Accept and send claim' });
}

/** The signed-in claimant's uid, from the address the funnel moved to (/form/<step>/<uid>). */
export function uidFromUrl(page: Page): string {
  const match = /\/form\/[^/]+\/([^/?#]+)/.exec(new URL(page.url()).pathname);
  if (!match?.[1]) throw new Error(`No uid in ${page.url()}`);
  return decodeURIComponent(match[1]);
}

/** From /form/start/ to the sign page with every answer given. Returns the claimant's uid. */
export async function answerUpToSign(page: Page): Promise<string> {
  await page.goto('/form/start/');
  await fillStart(page);
  await continueButton(page).click();
  await fillAddress(page);
  await continueButton(page).click();
  await fillCheck(page);
  await continueButton(page).click();
  await expectPage(page, 'sign');
  return uidFromUrl(page);
}

/**
 * A new visitor's "Your claim" in the header leads home (they have no claim yet), where the
 * vehicle claim's entry starts it: client-side navigation both times.
 */
export async function openVehicleClaimFromHeader(page: Page) {
  await page.getByRole('banner').getByRole('link', { name: 'Your claim' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Make a vehicle claim');
  await page.getByRole('button', { name: 'Start a finance claim' }).click();
}
