/**
 * The site's words in other languages: beside each content file `src/content/messages/<area>.en-GB.json`
 * a translator adds `<area>.<locale>.json` with the same keys. A locale is offered once any
 * area has it, so site:check (and so the build) then requires it of every area, complete: each
 * file follows its area's schema, every message parses in its locale, no key is missing or
 * extra, and each message takes the same values as the English (a translation that dropped
 * `{count}` or invented `{name}` would show a blank or a wrong word). The claimant emails are
 * an area too: beside each template `src/content/emails/<name>.json` (en-GB) its
 * `<name>.<locale>.json`, required of every locale offered, with the same fields and each field
 * with the same `{{placeholders}}`. The gateway's messages (`gateway.<locale>.json`) are an
 * area of MESSAGE_FILES like the browser's.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, type Token } from '@messageformat/parser';
import { icuProblems, MESSAGE_FILES, readMessages, type MessageFile } from './icuMessages';
import { shortenedText } from '../../src/runtime/funnel/words/translations';
import type { TextToTranslate } from '../../src/runtime/funnel/words/languagesInProgress';
import { siteTexts, type SiteContent } from '../../src/content/site';
import { claimStagesFile, siteContentFile } from './registryFiles';
import {
  claimStageTexts,
  claimStageTranslationProblems,
  type ClaimStages,
} from '../../src/runtime/lifecycle';
import {
  CONTENT_LOCALE as LOCALE,
  EMAILS_FOLDER,
  MESSAGES_FOLDER,
  placeholdersOf,
  translatedTemplateName,
} from '../../src/gateway/infra/contentLocales';

/** The claimant emails' templates, each `<name>.json`, written in en-GB. */
export const EMAILS_DIR = `src/content/${EMAILS_FOLDER}`;
const EMAILS_LOCALE = 'en-GB';
/** The fields of an email template, each a text with `{{placeholders}}`. */
const EMAIL_FIELDS = ['subject', 'text', 'html'] as const;

/** One email template in another locale: `src/content/emails/claim-received.cy.json`. */
interface TranslatedEmail {
  name: string;
  locale: string;
  file: string;
}

/** One translated content file: its area's English file and the locale it is in. */
interface TranslatedFile {
  area: MessageFile;
  locale: string;
  file: string;
}

/**
 * One thing a locale's files say. A text missing or empty is `untranslated`: a mistake (its
 * `line`, when it has one) in a language that is complete otherwise, and a text still to
 * translate in one being translated, which an empty text marks (`npm run language:start`
 * writes every text empty). Anything else is always a mistake.
 */
interface Finding {
  line: string;
  untranslated?: { text: TextToTranslate; empty: boolean };
}

/** A mistake of a locale's files. */
const mistake = (line: string): Finding => ({ line });

/** What a locale's findings come to: its mistakes, and its texts to translate when in progress. */
function settled(findings: readonly Finding[]): {
  problems: string[];
  toTranslate: TextToTranslate[];
} {
  const inProgress = findings.some((finding) => finding.untranslated?.empty);
  const problems: string[] = [];
  const toTranslate: TextToTranslate[] = [];
  for (const { line, untranslated } of findings) {
    if (untranslated && inProgress) toTranslate.push(untranslated.text);
    else if (line !== '') problems.push(line);
  }
  return { problems, toTranslate };
}

/** Every text of `texts` as missing from `file`, the first said by `line`. */
function allMissing(
  file: string,
  locale: string,
  texts: Iterable<[string, string]>,
  line: string,
): Finding[] {
  return [...texts].map(([key, english], i) => ({
    line: i === 0 ? line : '',
    untranslated: { text: { file, locale, key, english }, empty: false },
  }));
}

/**
 * Every `<area>.<locale>.json` beside the areas' own files, other than their own locale, and
 * in `messages/` of `extraDirectory` when given: a folder laid out like src/content whose
 * translations a test stack adds (CONTENT_TRANSLATIONS_DIR), so the shipped site stays in the
 * locales it has.
 */
