/**
 * The test locales: fixtures that turn a test stack's site and funnels into more than one
 * language, so the claimant's language switch and every translated screen can be tested before
 * any real translation ships. The shipped site stays en-GB: nothing here is written into
 * src/content, funnels/ or schemas/, only into folders a test stack is given
 * (`tsx scripts/with-stack.ts --registry-copy --test-locales`).
 *
 * Two locales of the site's own words (src/content) and of the claimant emails:
 * - `en-XA`, the pseudo-locale (tests/support/pseudoLocale.ts): every letter accented, each
 *   text a third longer, bracketed.
 * - `cy`, TEST DATA, NOT WELSH: no Welsh translation of the site exists, so each English
 *   message is marked `⟨cy⟩ …` (markAsTestWelsh) and otherwise left in English. It only lets
 *   a test tell "the cy file was read" from "the English was read". Never ship it.
 *
 * And, in a registry copy (writeTestFunnelLocales):
 * - the built-in funnels (the project's funnels/*.json) and every page schema they use
 *   (`$ref`'d ones included) offered in en-XA too, each published as a new version (a text is
 *   part of a published version, so adding a locale is a new version, as it would be for real);
 * - `welsh-test` (WELSH_TEST_FUNNEL_ID), a small funnel of two question pages and a
 *   review-and-sign page, each with a page schema of its own, written in English (en-GB) with
 *   a hand-written Welsh translation in `translations.cy` and its schemas' `x-translations.cy`.
 *   Its Welsh is real, short and checked by hand; it is the funnel the locale journeys
 *   (tests/e2e/locales) switch to Cymraeg. `incompleteWelshTestFunnel()` is the same funnel
 *   with one Welsh page title left out, which funnels:check must refuse.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse, type Token } from '@messageformat/parser';
import { MESSAGE_FILES, readMessages } from '../../scripts/lib/icuMessages';
import { formatProblem } from '../../scripts/funnels-check';
import { publishFunnels } from '../../scripts/funnels-publish';
import {
  funnelTexts,
  schemaTexts,
  SCHEMA_TRANSLATIONS_KEYWORD,
  type Funnel,
  type JsonSchemaObject,
} from '../../src/runtime/funnel';
import {
  PSEUDO_LOCALE,
  pseudoLocalize,
  pseudoLocalizeMessage,
  pseudoLocalizeWord,
} from './pseudoLocale';

const defaultProjectRoot = path.resolve(import.meta.dirname, '../..');

/** The test stand-in for Welsh (see the file's comment: marked English, not Welsh). */
export const TEST_WELSH_LOCALE = 'cy';
/** What each cy site text and email starts with. */
export const TEST_WELSH_MARKER = '⟨cy⟩';
/** The locales the site's words are written in on a stack with the test locales. */
export const TEST_CONTENT_LOCALES = [PSEUDO_LOCALE, TEST_WELSH_LOCALE] as const;
export type TestContentLocale = (typeof TEST_CONTENT_LOCALES)[number];

/** The funnel written in English with a hand-written Welsh translation. */
export const WELSH_TEST_FUNNEL_ID = 'welsh-test';

type Json = Record<string, unknown>;
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

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
    Object.entries(english).map(([key, message]) => [key, testLocaleMessage(locale, message)]),
  );
}

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

/**
 * Writes the site's words and the claimant emails in every test locale into `directory`, laid
 * out like src/content: `<area>.<locale>.json` for each area of MESSAGE_FILES, and
 * `emails/<name>.<locale>.json` for each template of src/content/emails. A stack given the
 * folder as CONTENT_TRANSLATIONS_DIR reads them beside its own. Returns the files written,
 * relative to `directory`.
 */
