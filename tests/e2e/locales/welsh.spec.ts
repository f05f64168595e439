/**
 * A claimant switches a claim into Welsh. Runs against a stack with the test locales
 * (npm run test:locales: with-stack --registry-copy --test-locales), where the site's words are
 * complete in cy (marked English, test data: tests/support/testLocales.ts) and the welsh-test
 * funnel has a hand-written Welsh translation, so its pages offer a language switch:
 * `<nav aria-label="Language">` holding, for each other locale offered, a
 * `<button type="button" lang="…" data-locale="…">` named in its own language. Switching sets
 * `<html lang>`, says every string in the locale, and each save sends it, so the claim records
 * it (`locale` of its Firestore claims document).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page, type Request } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { PSEUDO_LOCALE } from '../../support/pseudoLocale';
import {
  markAsTestWelsh,
  TEST_WELSH_LOCALE,
  TEST_WELSH_MARKER,
  WELSH_TEST_FUNNEL_ID,
  welshTestFunnel,
} from '../../support/testLocaleTexts';
import { claimsOf, firestore } from '../support/emulators';
import { visibleTextNodes } from '../../support/untranslatedText';
import { LOCALE_STORAGE_KEY } from '../../../src/runtime/constants';
import type { ClaimStages } from '../../../src/runtime/lifecycle';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const claimStagesFile = JSON.parse(
  readFileSync(path.join(projectRoot, 'funnels/lifecycle/claim-stages.json'), 'utf8'),
) as ClaimStages;

interface WrittenFunnel {
  pages: Array<{ pageId: string; title: string }>;
  translations: Record<string, Record<string, string>>;
}
interface WrittenSchema {
  properties: Record<string, { title: string }>;
  'x-translations': Record<string, Record<string, string>>;
}

// The texts are read from the fixture the stack was given, so a change to it changes the test.
const written = welshTestFunnel();
const funnel = written.funnel as unknown as WrittenFunnel;
const [aboutSchema, townSchema, declarationSchema] = written.schemas as unknown as WrittenSchema[];
const welsh = funnel.translations[TEST_WELSH_LOCALE]!;
const [aboutPage, townPage, sendPage] = funnel.pages;
const email = `megan-${Date.now()}@example.com`;
/** A site message as the stack's cy content file says it (the test marker on the English). */
const siteTextInCy = (area: string, key: string) => {
  const file = path.join(projectRoot, `src/content/messages/${area}.en-GB.json`);
  return markAsTestWelsh((JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)[key]!);
};

/** The gateway call a request makes (`{functionName, data, locale}`), or undefined for another. */
function gatewayCallOf(
  request: Request,
): { functionName?: string; data?: unknown; locale?: string } | undefined {
  if (request.method() !== 'POST') return undefined;
  try {
    const body = request.postDataJSON() as { data?: { functionName?: string } } | null;
    return typeof body?.data?.functionName === 'string' ? body.data : undefined;
  } catch {
    return undefined;
  }
}

function uidFromUrl(page: Page): string {
  const uid = new URL(page.url()).pathname.split('/').filter(Boolean).at(-1);
  if (!uid) throw new Error(`no uid in ${page.url()}`);
  return uid;
}

