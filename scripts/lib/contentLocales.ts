/**
 * The site's words in other languages: beside each content file `src/content/<area>.en-GB.json`
 * a translator adds `<area>.<locale>.json` with the same keys. A locale is offered once any
 * area has it, so site:check (and so the build) then requires it of every area, complete: each
 * file follows its area's schema, every message parses in its locale, no key is missing or
 * extra, and each message takes the same values as the English (a translation that dropped
 * `{count}` or invented `{name}` would show a blank or a wrong word).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, type Token } from '@messageformat/parser';
import { icuProblems, MESSAGE_FILES, readMessages, type MessageFile } from './icuMessages';
import { shortenedText } from '../../src/runtime/funnel/translations';
import { siteTexts, type SiteContent } from '../../src/content/site';
import { siteContentFile } from './registryFiles';

/** A language tag as content file names carry it: `cy`, `en-GB`, the pseudo-locale `en-XA`. */
const LOCALE = /^[a-z]{2,3}(-[A-Z]{2})?$/;

/** One translated content file: its area's English file and the locale it is in. */
export interface TranslatedFile {
  area: MessageFile;
  locale: string;
  file: string;
}

/**
 * Every `<area>.<locale>.json` beside the areas' own files, other than their own locale, and
 * in `extraDirectory` when given: a folder laid out like src/content whose translations a test
 * stack adds (CONTENT_TRANSLATIONS_DIR), so the shipped site stays in the locales it has.
 */
export function translatedFiles(
  areas: readonly MessageFile[],
  projectRoot: string,
  extraDirectory: string | undefined = process.env.CONTENT_TRANSLATIONS_DIR,
): TranslatedFile[] {
  const found: TranslatedFile[] = [];
  // The areas share a folder (src/content): each folder is listed once.
  const listings = new Map<string, string[]>();
  const namesIn = (directory: string): string[] => {
    let names = listings.get(directory);
    if (!names) {
      names = existsSync(directory) ? readdirSync(directory).sort() : [];
      listings.set(directory, names);
    }
    return names;
  };
  for (const area of areas) {
    const folders = [path.dirname(area.file), ...(extraDirectory ? [extraDirectory] : [])];
    for (const folder of folders) {
      for (const name of namesIn(path.resolve(projectRoot, folder))) {
        const match = /^(.+)\.([^.]+)\.json$/.exec(name);
        if (!match || match[1] !== area.name || match[2] === area.locale) continue;
        if (!LOCALE.test(match[2]!)) continue;
        if (found.some((each) => each.area === area && each.locale === match[2])) continue;
        found.push({ area, locale: match[2]!, file: `${folder}/${name}` });
      }
    }
  }
  return found;
}

/** The names of the values a message takes (`{count}`, `{claimNoun}` in any branch). */
export function messageValues(message: string): Set<string> {
  const names = new Set<string>();
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument' || token.type === 'function') names.add(token.arg);
      if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        names.add(token.arg);
        for (const branch of token.cases) visit(branch.tokens);
      }
    }
  };
  try {
    visit(parse(message));
  } catch {
    // icuProblems reports a message that does not parse
  }
  return names;
}

/** What one translated file lacks, has too many of, or says with other values. */
function translationProblems(
  translated: TranslatedFile,
  english: Record<string, string>,
  messages: Record<string, string>,
): string[] {
  const { file, locale, area } = translated;
  const problems: string[] = [];
  for (const [key, message] of Object.entries(english)) {
    if (!(key in messages)) {
      problems.push(
        `${file}: /${key}: no ${locale} text (${area.locale}: "${shortenedText(message)}")`,
      );
      continue;
    }
    const want = messageValues(message);
    const have = messageValues(messages[key]!);
    for (const name of want) {
      if (!have.has(name))
        problems.push(
          `${file}: /${key}: leaves out {${name}}, which the ${area.locale} message says`,
        );
    }
    for (const name of have) {
      if (!want.has(name))
        problems.push(
          `${file}: /${key}: uses {${name}}, which the ${area.locale} message is not given`,
        );
    }
  }
  for (const key of Object.keys(messages)) {
    if (!(key in english)) problems.push(`${file}: /${key}: no such message in ${area.file}`);
  }
  return [...problems, ...icuProblems(messages, locale).map((problem) => `${file}: ${problem}`)];
}

/**
 * Every problem of the site's other locales: a file an offered locale lacks, and each
 * translated file's own (see translationProblems). `schemaProblems` checks a file against its
 * area's schema, as site:check checks the English.
 */
