/**
 * A language still being translated. `npm run language:start -- <locale>` writes every text a
 * language needs with an empty translation (""), so an empty text marks a language in progress:
 * it is not offered, and it is no failure of the checks, which list what is left to translate
 * instead. Once no text is empty, it is checked and offered as any other.
 *
 * A funnel is in progress in a locale when its `translations`, its own stages' `translations`,
 * or the `x-translations` of a schema file its pages use hold an empty text in it. Such a
 * locale is set aside before the registry reads the files: the funnel is read (served, checked,
 * hashed for its version, shipped) as if it did not list the locale, so starting a language
 * neither fails a check nor changes a published version. A key that names no text is still a
 * mistake, reported at its pointer.
 */
import { claimStageTexts, type ClaimStages } from '../../lifecycle';
import { pointerOf } from '../schema/jsonPointer';
import { isJsonObject } from '../schema/schemaProperties';
import {
  funnelLocale,
  funnelTexts,
  schemaTexts,
  SCHEMA_TRANSLATIONS_KEYWORD,
} from './translations';
import type { Funnel, JsonSchemaObject, Problem } from '../types';

/** One text a language in progress still lacks: where it goes, and the text it translates. */
export interface TextToTranslate {
  /** The file the translation is written in (`funnels/vehicle-claim.json`). */
  file: string;
  locale: string;
  /** The JSON pointer of the text in its own language (`/pages/start/title`). */
  key: string;
  /** The text in the file's own language. */
  english: string;
}

/** Whether a locale's texts hold an empty one: the mark of a language still being translated. */
function holdsEmptyText(texts: unknown): boolean {
  return isJsonObject(texts) && Object.values(texts).some((text) => text === '');
}

/** The locales of a `translations` object that are still being translated. */
function localesInProgress(translations: unknown): Set<string> {
  if (!isJsonObject(translations)) return new Set();
  return new Set(
    Object.entries(translations)
      .filter(([, texts]) => holdsEmptyText(texts))
      .map(([locale]) => locale),
  );
}

/**
 * The texts of `own` that `translated` lacks or leaves empty, and the keys of `translated` that
 * name no text of `own` (at `at` + the key, as the complete language's check reports them).
 */
export function untranslatedTexts(
  own: ReadonlyMap<string, string>,
  translated: unknown,
  where: { file: string; locale: string; at: string; keyPrefix?: string },
): { toTranslate: TextToTranslate[]; problems: Problem[] } {
  const texts = isJsonObject(translated) ? translated : {};
  const toTranslate: TextToTranslate[] = [];
  for (const [key, english] of own) {
    const text = texts[key];
    if (typeof text !== 'string' || text === '') {
      toTranslate.push({
        file: where.file,
        locale: where.locale,
        key: `${where.keyPrefix ?? ''}${key}`,
        english,
      });
    }
  }
  const problems = Object.keys(texts)
    .filter((key) => !own.has(key))
    .map((key) => ({
      file: where.file,
      pointer: `${where.at}${pointerOf(key)}`,
      message: `${key} is no text of this file: remove it, or correct its pointer`,
    }));
  return { toTranslate, problems };
}

/** A copy of `file` without the locales of its `keyword` (translations) in `locales`. */
function withoutLocales<T>(file: T, keyword: string, locales: ReadonlySet<string>): T {
  if (!isJsonObject(file) || !isJsonObject(file[keyword]) || locales.size === 0) return file;
  const kept = Object.entries(file[keyword]).filter(([locale]) => !locales.has(locale));
  const copy: Record<string, unknown> = { ...file };
  if (kept.length > 0) copy[keyword] = Object.fromEntries(kept);
  else delete copy[keyword];
  // A copy of the given T with only one keyword's locales trimmed.
  return copy as T;
}

/** The `$id`s a schema `$ref`s in other files (`common` for `common#/definitions/…`). */
function referencedIds(schema: unknown, into: Set<string>): void {
  if (Array.isArray(schema)) schema.forEach((item) => referencedIds(item, into));
  else if (isJsonObject(schema)) {
    for (const [key, value] of Object.entries(schema)) {
      if (key === '$ref' && typeof value === 'string' && !value.startsWith('#'))
        into.add(value.split('#')[0]!);
      else referencedIds(value, into);
    }
  }
}

