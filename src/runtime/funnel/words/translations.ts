/**
 * A funnel's text in other languages, kept in the same files as the text itself.
 *
 * A funnel file is written in one language, its `locale` (en-GB when left out), and carries
 * its other languages in `translations`: per locale, the translated text of each "text key".
 * A text key is the JSON pointer of a piece of text in the funnel, with each page named by
 * its `pageId` rather than its place in `pages`, so moving a page keeps its translations:
 *
 *   "translations": { "cy": { "/title": "…", "/pages/start/title": "…",
 *                             "/pages/start/uiSchema/email/ui:help": "…" } }
 *
 * A page schema file carries its own in `x-translations`, keyed by plain JSON pointers into
 * the schema (`/properties/firstName/title`, `/x-errorMessages/firstName/required`).
 *
 * A locale is offered for a funnel when its file lists it; funnels:check then requires every
 * text of the funnel, and of every schema file its pages use ($ref'd ones included), in that
 * locale, and refuses translated keys that name no text. So a locale that ships is complete.
 */
import { pointerOf, pointerTokens } from '../schema/jsonPointer';
import { forEachSchemaObject } from '../schema/schemaWalk';
import { isJsonObject } from '../schema/schemaProperties';
import type { Funnel, JsonSchemaObject } from '../types';

/** The language a funnel or schema file is written in when it does not say. */
export const DEFAULT_LOCALE = 'en-GB';

/** The keyword of a page schema that holds its text in other languages. */
export const SCHEMA_TRANSLATIONS_KEYWORD = 'x-translations';

/** Translated text per locale: locale → text key → text. */
type Translations = Record<string, Record<string, string>>;

/** uiSchema entries a claimant reads; the rest (widgets, widths, autocomplete…) are not text. */
const UI_TEXT_KEYS = new Set(['ui:title', 'ui:description', 'ui:help', 'ui:placeholder']);
/** A uiSchema entry holding one text per option. */
const UI_TEXT_LIST_KEYS = new Set(['ui:enumNames']);
/** Schema keywords a claimant reads. */
const SCHEMA_TEXT_KEYWORDS = new Set(['title', 'description']);

/** The locale a funnel's own text is in. */
export function funnelLocale(funnel: Funnel): string {
  return funnel.locale ?? DEFAULT_LOCALE;
}

/** Every locale the funnel offers: its own first, then those its file translates it into. */
export function funnelLocales(funnel: Funnel): string[] {
  const translated = Object.keys(funnel.translations ?? {});
  const own = funnelLocale(funnel);
  return [own, ...translated.filter((locale) => locale !== own)];
}

function uiSchemaTexts(uiSchema: unknown, at: string, texts: Map<string, string>): void {
  if (!isJsonObject(uiSchema)) return;
  for (const [key, value] of Object.entries(uiSchema)) {
    const pointer = `${at}${pointerOf(key)}`;
    if (UI_TEXT_KEYS.has(key) && typeof value === 'string') texts.set(pointer, value);
    else if (UI_TEXT_LIST_KEYS.has(key) && Array.isArray(value)) {
      value.forEach((item, i) => {
        if (typeof item === 'string') texts.set(`${pointer}${pointerOf(i)}`, item);
      });
    } else if (!key.startsWith('ui:')) uiSchemaTexts(value, pointer, texts);
  }
}

/** Every text of a funnel file, by text key, in the file's own language. */
export function funnelTexts(funnel: Funnel): Map<string, string> {
  const texts = new Map<string, string>();
  const put = (pointer: string, value: unknown) => {
    if (typeof value === 'string' && value !== '') texts.set(pointer, value);
  };
  put('/title', funnel.title);
  put('/description', funnel.description);
  for (const [key, value] of Object.entries(funnel.wording ?? {}))
    put(pointerOf('wording', key), value);
  put('/roles/subject/label', funnel.roles?.subject?.label);
  for (const page of funnel.pages) {
    const at = pointerOf('pages', page.pageId);
    put(`${at}/title`, page.title);
    put(`${at}/description`, page.description);
    put(`${at}/letterOfAuthority/title`, page.letterOfAuthority?.title);
    put(`${at}/letterOfAuthority/text`, page.letterOfAuthority?.text);
    put(`${at}/letterOfAuthority/name`, page.letterOfAuthority?.name);
    uiSchemaTexts(page.uiSchema, `${at}/uiSchema`, texts);
  }
  return texts;
}

/** A choice's option (`{"const": …, "title": …}` in a oneOf or anyOf): its title is its label. */
const CHOICE_OPTION = /\/(oneOf|anyOf)\/\d+$/;

/**
 * Every text of a schema file a claimant reads (titles, descriptions, error messages), by
 * JSON pointer: what a translator is given. A page schema's own title and description are
 * not among them (the page's heading and text are the funnel page's `title` and
 * `description`), nor a choice option's description (its title is the label); notes for
 * developers are `$comment`s.
 */
