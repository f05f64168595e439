/**
 * The texts of the test locales (tests/support/testLocales.ts writes them for a test stack),
 * kept apart from the writers so an e2e spec can say what a page should show without loading
 * the funnel checks:
 * - the cy test transform of the site's words and emails, `⟨cy⟩ …` (markAsTestWelsh): TEST
 *   DATA, NOT WELSH. No Welsh translation of the site exists; the marker only lets a test tell
 *   the cy file from the English. Never ship it;
 * - the pseudo-locale en-XA of the same (tests/support/pseudoLocale.ts);
 * - welsh-test, a small funnel written in English with a hand-written Welsh translation (real,
 *   plain Welsh written for tests), and a variant of it missing one Welsh page title.
 */
import { parse, type Token } from '@messageformat/parser';
import { SCHEMA_TRANSLATIONS_KEYWORD } from '../../src/runtime/funnel/words/translations';
import { PSEUDO_LOCALE, pseudoLocalizeMessage, pseudoLocalizeWord } from './pseudoLocale';

/** The test stand-in for Welsh (see the file's comment: marked English, not Welsh). */
export const TEST_WELSH_LOCALE = 'cy';
/** What each cy site text and email starts with. */
export const TEST_WELSH_MARKER = '⟨cy⟩';
/** The locales the site's words are written in on a stack with the test locales. */
export const TEST_CONTENT_LOCALES = [PSEUDO_LOCALE, TEST_WELSH_LOCALE] as const;
export type TestContentLocale = (typeof TEST_CONTENT_LOCALES)[number];

/** The funnel written in English with a hand-written Welsh translation. */
export const WELSH_TEST_FUNNEL_ID = 'welsh-test';
export type Json = Record<string, unknown>;

// --- The site's words ---------------------------------------------------------------------

/**
 * An ICU message marked as the cy test locale: `⟨cy⟩ ` before what it says, its structure
 * (values, plural and select keywords, `#`) untouched, so it takes the same values and still
 * parses. A message that opens with a plural or select is marked in each of its branches, so
 * every text it can say starts with the marker once: "{count, plural, one {# claim} other
 * {# claims}}" says "⟨cy⟩ 1 claim". TEST DATA, NOT WELSH.
 */
export function markAsTestWelsh(message: string): string {
  const offsets: number[] = [];
  const mark = (tokens: Token[]) => {
    const first = tokens[0];
    if (!first) return; // an empty branch says nothing: nothing to mark
    if (first.type === 'plural' || first.type === 'select' || first.type === 'selectordinal') {
      for (const branch of first.cases) mark(branch.tokens);
      // Text after the plural is said with whichever branch was taken, so it is marked already.
      return;
    }
    offsets.push(first.ctx.offset);
  };
  mark(parse(message));
  let result = message;
  for (const offset of offsets.sort((a, b) => b - a)) {
    result = `${result.slice(0, offset)}${TEST_WELSH_MARKER} ${result.slice(offset)}`;
  }
  return result;
}

/**
 * One text of the site file (src/content/site.json) in a test locale: plain text, whose
 * `{firm.name}`-style placeholders are filled by the page, so they are kept as they are.
 */
export function testLocaleSiteText(locale: TestContentLocale, text: string): string {
  if (locale !== PSEUDO_LOCALE) return `${TEST_WELSH_MARKER} ${text}`;
  const accented = text
    .split(/(\{[^}]*\})/)
    .map((part) => (part.startsWith('{') ? part : pseudoLocalizeWord(part)))
    .join('');
  return `[${accented} ${'~'.repeat(Math.max(1, Math.ceil(text.length / 3)))}]`;
}

/**
 * A shared page schema's text in the cy test locale, for welsh-test's pages that `$ref` it
 * (the signature): marked English like the site's words, TEST DATA, NOT WELSH.
 */
export function testWelshSchemaText(text: string): string {
  return `${TEST_WELSH_MARKER} ${text}`;
}

/** One content message in a test locale. */
export function testLocaleMessage(locale: TestContentLocale, message: string): string {
  return locale === PSEUDO_LOCALE ? pseudoLocalizeMessage(message) : markAsTestWelsh(message);
}