interface IndexedSchema {
  file: string;
  schema: JsonSchemaObject;
}

/** The schema files a funnel's pages use: each page's schema and those it `$ref`s, in turn. */
function schemaFilesUsed(funnel: Funnel, byId: ReadonlyMap<string, IndexedSchema>) {
  const seen = new Set<string>();
  const queue = funnel.pages.map((page) => page.schema);
  while (queue.length > 0) {
    const id = queue.shift()!;
    if (seen.has(id) || !byId.has(id)) continue;
    seen.add(id);
    const refs = new Set<string>();
    referencedIds(byId.get(id)!.schema, refs);
    queue.push(...refs);
  }
  return [...seen].map((id) => byId.get(id)!);
}

/** A funnel file's shape, enough to read its texts (its format is checked later). */
function readableFunnel(data: unknown): Funnel | undefined {
  if (!isJsonObject(data) || !Array.isArray(data.pages)) return undefined;
  const pagesReadable = data.pages.every(
    (page) => isJsonObject(page) && typeof page.pageId === 'string',
  );
  // Checked as far as a translation reads it; the rest is funnels:check's to judge.
  return pagesReadable ? (data as unknown as Funnel) : undefined;
}

/** A funnel's own stages, when it has stages to read texts of. */
function readableLifecycle(funnel: Funnel): ClaimStages | undefined {
  const lifecycle: unknown = funnel.lifecycle;
  return isJsonObject(lifecycle) && Array.isArray(lifecycle.stages)
    ? // Checked as far as a translation reads it (a stages list); the rest is funnels:check's.
      (lifecycle as unknown as ClaimStages)
    : undefined;
}

/** Registry files with every language in progress set aside, and what those languages lack. */
interface LanguagesSetAside {
  funnels: Record<string, unknown>;
  schemas: Record<string, unknown>;
  /** Every text a language in progress still lacks, by file, in file order. */
  toTranslate: TextToTranslate[];
  /** Keys of a language in progress that name no text: mistakes, as in a complete language. */
  problems: Problem[];
}

/** What a schema file lacks in `locale`; nothing when it has no text. */
function schemaToTranslate({ file, schema }: IndexedSchema, locale: string) {
  const own = schemaTexts(schema);
  const translations = schema[SCHEMA_TRANSLATIONS_KEYWORD];
  const translated = isJsonObject(translations) ? translations[locale] : undefined;
  return untranslatedTexts(own, translated, {
    file,
    locale,
    at: pointerOf(SCHEMA_TRANSLATIONS_KEYWORD, locale),
  });
}

/** What a funnel file lacks in `locale`: its own texts, then its lifecycle's. */
function funnelToTranslate(
  file: string,
  funnel: Funnel,
  lifecycle: ClaimStages | undefined,
  locale: string,
): ReturnType<typeof untranslatedTexts>[] {
  const own = untranslatedTexts(funnelTexts(funnel), funnel.translations?.[locale], {
    file,
    locale,
    at: pointerOf('translations', locale),
  });
  if (!lifecycle) return [own];
  return [
    own,
    untranslatedTexts(claimStageTexts(lifecycle), lifecycle.translations?.[locale], {
      file,
      locale,
      at: pointerOf('lifecycle', 'translations', locale),
      keyPrefix: '/lifecycle',
    }),
  ];
}

/**
 * The funnel and schema files as the registry reads them: each funnel without the locales it is
 * still being translated into, and each schema without its own locales in progress (see the
 * module comment). The texts those locales lack are listed, each once.
 */