export function translatedFiles(
  areas: readonly MessageFile[],
  projectRoot: string,
  extraDirectory: string | undefined = process.env.CONTENT_TRANSLATIONS_DIR,
): TranslatedFile[] {
  const found: TranslatedFile[] = [];
  // The areas share a folder (src/content/messages): each folder is listed once.
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
    const folders = [
      path.dirname(area.file),
      ...(extraDirectory ? [`${extraDirectory}/${MESSAGES_FOLDER}`] : []),
    ];
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

/**
 * Every `<name>.<locale>.json` of EMAILS_DIR, and of `emails/` in `extraDirectory` when given
 * (a test stack's CONTENT_TRANSLATIONS_DIR): the first folder's file wins.
 */
export function translatedEmailFiles(
  projectRoot: string,
  extraDirectory: string | undefined = process.env.CONTENT_TRANSLATIONS_DIR,
): TranslatedEmail[] {
  const found: TranslatedEmail[] = [];
  const folders = [EMAILS_DIR, ...(extraDirectory ? [`${extraDirectory}/${EMAILS_FOLDER}`] : [])];
  for (const folder of folders) {
    const directory = path.resolve(projectRoot, folder);
    for (const fileName of existsSync(directory) ? readdirSync(directory).sort() : []) {
      const template = translatedTemplateName(fileName);
      if (!template || template.locale === EMAILS_LOCALE) continue;
      if (found.some((each) => each.name === template.name && each.locale === template.locale))
        continue;
      found.push({ ...template, file: `${folder}/${fileName}` });
    }
  }
  return found;
}

/** The names of the en-GB email templates (`claim-received` for `claim-received.json`). */
function emailTemplateNames(projectRoot: string): string[] {
  const directory = path.resolve(projectRoot, EMAILS_DIR);
  return (existsSync(directory) ? readdirSync(directory).sort() : []).flatMap((fileName) => {
    const match = /^([a-z][a-z0-9-]*)\.json$/.exec(fileName);
    return match ? [match[1]!] : [];
  });
}

function readTemplate(projectRoot: string, file: string): Record<string, unknown> {
  let content: unknown;
  try {
    content = JSON.parse(readFileSync(path.resolve(projectRoot, file), 'utf8'));
  } catch (error) {
    throw new Error(`${file}: not valid JSON: ${(error as Error).message}`);
  }
  if (!content || typeof content !== 'object' || Array.isArray(content)) {
    throw new Error(`${file}: /: must be an object of ${EMAIL_FIELDS.join(', ')}`);
  }
  return content as Record<string, unknown>;
}

/**
 * What `locale`'s email templates lack or say differently: a template the en-GB has and the
 * locale has not, a field missing, extra or empty, a placeholder left out or invented, and a
 * translated template of no en-GB one. `offeredBy` is the file that offers the locale.
 */
function emailLocaleFindings(
  projectRoot: string,
  locale: string,
  emails: readonly TranslatedEmail[],
  offeredBy: string,
): Finding[] {
  const names = emailTemplateNames(projectRoot);
  const findings: Finding[] = [];
  for (const name of names) {
    const own = emails.find((each) => each.name === name && each.locale === locale);
    let english: Record<string, unknown>;
    try {
      english = readTemplate(projectRoot, `${EMAILS_DIR}/${name}.json`);
    } catch (error) {
      findings.push(mistake((error as Error).message));
      continue;
    }
    const englishOf = (field: string) =>
      typeof english[field] === 'string' ? (english[field] as string) : '';
    if (!own) {
      const file = `${EMAILS_DIR}/${name}.${locale}.json`;
      findings.push(
        ...allMissing(
          file,
          locale,
          EMAIL_FIELDS.map((field) => [`/${field}`, englishOf(field)]),
          `${file}: missing: the site is offered in ${locale} (${offeredBy}), so every email template needs its ${locale} text`,
        ),
      );
      continue;
    }
    let translated: Record<string, unknown>;
    try {
      translated = readTemplate(projectRoot, own.file);
    } catch (error) {
      findings.push(mistake((error as Error).message));
      continue;
    }
    for (const field of EMAIL_FIELDS) {
      const text = translated[field];
      const englishText = englishOf(field);
      if (typeof text !== 'string' || text.trim() === '') {
        findings.push({
          line: `${own.file}: /${field}: no ${locale} text (${EMAILS_LOCALE}: "${shortenedText(englishText)}")`,
          untranslated: {
            text: { file: own.file, locale, key: `/${field}`, english: englishText },
            empty: text === '',
          },
        });
        continue;
      }
      const want = placeholdersOf(englishText);
      const have = placeholdersOf(text);
      for (const placeholder of want) {
        if (!have.has(placeholder))
          findings.push(
            mistake(
              `${own.file}: /${field}: leaves out {{${placeholder}}}, which the ${EMAILS_LOCALE} template says`,
            ),
          );
      }
      for (const placeholder of have) {
        if (!want.has(placeholder))
          findings.push(
            mistake(
              `${own.file}: /${field}: uses {{${placeholder}}}, which the ${EMAILS_LOCALE} template is not given`,
            ),
          );
      }
    }
    for (const key of Object.keys(translated)) {
      if (!(EMAIL_FIELDS as readonly string[]).includes(key))
        findings.push(
          mistake(
            `${own.file}: /${key}: no such field (an email template has ${EMAIL_FIELDS.join(', ')})`,
          ),
        );
    }
  }
  for (const each of emails) {
    if (each.locale === locale && !names.includes(each.name))
      findings.push(
        mistake(`${each.file}: no such email template in ${EMAILS_DIR} (${each.name}.json)`),
      );
  }
  return findings;
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
function translationFindings(
  translated: TranslatedFile,
  english: Record<string, string>,
  messages: Record<string, string>,
): Finding[] {
  const { file, locale, area } = translated;
  const findings: Finding[] = [];
  const said: Record<string, string> = {};
  for (const [key, message] of Object.entries(english)) {
    if (!(key in messages) || messages[key] === '') {
      findings.push({
        line: `${file}: /${key}: no ${locale} text (${area.locale}: "${shortenedText(message)}")`,
        untranslated: {
          text: { file, locale, key: `/${key}`, english: message },
          empty: messages[key] === '',
        },
      });
      continue;
    }
    said[key] = messages[key]!;
    const want = messageValues(message);
    const have = messageValues(messages[key]!);
    for (const name of want) {
      if (!have.has(name))
        findings.push(
          mistake(`${file}: /${key}: leaves out {${name}}, which the ${area.locale} message says`),
        );
    }
    for (const name of have) {
      if (!want.has(name))
        findings.push(
          mistake(
            `${file}: /${key}: uses {${name}}, which the ${area.locale} message is not given`,
          ),
        );
    }
  }
  for (const key of Object.keys(messages)) {
    if (!(key in english)) {
      findings.push(mistake(`${file}: /${key}: no such message in ${area.file}`));
      if (typeof messages[key] === 'string') said[key] = messages[key];
    }
  }
  return [
    ...findings,
    ...icuProblems(said, locale).map((problem) => mistake(`${file}: ${problem}`)),
  ];
}

/**
 * Every problem of the site's other locales: a file an offered locale lacks, and each
 * translated file's own (see translationFindings), the email templates' included (see
 * emailLocaleFindings). A locale is offered by any translated file, an email template's too.
 * `schemaProblems` checks a file against its area's schema, as site:check checks the English.
 * A locale being translated (an empty text anywhere in it) is not offered and is no failure:
 * the texts it still lacks are `toTranslate`, and only its mistakes are problems.
 */
export function contentLocaleProblems(
  areas: readonly MessageFile[],
  projectRoot: string,
  schemaProblems: (file: string, schemaFile: string, content: unknown) => string[],
  /** The translated files, when the caller has listed them already. */
  translated: readonly TranslatedFile[] = translatedFiles(areas, projectRoot),
  /** The translated email templates, when the caller has listed them already. */
  emails: readonly TranslatedEmail[] = translatedEmailFiles(projectRoot),
): { locales: string[]; problems: string[]; toTranslate: TextToTranslate[] } {
  const offering = [...translated, ...emails];
  const locales = [...new Set(offering.map((each) => each.locale))].sort();
  const problems: string[] = [];
  const toTranslate: TextToTranslate[] = [];
  for (const locale of locales) {
    const findings: Finding[] = [];
    // The site file's words are in the content folder whose messages/ holds the locale's
    // areas (a test stack's folder, too).
    const folders = translated
      .filter((each) => each.locale === locale)
      .map((each) => path.dirname(path.dirname(each.file)));
    findings.push(...siteTranslationFindings(projectRoot, locale, folders));
    findings.push(...claimStagesLocaleFindings(projectRoot, locale));
    const offeredBy = offering.find((each) => each.locale === locale)!.file;
    findings.push(...emailLocaleFindings(projectRoot, locale, emails, offeredBy));
    for (const area of areas) {
      const own = translated.find((each) => each.area === area && each.locale === locale);
      let english: Record<string, string>;
      let messages: Record<string, string>;
      try {
        english = readMessages(path.resolve(projectRoot, area.file));
        if (!own) {
          const file = area.file.replace(`.${area.locale}.json`, `.${locale}.json`);
          findings.push(
            ...allMissing(
              file,
              locale,
              Object.entries(english).map(([key, message]) => [`/${key}`, message]),
              `${file}: missing: the site is offered in ${locale} (${offeredBy}), so every content file needs its ${locale} text`,
            ),
          );
          continue;
        }
        messages = readMessages(path.resolve(projectRoot, own.file));
      } catch (error) {
        findings.push(mistake((error as Error).message.replace(`${projectRoot}/`, '')));
        continue;
      }
      // A text not yet translated is the translation's to find; the schema checks the rest.
      const untranslated = Object.keys(english).filter(
        (key) => !(key in messages) || messages[key] === '',
      );
      const checked = {
        ...messages,
        ...Object.fromEntries(untranslated.map((key) => [key, english[key]])),
      };
      const schemaLines = schemaProblems(own.file, area.schema, checked).map(mistake);
      findings.push(...schemaLines, ...translationFindings(own, english, messages));
    }
    const outcome = settled(findings);
    problems.push(...outcome.problems);
    toTranslate.push(...outcome.toTranslate);
  }
  return { locales, problems, toTranslate };
}

/**
 * The site's complete locales besides its own: those every area has a translation of, without
 * a problem or a text still to translate. The build refuses one with a problem (site:check);
 * neither it nor the dev server offers one still being translated.
 */
export function completeContentLocales(
  areas: readonly MessageFile[],
  projectRoot: string,
  schemaProblems: (file: string, schemaFile: string, content: unknown) => string[],
  translated: readonly TranslatedFile[] = translatedFiles(areas, projectRoot),
  emails: readonly TranslatedEmail[] = translatedEmailFiles(projectRoot),
): string[] {
  const locales = [...new Set([...translated, ...emails].map((each) => each.locale))].sort();
  return locales.filter((locale) => {
    const { problems, toTranslate } = contentLocaleProblems(
      areas,
      projectRoot,
      schemaProblems,
      translated.filter((each) => each.locale === locale),
      emails.filter((each) => each.locale === locale),
    );
    return problems.length === 0 && toTranslate.length === 0;
  });
}

/** The site's content folder, then the test stack's (CONTENT_TRANSLATIONS_DIR) when set. */
function contentFolders(
  extraDirectory: string | undefined = process.env.CONTENT_TRANSLATIONS_DIR,
): string[] {
  return ['src/content', ...(extraDirectory ? [extraDirectory] : [])];
}

/**
 * Where the site file's words in `locale` are: `site.<locale>.json` in the first of `folders`
 * (relative to the project) that has it, by default in src/content (beside the site file) or in the
 * test stack's folder; undefined when none has it.
 */
export function siteTranslationFile(
  projectRoot: string,
  locale: string,
  folders: readonly string[] = contentFolders(),
): string | undefined {
  return folders
    .map((folder) => path.resolve(projectRoot, folder, `site.${locale}.json`))
    .find((file) => existsSync(file));
}

/**
 * What the site file's translation into `locale` lacks or has too many of: one text per
 * pointer of the site file's words (siteTexts), so the header's name, the home page's entries
 * and the privacy notice are in the language too.
 */
function siteTranslationFindings(
  projectRoot: string,
  locale: string,
  folders: readonly string[] = [],
): Finding[] {
  const siteFile = siteContentFile(projectRoot);
  const file = siteTranslationFile(projectRoot, locale, [...folders, ...contentFolders()]);
  const shown = (name: string) => path.relative(projectRoot, name);
  let own: Map<string, string>;
  try {
    own = siteTexts(JSON.parse(readFileSync(siteFile, 'utf8')) as SiteContent);
  } catch (error) {
    return [mistake(`${shown(siteFile)}: not valid JSON: ${(error as Error).message}`)];
  }
  if (!file) {
    const missing = `src/content/site.${locale}.json`;
    return allMissing(
      missing,
      locale,
      own,
      `${missing}: missing: the site is offered in ${locale}, so the site file's words (${shown(siteFile)}) need their ${locale} text, one per JSON pointer`,
    );
  }
  let texts: Record<string, unknown>;
  try {
    texts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    return [mistake(`${shown(file)}: not valid JSON: ${(error as Error).message}`)];
  }
  if (typeof texts !== 'object' || texts === null || Array.isArray(texts)) {
    return [
      mistake(`${shown(file)}: must be an object of texts by JSON pointer into ${shown(siteFile)}`),
    ];
  }
  const findings: Finding[] = [];
  for (const [pointer, text] of own) {
    const said = texts[pointer];
    const untranslated = { text: { file: shown(file), locale, key: pointer, english: text } };
    if (!(pointer in texts))
      findings.push({
        line: `${shown(file)}: ${pointer}: no ${locale} text ("${shortenedText(text)}")`,
        untranslated: { ...untranslated, empty: false },
      });
    else if (said === '')
      findings.push({
        line: `${shown(file)}: ${pointer}: must be a text`,
        untranslated: { ...untranslated, empty: true },
      });
    else if (typeof said !== 'string')
      findings.push(mistake(`${shown(file)}: ${pointer}: must be a text`));
  }
  for (const pointer of Object.keys(texts)) {
    if (!own.has(pointer))
      findings.push(mistake(`${shown(file)}: ${pointer}: no such text in ${shown(siteFile)}`));
  }
  return findings;
}

/**
 * What the claim stages file lacks in `locale`, which the site is offered in: a claimant
 * reads their claim's stage, and its emails name it, in the claim's language.
 */
function claimStagesLocaleFindings(
  projectRoot: string,
  locale: string,
  file: string = claimStagesFile(projectRoot),
): Finding[] {
  const shown = path.relative(projectRoot, file);
  let stages: ClaimStages;
  try {
    stages = JSON.parse(readFileSync(file, 'utf8')) as ClaimStages;
  } catch (error) {
    return [mistake(`${shown}: not valid JSON: ${(error as Error).message}`)];
  }
  const own = claimStageTexts(stages);
  const translated: Record<string, unknown> | undefined = stages.translations?.[locale];
  const problems = claimStageTranslationProblems(stages, locale);
  if (!translated) {
    return allMissing(
      shown,
      locale,
      own,
      // The one problem of a file with no translation into the locale at all.
      `${shown}: ${problems[0]!.pointer}: ${problems[0]!.message}`,
    );
  }
  const keyAt = new Map(
    [...own.keys(), ...Object.keys(translated)].map((key) => [
      `/translations/${locale}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`,
      key,
    ]),
  );
  return problems.map((problem): Finding => {
    const line = `${shown}: ${problem.pointer}: ${problem.message}`;
    const key = keyAt.get(problem.pointer);
    const english = key === undefined ? undefined : own.get(key);
    if (key === undefined || english === undefined) return mistake(line);
    const said = translated[key];
    if (said !== undefined && said !== '') return mistake(line);
    return {
      line,
      untranslated: { text: { file: shown, locale, key, english }, empty: said === '' },
    };
  });
}

/** What the claim stages file lacks in `locale`, as lines. */
export function claimStagesLocaleProblems(
  projectRoot: string,
  locale: string,
  file: string = claimStagesFile(projectRoot),
): string[] {
  return claimStagesLocaleFindings(projectRoot, locale, file)
    .map((finding) => finding.line)
    .filter((line) => line !== '');
}

/**
 * The locales besides its own the site offers a claimant: those every content area (the
 * gateway's, which writes emails and letters, included), the site file and the claim stages
 * file are complete in.
 */
export function offeredContentLocales(projectRoot: string): string[] {
  return completeContentLocales(MESSAGE_FILES, projectRoot, () => []);
}