/** Every message of an area's English file, in a test locale. */
export function testLocaleMessages(
  locale: TestContentLocale,
  english: Readonly<Record<string, string>>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(english).map(([key, message]) => [
      key,
      key === LANGUAGE_NAME_KEY && locale === TEST_WELSH_LOCALE
        ? WELSH_NAME
        : testLocaleMessage(locale, message),
    ]),
  );
}

/**
 * The shell's message naming its language in itself, which the language switch shows. Welsh's
 * name is a fact, not a translation of the site, so the cy test files give it as it is.
 */
export const LANGUAGE_NAME_KEY = 'language.name';
export const WELSH_NAME = 'Cymraeg';

// --- The claimant emails ------------------------------------------------------------------

/** An email template: src/content/emails/<name>.json. */
export interface EmailTemplate {
  subject: string;
  text: string;
  html: string;
}

/**
 * A template's text with `change` applied to its words only: `{{placeholders}}`, HTML tags and
 * entities are kept as written. `change` is given each run of words and whether it is the
 * first run of the text.
 */
function mapTemplateWords(text: string, change: (words: string, first: boolean) => string) {
  const kept = /(\{\{\{?[^}]*\}?\}\}|<[^>]*>|&[#a-zA-Z0-9]+;)/;
  let first = true;
  return text
    .split(kept)
    .map((part, i) => {
      if (i % 2 === 1 || part.trim() === '') return part;
      const changed = change(part, first);
      first = false;
      return changed;
    })
    .join('');
}

/** An email template in a test locale, its placeholders and markup intact. */
export function testLocaleEmail(locale: TestContentLocale, template: EmailTemplate): EmailTemplate {
  const change =
    locale === PSEUDO_LOCALE
      ? (words: string) => pseudoLocalizeWord(words)
      : (words: string, first: boolean) =>
          first ? words.replace(/^(\s*)/, `$1${TEST_WELSH_MARKER} `) : words;
  const each = (text: string) => mapTemplateWords(text, change);
  // The pseudo-locale brackets a whole text; HTML keeps its words accented only.
  const bracket = (text: string) =>
    locale === PSEUDO_LOCALE
      ? `[${each(text)} ${'~'.repeat(Math.ceil(text.length / 3))}]`
      : each(text);
  return {
    subject: bracket(template.subject),
    text: bracket(template.text),
    html: each(template.html),
  };
}

/** A page schema with `texts` as its `x-translations` in `locale`, beside any it has. */
export function withSchemaTranslations(
  schema: Json,
  locale: string,
  texts: Record<string, string>,
): Json {
  const existing = (schema[SCHEMA_TRANSLATIONS_KEYWORD] ?? {}) as Json;
  return { ...schema, [SCHEMA_TRANSLATIONS_KEYWORD]: { ...existing, [locale]: texts } };
}

const schema = (id: string, properties: Json, required: string[], errorMessages: Json): Json => ({
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: id,
  type: 'object',
  required,
  properties,
  'x-errorMessages': errorMessages,
});

/**
 * welsh-test: two question pages and a review-and-sign page, in English with a hand-written
 * Welsh translation of every text (the funnel's and its three schemas').
 */
export function welshTestFunnel(): { funnel: Json; schemas: Json[]; examples: Json[] } {
  const about = withSchemaTranslations(
    schema(
      'welsh-test-about',
      {
        fullName: { type: 'string', title: 'Your full name', minLength: 1, maxLength: 100 },
        email: { type: 'string', format: 'email', title: 'Your email address', maxLength: 254 },
      },
      ['fullName', 'email'],
      {
        fullName: { required: 'Enter your full name', minLength: 'Enter your full name' },
        email: {
          required: 'Enter your email address',
          format: 'Enter an email address in the correct format, like name@example.com',
        },
      },
    ),
    TEST_WELSH_LOCALE,
    {
      '/properties/fullName/title': 'Eich enw llawn',
      '/properties/email/title': 'Eich cyfeiriad e-bost',
      '/x-errorMessages/fullName/required': 'Rhowch eich enw llawn',
      '/x-errorMessages/fullName/minLength': 'Rhowch eich enw llawn',
      '/x-errorMessages/email/required': 'Rhowch eich cyfeiriad e-bost',
      '/x-errorMessages/email/format':
        'Rhowch gyfeiriad e-bost yn y fformat cywir, fel enw@enghraifft.com',
    },
  );
  const town = withSchemaTranslations(
    schema(
      'welsh-test-town',
      {
        town: { type: 'string', title: 'Town or city', minLength: 1, maxLength: 100 },
        // Checkboxes labelled by the page's ui:enumNames, which the funnel translates.
        ticketFor: {
          type: 'array',
          title: 'What the ticket was for (optional)',
          uniqueItems: true,
          items: { type: 'string', enum: ['parking', 'loading'] },
        },
      },
      ['town'],
      { town: { required: 'Enter your town or city', minLength: 'Enter your town or city' } },
    ),
    TEST_WELSH_LOCALE,
    {
      '/properties/town/title': 'Tref neu ddinas',
      '/properties/ticketFor/title': 'Beth oedd y tocyn ar ei gyfer (dewisol)',
      '/x-errorMessages/town/required': 'Rhowch eich tref neu ddinas',
      '/x-errorMessages/town/minLength': 'Rhowch eich tref neu ddinas',
    },
  );
  const declaration = withSchemaTranslations(
    schema(
      'welsh-test-declaration',
      {
        truthful: { type: 'boolean', const: true, title: 'The information I have given is true' },
        // Every sign page asks for a signature (the gateway sends no claim without one).
        signature: { $ref: 'signature#/properties/signature' },
      },
      ['truthful', 'signature'],
      { truthful: { required: 'Confirm the information is true' } },
    ),
    TEST_WELSH_LOCALE,
    {
      '/properties/truthful/title': 'Mae’r wybodaeth a roddais yn wir',
      '/x-errorMessages/truthful/required': 'Cadarnhewch fod y wybodaeth yn wir',
    },
  );
  const funnel: Json = {
    $schema: '../schemas/funnel.schema.json',
    funnelId: WELSH_TEST_FUNNEL_ID,
    version: 1,
    locale: 'en-GB',
    title: 'Ask about a parking ticket',
    wording: { claimNoun: 'request' },
    // The claim-received email goes to the address given, in the claim's language.
    roles: { name: ['/about/fullName'], email: '/about/email' },
    pages: [
      { pageId: 'about', title: 'About you', schema: 'welsh-test-about' },
      {
        pageId: 'town',
        title: 'Where you live',
        schema: 'welsh-test-town',
        uiSchema: {
          ticketFor: { 'ui:widget': 'checkboxes', 'ui:enumNames': ['Parking', 'Loading'] },
        },
      },
      {
        pageId: 'send',
        title: 'Check your answers and send',
        schema: 'welsh-test-declaration',
        kind: 'review-and-sign',
        uiSchema: { signature: { 'ui:field': 'drawOrTypeSignature' } },
      },
    ],
    translations: {
      [TEST_WELSH_LOCALE]: {
        '/title': 'Holi am docyn parcio',
        '/wording/claimNoun': 'cais',
        '/pages/about/title': 'Amdanoch chi',
        '/pages/town/title': 'Ble rydych chi’n byw',
        '/pages/town/uiSchema/ticketFor/ui:enumNames/0': 'Parcio',
        '/pages/town/uiSchema/ticketFor/ui:enumNames/1': 'Llwytho',
        '/pages/send/title': 'Gwiriwch eich atebion ac anfonwch',
      },
    },
  };
  const examples: Json[] = [
    {
      name: 'A claimant in Aberystwyth',
      answers: {
        about: { fullName: 'Megan Jones', email: 'megan@example.com' },
        town: { town: 'Aberystwyth' },
        send: { truthful: true, signature: { method: 'typed', name: 'Megan Jones' } },
      },
    },
  ];
  return { funnel, schemas: [about, town, declaration], examples };
}

/** The Welsh text key incompleteWelshTestFunnel leaves out: the second page's title. */
export const LEFT_OUT_WELSH_KEY = '/pages/town/title';

/** welsh-test with the Welsh of one page title (LEFT_OUT_WELSH_KEY) left out: not complete. */
export function incompleteWelshTestFunnel(): { funnel: Json; schemas: Json[]; examples: Json[] } {
  const complete = welshTestFunnel();
  const translations = structuredClone(complete.funnel.translations) as Record<string, Json>;
  delete translations[TEST_WELSH_LOCALE]![LEFT_OUT_WELSH_KEY];
  return { ...complete, funnel: { ...complete.funnel, translations } };
}