export function schemaTexts(schema: JsonSchemaObject): Map<string, string> {
  const texts = new Map<string, string>();
  forEachSchemaObject(schema, (node, pointer) => {
    if (pointer === '' || pointer.startsWith(`/${SCHEMA_TRANSLATIONS_KEYWORD}`)) return;
    const option = CHOICE_OPTION.test(pointer) && 'const' in node;
    for (const keyword of SCHEMA_TEXT_KEYWORDS) {
      if (option && keyword === 'description') continue;
      if (typeof node[keyword] === 'string' && node[keyword] !== '') {
        // The typeof check just above found a string; the index does not narrow.
        texts.set(`${pointer}${pointerOf(keyword)}`, node[keyword] as string);
      }
    }
  });
  const messages = (at: string, value: unknown) => {
    if (typeof value === 'string') texts.set(at, value);
    else if (isJsonObject(value)) {
      for (const [key, inner] of Object.entries(value)) messages(`${at}${pointerOf(key)}`, inner);
    }
  };
  messages('/x-errorMessages', schema['x-errorMessages']);
  return texts;
}

/** The translations a schema file carries (its `x-translations`), or none. */
export function schemaTranslations(schema: JsonSchemaObject): Translations {
  const value = schema[SCHEMA_TRANSLATIONS_KEYWORD];
  // isJsonObject confirmed an object; its texts are checked per locale by the translation checks.
  return isJsonObject(value) ? (value as Translations) : {};
}

/** A problem in a file's translations: its pointer in that file and what is wrong. */
interface TranslationProblem {
  pointer: string;
  message: string;
}

/**
 * What one locale's translations lack or have too many of, against the file's own texts:
 * `at` is the pointer of that locale's object in the file (`/translations/cy`).
 */
function localeProblems(
  own: ReadonlyMap<string, string>,
  translated: unknown,
  at: string,
  locale: string,
  ownLocale: string,
): TranslationProblem[] {
  if (locale === ownLocale) {
    return [
      {
        pointer: at,
        message: `the file is written in ${ownLocale}: translate it into another locale`,
      },
    ];
  }
  if (!isJsonObject(translated)) return []; // the format schema says what it must be
  const problems: TranslationProblem[] = [];
  for (const [key, text] of own) {
    if (typeof translated[key] !== 'string' || translated[key] === '') {
      problems.push({
        pointer: at,
        message: `no ${locale} text for ${key} ("${shortenedText(text)}")`,
      });
    }
  }
  for (const key of Object.keys(translated)) {
    if (!own.has(key)) {
      problems.push({
        pointer: `${at}${pointerOf(key)}`,
        message: `${key} is no text of this file: remove it, or correct its pointer`,
      });
    }
  }
  return problems;
}

/** A text quoted in a problem line: one line, at most 60 characters. */
export function shortenedText(text: string): string {
  const line = text.replace(/\s+/g, ' ');
  return line.length > 60 ? `${line.slice(0, 57)}…` : line;
}

/**
 * A funnel file's translation problems: each locale it offers must translate every text of
 * the file and nothing else, and every schema file its pages use (the page schema and those
 * its bundle took parts of, such as `common`) must carry that locale too. `schemaFilesOf`
 * gives those files for a page schema's `$id`, as bundling found them.
 */
export function checkFunnelTranslations(
  funnel: Funnel,
  schemaFilesOf: (
    pageSchemaId: string,
  ) => ReadonlyArray<{ file: string; schema: JsonSchemaObject }>,
): TranslationProblem[] {
  const translations = funnel.translations;
  const ownLocale = funnelLocale(funnel);
  const problems: TranslationProblem[] = [];
  if (isJsonObject(translations)) {
    const own = funnelTexts(funnel);
    for (const [locale, translated] of Object.entries(translations)) {
      problems.push(
        ...localeProblems(own, translated, pointerOf('translations', locale), locale, ownLocale),
      );
    }
  }
  // Schema files are written in DEFAULT_LOCALE: every other locale the funnel is read in must
  // be in each of them.
  for (const locale of funnelLocales(funnel).filter((l) => l !== DEFAULT_LOCALE)) {
    const at = locale === ownLocale ? pointerOf('locale') : pointerOf('translations', locale);
    const seen = new Set<string>();
    for (const page of funnel.pages) {
      for (const entry of schemaFilesOf(page.schema)) {
        if (seen.has(entry.file)) continue;
        seen.add(entry.file);
        if (schemaTexts(entry.schema).size > 0 && !(locale in schemaTranslations(entry.schema))) {
          problems.push({
            pointer: at,
            message: `page "${page.pageId}" uses ${entry.file}, which has no ${locale} text: add "${SCHEMA_TRANSLATIONS_KEYWORD}": { "${locale}": { … } } to it`,
          });
        }
      }
    }
  }
  return problems;
}