export async function writeTestContentLocales(
  directory: string,
  projectRoot = defaultProjectRoot,
): Promise<string[]> {
  const written: string[] = [];
  const put = async (relative: string, value: unknown) => {
    await mkdir(path.dirname(path.join(directory, relative)), { recursive: true });
    await writeFile(path.join(directory, relative), json(value));
    written.push(relative);
  };
  for (const locale of TEST_CONTENT_LOCALES) {
    for (const area of MESSAGE_FILES) {
      const english = readMessages(path.join(projectRoot, area.file));
      await put(`${area.name}.${locale}.json`, testLocaleMessages(locale, english));
    }
    const emails = path.join(projectRoot, 'src/content/emails');
    for (const name of (await readdir(emails)).filter((file) => file.endsWith('.json')).sort()) {
      const template = JSON.parse(await readFile(path.join(emails, name), 'utf8')) as EmailTemplate;
      await put(
        `emails/${name.replace(/\.json$/, '')}.${locale}.json`,
        testLocaleEmail(locale, template),
      );
    }
  }
  return written;
}

// --- The funnels --------------------------------------------------------------------------

/**
 * Texts by key in the pseudo-locale. The claim noun is a word the platform sets inside its
 * sentences ("Make another {claimNoun}"), so it is accented but not bracketed.
 */
function pseudoTexts(texts: ReadonlyMap<string, string>): Record<string, string> {
  return Object.fromEntries(
    [...texts].map(([key, text]) => [
      key,
      key === '/wording/claimNoun' ? pseudoLocalizeWord(text) : pseudoLocalize(text),
    ]),
  );
}