test('a claimant switches to Cymraeg: the page speaks Welsh and the claim records cy', async ({
  page,
}) => {
  await page.goto(`/form/${WELSH_TEST_FUNNEL_ID}/${aboutPage!.pageId}/`);
  // The heading holds the funnel's title (its caption) and the page's.
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText(aboutPage!.title);
  await expect(heading).toContainText(String(written.funnel.title));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');

  // The switch is named in the page's language and offers Welsh in Welsh; welsh-test is not
  // offered in the pseudo-locale, so that is no choice here, complete as the site's words are.
  const languages = page.getByRole('navigation', { name: 'Language', exact: true });
  const cymraeg = languages.locator(
    `button[type="button"][lang="${TEST_WELSH_LOCALE}"][data-locale="${TEST_WELSH_LOCALE}"]`,
  );
  await expect(cymraeg).toHaveText('Cymraeg');
  await expect(languages.locator(`button[data-locale="${PSEUDO_LOCALE}"]`)).toHaveCount(0);
  const before = await page.locator('body').evaluate(visibleTextNodes);
  await cymraeg.click();

  await expect(page.locator('html')).toHaveAttribute('lang', TEST_WELSH_LOCALE);
  await expect(heading).toContainText(welsh[`/pages/${aboutPage!.pageId}/title`]!);
  // Every string changed: nothing on the page reads as it did in English, but the languages'
  // own names in the switch (each marked with its lang).
  const after = await page.locator('body').evaluate(visibleTextNodes);
  expect(after.filter((text) => before.includes(text))).toEqual([]);
  await expect(heading).toContainText(welsh['/title']!);
  await expect(heading).not.toContainText(aboutPage!.title);
  const nameQuestion = page.getByLabel(
    aboutSchema!['x-translations'][TEST_WELSH_LOCALE]!['/properties/fullName/title']!,
  );
  await expect(nameQuestion).toBeVisible();
  await expect(page.getByLabel(aboutSchema!.properties.fullName!.title)).toHaveCount(0);
  const continueButton = page.getByRole('button', {
    name: siteTextInCy('form', 'step.continue'),
    exact: true,
  });
  await expect(continueButton).toBeVisible();
  // The switch now offers English back, and no longer Welsh.
  const switchNow = page.locator('nav[aria-label]').filter({ has: page.locator('[data-locale]') });
  await expect(switchNow.locator('button[data-locale="en-GB"]')).toHaveCount(1);
  await expect(switchNow.locator(`button[data-locale="${TEST_WELSH_LOCALE}"]`)).toHaveCount(0);

  // A question's error is the schema's Welsh too.
  await continueButton.click();
  await expect(
    page
      .getByText(
        aboutSchema!['x-translations'][TEST_WELSH_LOCALE]!['/x-errorMessages/fullName/required']!,
      )
      .first(),
  ).toBeVisible();

  await nameQuestion.fill('Megan Jones');
  await page
    .getByLabel(aboutSchema!['x-translations'][TEST_WELSH_LOCALE]!['/properties/email/title']!)
    .fill(email);
  const save = page.waitForRequest(
    (request) => gatewayCallOf(request)?.functionName === 'saveAnswers',
  );
  await continueButton.click();
  // Each call tells the gateway the page's language, and the gateway says its refusals in it:
  // here, to this claimant's own call for a function it has not got.
  const saveRequest = await save;
  expect(gatewayCallOf(saveRequest)?.locale).toBe(TEST_WELSH_LOCALE);
  const refused = await page.request.post(saveRequest.url(), {
    headers: {
      'content-type': 'application/json',
      authorization: saveRequest.headers().authorization!,
    },
    data: { data: { ...gatewayCallOf(saveRequest), functionName: 'noSuchFunction' } },
  });
  const refusal = ((await refused.json()) as { error: { message: string } }).error.message;
  expect(refusal.startsWith(TEST_WELSH_MARKER)).toBe(true);
  expect(refusal).toContain('noSuchFunction');
  await expect(heading).toContainText(welsh[`/pages/${townPage!.pageId}/title`]!);
  await expect(
    page.getByLabel(townSchema!['x-translations'][TEST_WELSH_LOCALE]!['/properties/town/title']!),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', TEST_WELSH_LOCALE);

  const uid = uidFromUrl(page);
  await expect
    .poll(
      async () => {
        const claim = (await claimsOf(uid)).find((each) => each.funnelId === WELSH_TEST_FUNNEL_ID);
        return { locale: claim?.locale, about: claim?.answers?.about };
      },
      { timeout: 20_000 },
    )
    .toMatchObject({ locale: TEST_WELSH_LOCALE, about: { fullName: 'Megan Jones', email } });

  // Opened where no language was chosen (this browser forgets its choice, as another device
  // never had one), the claim is shown in the language it was made in.
  await page.evaluate((key) => window.localStorage.removeItem(key), LOCALE_STORAGE_KEY);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', TEST_WELSH_LOCALE);
  await expect(heading).toContainText(welsh[`/pages/${townPage!.pageId}/title`]!);

  // A check the schema words nothing for is said in the page's language too (the site's
  // validation messages), naming the question by its Welsh title.
  const townTitle = townSchema!['x-translations'][TEST_WELSH_LOCALE]!['/properties/town/title']!;
  const townQuestion = page.getByLabel(townTitle);
  await townQuestion.fill('Aber\u200bystwyth');
  await continueButton.click();
  await expect(page.locator('.error-summary')).toContainText(
    siteTextInCy('validation', 'field.hiddenCharacters').replace('{title}', townTitle),
  );

  // Sent in Welsh: the claim keeps cy, and its received email (the mail document) is the cy
  // template with the funnel's Welsh title and word for a claim.
  await townQuestion.fill('Aberystwyth');
  // Options labelled by the page's ui:enumNames are ticked by their Welsh labels, and the
  // check page shows the answer by them too, never by the values stored.
  const parcio = welsh[`/pages/${townPage!.pageId}/uiSchema/ticketFor/ui:enumNames/0`]!;
  const llwytho = welsh[`/pages/${townPage!.pageId}/uiSchema/ticketFor/ui:enumNames/1`]!;
  await page.getByRole('checkbox', { name: parcio }).check();
  await page.getByRole('checkbox', { name: llwytho }).check();
  await continueButton.click();
  await expect(heading).toContainText(welsh[`/pages/${sendPage!.pageId}/title`]!);
  await expect(
    page.locator('.summary-list__row').filter({
      hasText: townSchema!['x-translations'][TEST_WELSH_LOCALE]!['/properties/ticketFor/title']!,
    }),
  ).toContainText(`${parcio}, ${llwytho}`);
  await page
    .getByRole('checkbox', {
      name: declarationSchema!['x-translations'][TEST_WELSH_LOCALE]!['/properties/truthful/title']!,
    })
    .check();
  // The signature's words are the site's (the widget's) and the shared signature schema's.
  await page.getByRole('radio', { name: siteTextInCy('claimPages', 'signature.type') }).check();
  await page.getByLabel(siteTextInCy('claimPages', 'signature.nameLabel')).fill('Megan Jones');
  const send = page.getByRole('button', {
    name: siteTextInCy('claimPages', 'wording.submitButton').replace(
      '{claimNoun}',
      welsh['/wording/claimNoun']!,
    ),
  });
  await send.click();
  await expect(heading).toContainText(
    siteTextInCy('claimPages', 'wording.confirmationTitle').replace('{ClaimNoun}', 'Cais'),
  );
  await expect(page.locator('html')).toHaveAttribute('lang', TEST_WELSH_LOCALE);

  const sent = (await claimsOf(uid)).find((each) => each.funnelId === WELSH_TEST_FUNNEL_ID)!;
  expect(sent).toMatchObject({ status: 'submitted', locale: TEST_WELSH_LOCALE });
  const claims = await firestore()
    .collection('claims')
    .where('reference', '==', sent.reference)
    .get();
  const claimId = claims.docs[0]!.id;
  await expect
    .poll(
      async () => (await firestore().collection('mail').doc(`${claimId}_received`).get()).exists,
      {
        timeout: 20_000,
      },
    )
    .toBe(true);
  const mail = (await firestore().collection('mail').doc(`${claimId}_received`).get()).data()!;
  expect(mail.to).toBe(email);
  expect(mail.message.subject.startsWith(TEST_WELSH_MARKER)).toBe(true);
  expect(mail.message.subject).toContain(welsh['/wording/claimNoun']!);
  expect(mail.message.text).toContain(welsh['/title']!);
  expect(mail.message.text).not.toContain(String(written.funnel.title));
  expect(mail.message.html).toContain(TEST_WELSH_MARKER);

  // Moved on (as staff would move it), the claim's stage is named in Welsh on its page: the
  // stack's claim stages file is complete in cy (test data, marked).
  const inReview = claimStagesFile.stages.find((stage) => stage.id === 'in-review')!;
  await firestore()
    .collection('claims')
    .doc(claimId)
    .update({ stage: inReview.id, stageLog: [{ stage: inReview.id, at: new Date() }] });
  await page.reload();
  const status = page.getByTestId('claim-status');
  await expect(status).toContainText(`${TEST_WELSH_MARKER} ${inReview.claimantLabel}`);
  // The date is Welsh where the browser knows Welsh, else the site's own en-GB (day first),
  // never the browser's default order ("November 27, 2026").
  await expect(status).toHaveText(/\d{1,2} \p{L}+ \d{4}/u);
  await expect(status).not.toHaveText(/\p{L}+ \d{1,2}, \d{4}/u);
  // The claim's page offers the languages of its funnel only: English, not the pseudo-locale
  // the site has but welsh-test has not.
  await expect(page.locator('button[data-locale="en-GB"]')).toHaveCount(1);
  await expect(page.locator(`button[data-locale="${PSEUDO_LOCALE}"]`)).toHaveCount(0);
  // Opened where no language was chosen (its email's link on another device), the claim's
  // page is in the claim's language.
  await page.evaluate((key) => window.localStorage.removeItem(key), LOCALE_STORAGE_KEY);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', TEST_WELSH_LOCALE);
  await expect(status).toContainText(`${TEST_WELSH_MARKER} ${inReview.claimantLabel}`);
  await expect(page.locator('html')).toHaveAttribute('lang', TEST_WELSH_LOCALE);
});