export function setAsideLanguagesInProgress(input: {
  funnels: Record<string, unknown>;
  schemas: Record<string, unknown>;
}): LanguagesSetAside {
  const toTranslate: TextToTranslate[] = [];
  const problems: Problem[] = [];
  const listed = new Set<string>();
  const list = (found: ReturnType<typeof untranslatedTexts>) => {
    for (const text of found.toTranslate) {
      const id = `${text.file}\u0000${text.locale}\u0000${text.key}`;
      if (!listed.has(id)) toTranslate.push(text);
      listed.add(id);
    }
    for (const problem of found.problems) {
      const id = `${problem.file}\u0000${problem.pointer}`;
      if (!listed.has(id)) problems.push(problem);
      listed.add(id);
    }
  };

  const byId = new Map<string, IndexedSchema>();
  const schemaLocalesInProgress = new Map<string, Set<string>>();
  for (const [file, schema] of Object.entries(input.schemas)) {
    if (!isJsonObject(schema)) continue;
    if (typeof schema.$id === 'string') byId.set(schema.$id, { file, schema });
    schemaLocalesInProgress.set(file, localesInProgress(schema[SCHEMA_TRANSLATIONS_KEYWORD]));
  }
  const funnels: Record<string, unknown> = {};
  for (const [file, data] of Object.entries(input.funnels)) {
    const funnel = readableFunnel(data);
    if (!funnel) {
      funnels[file] = data;
      continue;
    }
    const lifecycle = readableLifecycle(funnel);
    const used = schemaFilesUsed(funnel, byId);
    const inProgress = new Set<string>();
    const listedLocales = new Set([
      ...Object.keys(isJsonObject(funnel.translations) ? funnel.translations : {}),
      ...Object.keys(isJsonObject(lifecycle?.translations) ? lifecycle.translations : {}),
    ]);
    for (const locale of listedLocales) {
      if (locale === funnelLocale(funnel)) continue; // the format's own check says so
      const started =
        holdsEmptyText(funnel.translations?.[locale]) ||
        holdsEmptyText(lifecycle?.translations?.[locale]) ||
        used.some(({ file: schemaFile }) => schemaLocalesInProgress.get(schemaFile)?.has(locale));
      if (!started) continue;
      inProgress.add(locale);
      funnelToTranslate(file, funnel, lifecycle, locale).forEach(list);
      for (const schema of used) list(schemaToTranslate(schema, locale));
    }
    let served = withoutLocales(funnel, 'translations', inProgress);
    if (lifecycle && inProgress.size > 0) {
      served = { ...served, lifecycle: withoutLocales(lifecycle, 'translations', inProgress) };
    }
    funnels[file] = served;
  }

  const schemas: Record<string, unknown> = {};
  for (const [file, schema] of Object.entries(input.schemas)) {
    const locales = schemaLocalesInProgress.get(file) ?? new Set<string>();
    if (isJsonObject(schema)) {
      for (const locale of locales) list(schemaToTranslate({ file, schema }, locale));
    }
    schemas[file] = withoutLocales(schema, SCHEMA_TRANSLATIONS_KEYWORD, locales);
  }
  return { funnels, schemas, toTranslate, problems };
}

/** How many texts each locale in progress lacks, per file: `{ cy: { "funnels/x.json": 12 } }`. */
export function countsToTranslate(
  texts: readonly TextToTranslate[],
): Map<string, Map<string, number>> {
  const counts = new Map<string, Map<string, number>>();
  for (const { locale, file } of texts) {
    const files = counts.get(locale) ?? new Map<string, number>();
    files.set(file, (files.get(file) ?? 0) + 1);
    counts.set(locale, files);
  }
  return counts;
}

/**
 * The shared claim stages file (funnels/lifecycle/claim-stages.json) as the checks read it:
 * without the locales still being translated, whose missing texts are listed instead.
 */
export function setAsideStagesInProgress(
  file: string,
  data: unknown,
): { stages: unknown; toTranslate: TextToTranslate[]; problems: Problem[] } {
  if (!isJsonObject(data) || !Array.isArray(data.stages)) {
    return { stages: data, toTranslate: [], problems: [] };
  }
  // Checked as far as a translation reads it (a stages list); the rest is funnels:check's.
  const stages = data as unknown as ClaimStages;
  const inProgress = localesInProgress(stages.translations);
  const toTranslate: TextToTranslate[] = [];
  const problems: Problem[] = [];
  for (const locale of inProgress) {
    const found = untranslatedTexts(claimStageTexts(stages), stages.translations?.[locale], {
      file,
      locale,
      at: pointerOf('translations', locale),
    });
    toTranslate.push(...found.toTranslate);
    problems.push(...found.problems);
  }
  return { stages: withoutLocales(data, 'translations', inProgress), toTranslate, problems };
}
