/**
 * Starts a language: writes every text the site and its funnels need in it, each with an empty
 * translation, in the files the site reads its languages from (docs/product-owner.md, "Words and languages").
 * An empty text marks the language as being translated, so it is not offered and fails no
 * check (src/runtime/funnel/words/languagesInProgress.ts) until a translator has filled in every one.
 *
 * Run again, it keeps every translation already written (and any key it does not know, which
 * the checks then name) and adds only the texts that are new, in the English file's order.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MESSAGE_FILES, readMessages } from './icuMessages';
import { EMAILS_DIR } from './contentLocales';
import { writeFileAtomic } from './atomicFile';
import { claimStagesFile, registryRoot, siteContentFile } from './registryFiles';
import { siteTexts, type SiteContent } from '../../src/content/site';
import { claimStageTexts, type ClaimStages } from '../../src/runtime/lifecycle';
import {
  DEFAULT_LOCALE,
  funnelLocale,
  funnelTexts,
  schemaTexts,
  SCHEMA_TRANSLATIONS_KEYWORD,
} from '../../src/runtime/funnel/words/translations';
import { isFormatSchema } from '../../src/runtime/funnel/schema/schemaFiles';
import { CONTENT_LOCALE } from '../../src/gateway/infra/contentLocales';
import type { Funnel, JsonSchemaObject } from '../../src/runtime/funnel';

type JsonObject = Record<string, unknown>;

/** The fields of an email template, as contentLocales.ts checks them. */
const EMAIL_FIELDS = ['subject', 'text', 'html'] as const;

/**
 * Why `locale` cannot be started, or undefined when it can: it must be a language tag a file
 * name carries (`cy`, `fr-CA`), of a language (and region) the language data knows, and not
 * the language the site is written in.
 */
export function localeRefusal(locale: string | undefined): string | undefined {
  const example = 'a language code, with a region when needed: cy, ga, pl, fr-CA';
  if (!locale) return `name the language to start, ${example}`;
  let canonical: string;
  try {
    canonical = Intl.getCanonicalLocales(locale)[0]!;
  } catch {
    return `"${locale}" is not a BCP 47 language tag: write ${example}`;
  }
  if (!CONTENT_LOCALE.test(locale)) {
    return `"${locale}" is not a tag the content files can be named with: write ${example}${canonical !== locale ? ` (did you mean ${canonical}?)` : ''}`;
  }
  if (locale === DEFAULT_LOCALE) {
    return `${DEFAULT_LOCALE} is the language the site is written in: start another language`;
  }
  const { language, region } = new Intl.Locale(locale);
  const languages = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
  const regions = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  if (languages.of(language) === undefined) {
    return `"${language}" is no language code known to this computer's language data: write ${example}`;
  }
  if (region !== undefined && (region === 'ZZ' || regions.of(region) === undefined)) {
    return `"${region}" is no region code known to this computer's language data: write ${example}`;
  }
  return undefined;
}

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The translations of `own`'s texts in a locale: each kept where `existing` has it, else
 * empty, in `own`'s order; keys `existing` has beyond `own` are kept after them, so no text
 * is lost (the checks name them). `where` names `existing` when it is no object of texts,
 * which is refused rather than written over.
 */
function translationsToFill(
  own: ReadonlyMap<string, string>,
  existing: unknown,
  where: string,
): JsonObject {
  if (existing !== undefined && !isObject(existing)) {
    throw new Error(`${where}: must be an object of texts by key; correct it, then start again`);
  }
  const before = existing ?? {};
  const filled: JsonObject = {};
  for (const key of own.keys()) filled[key] = typeof before[key] === 'string' ? before[key] : '';
  for (const [key, value] of Object.entries(before)) if (!(key in filled)) filled[key] = value;
  return filled;
}

/**
 * `file`'s `keyword` with `locale` filled in from `own` (the object is changed in place);
 * returns the locale's translations.
 */