/** A page schema with `texts` as its `x-translations` in `locale`, beside any it has. */
function withSchemaTranslations(schema: Json, locale: string, texts: Record<string, string>): Json {
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
      { fullName: { type: 'string', title: 'Your full name', minLength: 1, maxLength: 100 } },
      ['fullName'],
      { fullName: { required: 'Enter your full name', minLength: 'Enter your full name' } },
    ),
    TEST_WELSH_LOCALE,
    {
      '/properties/fullName/title': 'Eich enw llawn',
      '/x-errorMessages/fullName/required': 'Rhowch eich enw llawn',
      '/x-errorMessages/fullName/minLength': 'Rhowch eich enw llawn',
    },
  );
  const town = withSchemaTranslations(
    schema(
      'welsh-test-town',
      { town: { type: 'string', title: 'Town or city', minLength: 1, maxLength: 100 } },
      ['town'],
      { town: { required: 'Enter your town or city', minLength: 'Enter your town or city' } },
    ),
    TEST_WELSH_LOCALE,
    {
      '/properties/town/title': 'Tref neu ddinas',
      '/x-errorMessages/town/required': 'Rhowch eich tref neu ddinas',
      '/x-errorMessages/town/minLength': 'Rhowch eich tref neu ddinas',
    },
  );
  const declaration = withSchemaTranslations(
    schema(
      'welsh-test-declaration',
      { truthful: { type: 'boolean', const: true, title: 'The information I have given is true' } },
      ['truthful'],
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
    roles: { name: ['/about/fullName'] },
    pages: [
      { pageId: 'about', title: 'About you', schema: 'welsh-test-about' },
      { pageId: 'town', title: 'Where you live', schema: 'welsh-test-town' },
      {
        pageId: 'send',
        title: 'Check your answers and send',
        schema: 'welsh-test-declaration',
        kind: 'review-and-sign',
      },
    ],
    translations: {
      [TEST_WELSH_LOCALE]: {
        '/title': 'Holi am docyn parcio',
        '/wording/claimNoun': 'cais',
        '/pages/about/title': 'Amdanoch chi',
        '/pages/town/title': 'Ble rydych chi’n byw',
        '/pages/send/title': 'Gwiriwch eich atebion ac anfonwch',
      },
    },
  };
  const examples: Json[] = [
    {
      name: 'A claimant in Aberystwyth',
      answers: {
        about: { fullName: 'Megan Jones' },
        town: { town: 'Aberystwyth' },
        send: { truthful: true },
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

/** Writes a funnel, its examples and its schemas into a registry directory. */
export async function writeTestFunnel(
  registryDir: string,
  written: { funnel: Json; schemas: Json[]; examples: Json[] },
): Promise<void> {
  const funnelId = String(written.funnel.funnelId);
  await mkdir(path.join(registryDir, 'funnels', 'examples'), { recursive: true });
  await writeFile(path.join(registryDir, 'funnels', `${funnelId}.json`), json(written.funnel));
  await writeFile(
    path.join(registryDir, 'funnels', 'examples', `${funnelId}.json`),
    json(written.examples),
  );
  for (const page of written.schemas) {
    await writeFile(
      path.join(registryDir, 'schemas', `${String(page.$id)}.schema.json`),
      json(page),
    );
  }
}

/** The `$id`s a schema refers to (`"$ref": "common#/definitions/…"`), its own excepted. */
function referredIds(value: unknown, ownId: string, into: Set<string>): void {
  if (Array.isArray(value)) for (const item of value) referredIds(item, ownId, into);
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string' && !inner.startsWith('#')) {
        const id = inner.split('#')[0]!;
        if (id !== ownId) into.add(id);
      } else referredIds(inner, ownId, into);
    }
  }
}

/** The newest published version of a funnel in a registry directory (0 when none is). */
function newestPublished(registryDir: string, funnelId: string): number {
  const folder = path.join(registryDir, 'funnels', 'published', funnelId);
  if (!existsSync(folder)) return 0;
  return Math.max(
    0,
    ...readdirSync(folder).map((name) => Number(/^(\d+)\.json$/.exec(name)?.[1] ?? 0)),
  );
}

/**
 * Offers each built-in funnel (the project's funnels/*.json) present in `registryDir`, and
 * every schema file its pages use, in the pseudo-locale too: each text translated as the
 * generated test funnels' are. Each funnel goes up one version, to be published.
 */
async function offerBuiltInFunnelsInPseudoLocale(
  registryDir: string,
  projectRoot: string,
): Promise<void> {
  const builtIn = readdirSync(path.join(projectRoot, 'funnels')).filter((name) =>
    name.endsWith('.json'),
  );
  const schemasDir = path.join(registryDir, 'schemas');
  const schemaFiles = new Map<string, { file: string; schema: Json }>();
  for (const name of readdirSync(schemasDir).filter((file) => file.endsWith('.json'))) {
    const schema = JSON.parse(readFileSync(path.join(schemasDir, name), 'utf8')) as Json;
    if (typeof schema.$id === 'string') schemaFiles.set(schema.$id, { file: name, schema });
  }
  const used = new Set<string>();
  const addUsed = (id: string) => {
    if (used.has(id) || !schemaFiles.has(id)) return;
    used.add(id);
    const refs = new Set<string>();
    referredIds(schemaFiles.get(id)!.schema, id, refs);
    for (const ref of refs) addUsed(ref);
  };
  for (const name of builtIn) {
    const file = path.join(registryDir, 'funnels', name);
    if (!existsSync(file)) continue;
    const funnel = JSON.parse(await readFile(file, 'utf8')) as Json;
    for (const page of funnel.pages as Array<{ schema: string }>) addUsed(page.schema);
    const translated: Json = {
      ...funnel,
      version:
        Math.max(Number(funnel.version), newestPublished(registryDir, String(funnel.funnelId))) + 1,
      translations: {
        ...((funnel.translations ?? {}) as Json),
        [PSEUDO_LOCALE]: pseudoTexts(funnelTexts(funnel as unknown as Funnel)),
      },
    };
    await writeFile(file, json(translated));
  }
  for (const id of used) {
    const { file, schema } = schemaFiles.get(id)!;
    const texts = schemaTexts(schema as JsonSchemaObject);
    if (texts.size === 0) continue;
    await writeFile(
      path.join(schemasDir, file),
      json(withSchemaTranslations(schema, PSEUDO_LOCALE, pseudoTexts(texts))),
    );
  }
}

/**
 * The funnels' part of the test locales, added to a registry copy (a directory with funnels/
 * and schemas/): the built-in funnels offered in en-XA as a new version, and welsh-test; then
 * every version not yet published is published, as `npm run funnels:publish` would. Throws,
 * with funnels:check's lines, if the result does not pass it.
 */
export async function writeTestFunnelLocales(
  registryDir: string,
  projectRoot = defaultProjectRoot,
): Promise<void> {
  await offerBuiltInFunnelsInPseudoLocale(registryDir, projectRoot);
  await writeTestFunnel(registryDir, welshTestFunnel());
  const result = await publishFunnels([], registryDir);
  if (result.problems.length > 0) {
    throw new Error(
      `the test locales' funnels do not pass funnels:check:\n${result.problems.map(formatProblem).join('\n')}`,
    );
  }
}