export function contentLocaleProblems(
  areas: readonly MessageFile[],
  projectRoot: string,
  schemaProblems: (file: string, schemaFile: string, content: unknown) => string[],
  /** The translated files, when the caller has listed them already. */
  translated: readonly TranslatedFile[] = translatedFiles(areas, projectRoot),
): { locales: string[]; problems: string[] } {
  const locales = [...new Set(translated.map((each) => each.locale))].sort();
  const problems: string[] = [];
  for (const locale of locales) {
    // The site file's words are beside the locale's content files (a test stack's folder, too).
    const folders = translated
      .filter((each) => each.locale === locale)
      .map((each) => path.dirname(each.file));
    problems.push(...siteTranslationProblems(projectRoot, locale, folders));
    const offeredBy = translated.find((each) => each.locale === locale)!.file;
    for (const area of areas) {
      const own = translated.find((each) => each.area === area && each.locale === locale);
      if (!own) {
        const file = area.file.replace(`.${area.locale}.json`, `.${locale}.json`);
        problems.push(
          `${file}: missing: the site is offered in ${locale} (${offeredBy}), so every content file needs its ${locale} text`,
        );
        continue;
      }
      let english: Record<string, string>;
      let messages: Record<string, string>;
      try {
        english = readMessages(path.resolve(projectRoot, area.file));
        messages = readMessages(path.resolve(projectRoot, own.file));
      } catch (error) {
        problems.push((error as Error).message.replace(`${projectRoot}/`, ''));
        continue;
      }
      problems.push(...schemaProblems(own.file, area.schema, messages));
      problems.push(...translationProblems(own, english, messages));
    }
  }
  return { locales, problems };
}

/**
 * The site's complete locales besides its own: those every area has a translation of, without
 * a problem. The build refuses an incomplete one (site:check); the dev server offers only these.
 */
export function completeContentLocales(
  areas: readonly MessageFile[],
  projectRoot: string,
  schemaProblems: (file: string, schemaFile: string, content: unknown) => string[],
  translated: readonly TranslatedFile[] = translatedFiles(areas, projectRoot),
): string[] {
  const locales = [...new Set(translated.map((each) => each.locale))].sort();
  return locales.filter(
    (locale) =>
      contentLocaleProblems(
        areas,
        projectRoot,
        schemaProblems,
        translated.filter((each) => each.locale === locale),
      ).problems.length === 0,
  );
}

/**
 * Where the site file's words in `locale` are: `site.<locale>.json` beside the site's content
 * files, or in the test stack's folder (CONTENT_TRANSLATIONS_DIR); undefined when neither has it.
 */
export function siteTranslationFile(
  projectRoot: string,
  locale: string,
  extraDirectory: string | undefined = process.env.CONTENT_TRANSLATIONS_DIR,
): string | undefined {
  const name = `site.${locale}.json`;
  return [
    path.join(projectRoot, 'src/content', name),
    ...(extraDirectory ? [path.resolve(projectRoot, extraDirectory, name)] : []),
  ].find((file) => existsSync(file));
}

/**
 * What the site file's translation into `locale` lacks or has too many of: one text per
 * pointer of the site file's words (siteTexts), so the header's name, the home page's entries
 * and the privacy notice are in the language too.
 */
export function siteTranslationProblems(
  projectRoot: string,
  locale: string,
  folders: readonly string[] = [],
): string[] {
  const siteFile = siteContentFile(projectRoot);
  const file =
    folders
      .map((folder) => path.resolve(projectRoot, folder, `site.${locale}.json`))
      .find((candidate) => existsSync(candidate)) ?? siteTranslationFile(projectRoot, locale);
  const shown = (name: string) => path.relative(projectRoot, name);
  if (!file) {
    return [
      `src/content/site.${locale}.json: missing: the site is offered in ${locale}, so the site file's words (${shown(siteFile)}) need their ${locale} text, one per JSON pointer`,
    ];
  }
  let texts: Record<string, unknown>;
  let own: Map<string, string>;
  try {
    texts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    own = siteTexts(JSON.parse(readFileSync(siteFile, 'utf8')) as SiteContent);
  } catch (error) {
    return [`${shown(file)}: not valid JSON: ${(error as Error).message}`];
  }
  if (typeof texts !== 'object' || texts === null || Array.isArray(texts)) {
    return [`${shown(file)}: must be an object of texts by JSON pointer into ${shown(siteFile)}`];
  }
  const problems: string[] = [];
  for (const [pointer, text] of own) {
    if (!(pointer in texts))
      problems.push(`${shown(file)}: ${pointer}: no ${locale} text ("${shortenedText(text)}")`);
    else if (typeof texts[pointer] !== 'string' || texts[pointer] === '')
      problems.push(`${shown(file)}: ${pointer}: must be a text`);
  }
  for (const pointer of Object.keys(texts)) {
    if (!own.has(pointer))
      problems.push(`${shown(file)}: ${pointer}: no such text in ${shown(siteFile)}`);
  }
  return problems;
}

/**
 * The locales besides its own the site offers a claimant: those every content area (the
 * gateway's, which writes emails and letters, included) and the site file are complete in.
 */
export function offeredContentLocales(projectRoot: string): string[] {
  return completeContentLocales(MESSAGE_FILES, projectRoot, () => []);
}