function fillLocale(
  file: JsonObject,
  keyword: string,
  locale: string,
  own: Map<string, string>,
  /** The file, and the pointer of `file` in it (`/lifecycle`), for a refusal. */
  where: { file: string; at?: string },
): JsonObject {
  const all = file[keyword] ?? {};
  const at = `${where.file}: ${where.at ?? ''}/${keyword}`;
  if (!isObject(all)) throw new Error(`${at}: must be an object of locales`);
  const filled = translationsToFill(own, all[locale], `${at}/${locale}`);
  file[keyword] = { ...all, [locale]: filled };
  return filled;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: not valid JSON: ${(error as Error).message}`);
  }
}

function jsonFiles(directory: string): string[] {
  return existsSync(directory)
    ? readdirSync(directory)
        .filter((name) => name.endsWith('.json'))
        .sort()
        .map((name) => path.join(directory, name))
    : [];
}

/** What starting a language did: the files it wrote, and how many texts await translation. */
interface LanguageStarted {
  locale: string;
  /** Files written (created or given new texts), relative to the project. */
  written: string[];
  /** Files that already held every text, relative to the project. */
  unchanged: string[];
  /** Funnels written in this language already, so not translated into it. */
  skipped: string[];
  /** Texts whose translation is still empty, over every file. */
  emptyTexts: number;
}

/**
 * Writes every file `locale` needs (see the module comment). `format` lays out a file's JSON
 * as the project's Prettier settings do. Throws on an unreadable file, naming it, before
 * writing anything.
 */
export async function startLanguage(
  projectRoot: string,
  locale: string,
  format: (file: string, json: string) => Promise<string>,
): Promise<LanguageStarted> {
  const refusal = localeRefusal(locale);
  if (refusal) throw new Error(refusal);
  const planned: Array<{ file: string; content: unknown }> = [];
  const skipped: string[] = [];
  let emptyTexts = 0;
  /** A file to write, and the translations in it, whose empty texts are counted. */
  const plan = (file: string, content: unknown, ...translations: JsonObject[]) => {
    planned.push({ file, content });
    for (const texts of translations)
      emptyTexts += Object.values(texts).filter((text) => text === '').length;
  };
  const filledFile = (file: string, own: ReadonlyMap<string, string>) => {
    const filled = translationsToFill(own, existsSync(file) ? readJson(file) : {}, file);
    plan(file, filled, filled);
  };
  const at = (...parts: string[]) => path.resolve(projectRoot, ...parts);

  // The site's words: one file per area, per email template, and the site file's.
  for (const area of MESSAGE_FILES) {
    const file = at(area.file.replace(`.${area.locale}.json`, `.${locale}.json`));
    const own = new Map(Object.entries(readMessages(at(area.file))));
    filledFile(file, own);
  }
  for (const template of jsonFiles(at(EMAILS_DIR))) {
    const name = /^([a-z][a-z0-9-]*)\.json$/.exec(path.basename(template))?.[1];
    if (!name) continue;
    const english = readJson(template) as JsonObject;
    const own = new Map(
      EMAIL_FIELDS.flatMap((field) =>
        typeof english[field] === 'string' ? [[field, english[field] as string]] : [],
      ),
    );
    filledFile(at(EMAILS_DIR, `${name}.${locale}.json`), own);
  }
  const site = siteTexts(readJson(siteContentFile(projectRoot)) as SiteContent);
  filledFile(at('src/content', `site.${locale}.json`), site);

  // The shared claim stages, each funnel and each page schema keep theirs inside them.
  const stagesFile = claimStagesFile(projectRoot);
  if (existsSync(stagesFile)) {
    const stages = readJson(stagesFile) as JsonObject;
    const own = claimStageTexts(stages as unknown as ClaimStages);
    plan(stagesFile, stages, fillLocale(stages, 'translations', locale, own, { file: stagesFile }));
  }
  const registry = registryRoot(projectRoot);
  for (const file of jsonFiles(path.join(registry, 'funnels'))) {
    const funnel = readJson(file) as JsonObject;
    if (!Array.isArray(funnel.pages)) throw new Error(`${file}: not a funnel (it has no pages)`);
    if (funnelLocale(funnel as unknown as Funnel) === locale) {
      skipped.push(path.relative(projectRoot, file));
      continue;
    }
    const texts = [
      fillLocale(funnel, 'translations', locale, funnelTexts(funnel as unknown as Funnel), {
        file,
      }),
    ];
    const lifecycle = funnel.lifecycle as JsonObject | undefined;
    if (lifecycle && Array.isArray(lifecycle.stages)) {
      const stages = claimStageTexts(lifecycle as unknown as ClaimStages);
      texts.push(fillLocale(lifecycle, 'translations', locale, stages, { file, at: '/lifecycle' }));
    }
    plan(file, funnel, ...texts);
  }
  for (const file of jsonFiles(path.join(registry, 'schemas'))) {
    const schema = readJson(file) as JsonSchemaObject;
    if (typeof schema.$id !== 'string' || isFormatSchema(schema.$id)) continue;
    const own = schemaTexts(schema);
    if (own.size === 0) continue;
    plan(file, schema, fillLocale(schema, SCHEMA_TRANSLATIONS_KEYWORD, locale, own, { file }));
  }

  const started: LanguageStarted = { locale, written: [], unchanged: [], skipped, emptyTexts };
  for (const { file, content } of planned) {
    const text = await format(file, `${JSON.stringify(content, null, 2)}\n`);
    const shown = path.relative(projectRoot, file);
    const before = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    if (before === text) started.unchanged.push(shown);
    else {
      // A running stack reads these files: it must never read one half-written.
      await writeFileAtomic(file, text);
      started.written.push(shown);
    }
  }
  return started;
}