/** A schema file's translation problems: each locale it carries must translate all its text. */
export function checkSchemaTranslations(schema: JsonSchemaObject): TranslationProblem[] {
  const value = schema[SCHEMA_TRANSLATIONS_KEYWORD];
  if (value === undefined) return [];
  const at = pointerOf(SCHEMA_TRANSLATIONS_KEYWORD);
  if (!isJsonObject(value)) {
    return [
      {
        pointer: at,
        message: 'must be an object of locales, each an object of texts by JSON pointer',
      },
    ];
  }
  const own = schemaTexts(schema);
  const problems: TranslationProblem[] = [];
  for (const [locale, translated] of Object.entries(value)) {
    const localeAt = `${at}${pointerOf(locale)}`;
    if (!isJsonObject(translated)) {
      problems.push({ pointer: localeAt, message: 'must be an object of texts by JSON pointer' });
      continue;
    }
    problems.push(...localeProblems(own, translated, localeAt, locale, DEFAULT_LOCALE));
  }
  return problems;
}

/** A copy of `value` with the text at each pointer of `texts` replaced. */
export function withTexts<T>(value: T, texts: ReadonlyMap<string, string>): T {
  const copy: unknown = structuredClone(value);
  for (const [pointer, text] of texts) {
    const tokens = pointerTokens(pointer);
    let node: unknown = copy;
    for (const token of tokens.slice(0, -1)) {
      node =
        isJsonObject(node) || Array.isArray(node)
          ? // An array is indexed by its string tokens too ("0"), as a JSON pointer addresses it.
            (node as Record<string, unknown>)[token]
          : undefined;
    }
    const last = tokens[tokens.length - 1];
    if (last !== undefined && (isJsonObject(node) || Array.isArray(node))) {
      // An array is indexed by its string tokens too ("0"), as a JSON pointer addresses it.
      (node as Record<string, unknown>)[last] = text;
    }
  }
  // A structured clone of the T given, with only text values replaced.
  return copy as T;
}

/**
 * The funnel as a claimant reading `locale` sees it: every text in that locale (the file's
 * own when `locale` is its own, or one it does not offer). Structure, ids and rules are
 * untouched, so answers and routes are the same in every language.
 */
export function localizeFunnel(funnel: Funnel, locale: string): Funnel {
  const translated = funnel.translations?.[locale];
  if (!translated || locale === funnelLocale(funnel)) return funnel;
  // Text keys name pages by id: turn each into the page's place in `pages`.
  const index = new Map(funnel.pages.map((page, i) => [page.pageId, i]));
  const texts = new Map<string, string>();
  for (const [key, text] of Object.entries(translated)) {
    const tokens = pointerTokens(key);
    if (tokens[0] === 'pages') {
      const i = index.get(tokens[1] ?? '');
      if (i === undefined) continue;
      tokens[1] = String(i);
    }
    texts.set(pointerOf(...tokens), text);
  }
  return withTexts(funnel, texts);
}

/** A page schema as read in `locale` (its own text when it has none in that locale). */
export function localizeSchema(schema: JsonSchemaObject, locale: string): JsonSchemaObject {
  const translated = schemaTranslations(schema)[locale];
  if (!translated) return schema;
  return withTexts(schema, new Map(Object.entries(translated)));
}

/**
 * What the funnel's format says of its text in each locale it is translated into: a translated
 * text must meet the same rules as the English (a `claimNoun` in lower case, a heading no longer
 * than allowed). `validateFunnelFile` is the funnel format's validator; each error is reported
 * at the translation that caused it.
 */
export function checkTranslatedFormat(
  funnel: Funnel,
  validateFunnelFile: (data: unknown) => {
    errors: ReadonlyArray<{ pointer: string; message: string }>;
  },
): TranslationProblem[] {
  const problems: TranslationProblem[] = [];
  const own = funnelLocale(funnel);
  for (const [locale, translated] of Object.entries(funnel.translations ?? {})) {
    if (locale === own || !isJsonObject(translated)) continue;
    for (const error of validateFunnelFile(localizeFunnel(funnel, locale)).errors) {
      const tokens = pointerTokens(error.pointer);
      if (tokens[0] === 'pages' && tokens[1] !== undefined) {
        tokens[1] = funnel.pages[Number(tokens[1])]?.pageId ?? tokens[1];
      }
      const key = pointerOf(...tokens);
      if (!(key in translated)) continue; // not a translated text: the file's own check says it
      problems.push({ pointer: pointerOf('translations', locale, key), message: error.message });
    }
  }
  return problems;
}

/**
 * A funnel or page schema file with its other languages cut to `locales` (its `translations`
 * or `x-translations`), so a build does not ship text in languages its site is not offered in.
 * Anything else is returned as it is.
 */
export function withTranslationsOnlyIn<T>(file: T, locales: readonly string[]): T {
  if (!isJsonObject(file)) return file;
  let copy: Record<string, unknown> | undefined;
  for (const keyword of ['translations', SCHEMA_TRANSLATIONS_KEYWORD]) {
    const translations = file[keyword];
    if (!isJsonObject(translations)) continue;
    copy ??= { ...file };
    const kept = Object.entries(translations).filter(([locale]) => locales.includes(locale));
    if (kept.length > 0) copy[keyword] = Object.fromEntries(kept);
    else delete copy[keyword];
  }
  // A clone of the given T (or T itself), with only its translations keyword cut.
  return (copy ?? file) as T;
}
