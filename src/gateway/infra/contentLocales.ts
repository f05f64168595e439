/**
 * The gateway's words in other languages, as files: beside `src/content/messages/gateway.en-GB.json` a
 * translator adds `gateway.<locale>.json`, and beside each email template
 * `src/content/emails/<name>.json` (written in en-GB) its `<name>.<locale>.json`. A test stack
 * may add locales of its own from the folder CONTENT_TRANSLATIONS_DIR names, laid out like
 * src/content (`messages/gateway.en-XA.json`, `emails/claim-received.en-XA.json`,
 * `site.en-XA.json`).
 *
 * Read in Node only: by the gateway build (scripts/build-functions.ts), which bundles what it
 * read, and, outside a bundle (Vitest, `npm run reminders`), by ./translatedContent.ts.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { errorMessageOf } from '../../runtime/contract';

/** A language tag as content file names carry it: `cy`, `en-GB`, the pseudo-locale `en-XA`. */
export const CONTENT_LOCALE = /^[a-z]{2,3}(-[A-Z]{2})?$/;

/** The folder of the email templates, inside src/content and a translations folder. */
export const EMAILS_FOLDER = 'emails';

/** The folder of the areas' ICU messages files, inside src/content and a translations folder. */
export const MESSAGES_FOLDER = 'messages';

/** A `{{name}}` placeholder of an email template. */
export const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;

/** The names of the placeholders a template's text takes (`{{reference}}`). */
export function placeholdersOf(text: string): Set<string> {
  return new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1]!));
}

/** The gateway's messages file name of an area's locale: `gateway.cy.json`. */
const GATEWAY_FILE = /^gateway\.([^.]+)\.json$/;
const SITE_FILE = /^site\.([^.]+)\.json$/;
const VALIDATION_FILE = /^validation\.([^.]+)\.json$/;

/** An email template in a locale: `claim-received.cy.json` → name and locale. */
export function translatedTemplateName(fileName: string): { name: string; locale: string } | null {
  const match = /^([a-z][a-z0-9-]*)\.([^.]+)\.json$/.exec(fileName);
  if (!match || !CONTENT_LOCALE.test(match[2]!)) return null;
  return { name: match[1]!, locale: match[2]! };
}

/** The gateway's messages and email templates in every locale besides en-GB. */
export interface TranslatedGatewayContent {
  /** Locale → message key → ICU message (`gateway.<locale>.json`). */
  messages: Record<string, Record<string, string>>;
  /** Locale → template name → the template as its file holds it (`emails/<name>.<locale>.json`). */
  emails: Record<string, Record<string, unknown>>;
  /** Locale → the site file's words by JSON pointer (`site.<locale>.json`: the sign-off…). */
  site: Record<string, Record<string, string>>;
  /** Locale → message key → ICU message (`validation.<locale>.json`: a page's checks). */
  validation: Record<string, Record<string, string>>;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: not valid JSON: ${errorMessageOf(error) ?? String(error)}`);
  }
}

function sortedNames(folder: string): string[] {
  return existsSync(folder) ? readdirSync(folder).sort() : [];
}

/**
 * Every translated gateway file of `folders` (src/content first, then a test stack's
 * translations folder): a file the first folder has wins over the same file in a later one.
 * Their content is checked by site:check, not here.
 */
export function readTranslatedGatewayContent(
  folders: ReadonlyArray<string | undefined>,
): TranslatedGatewayContent {
  const content: TranslatedGatewayContent = { messages: {}, emails: {}, site: {}, validation: {} };
  // Each kind of file by its name, the subfolder it is in, and where it goes; en-GB's own
  // files are imported (gatewayText).
  const kinds = [
    { name: GATEWAY_FILE, under: MESSAGES_FOLDER, into: content.messages },
    { name: SITE_FILE, under: '', into: content.site },
    { name: VALIDATION_FILE, under: MESSAGES_FOLDER, into: content.validation },
  ];
  for (const folder of folders) {
    if (!folder) continue;
    for (const { name, under, into } of kinds) {
      const directory = path.join(folder, under);
      for (const fileName of sortedNames(directory)) {
        const locale = name.exec(fileName)?.[1];
        if (!locale || !CONTENT_LOCALE.test(locale) || locale in into) continue;
        if (locale === 'en-GB' && into !== content.site) continue;
        // readJson gives unknown; a locale's words file is a flat map of texts (checked by the content checks).
        into[locale] = readJson(path.join(directory, fileName)) as Record<string, string>;
      }
    }
    const emails = path.join(folder, EMAILS_FOLDER);
    for (const fileName of sortedNames(emails)) {
      const template = translatedTemplateName(fileName);
      if (!template) continue;
      const templates = (content.emails[template.locale] ??= {});
      if (template.name in templates) continue;
      templates[template.name] = readJson(path.join(emails, fileName));
    }
  }
  return withoutLocalesInProgress(content);
}

/** Whether an object of texts holds an empty one (`npm run language:start` writes them so). */
function holdsEmptyText(texts: unknown): boolean {
  return (
    typeof texts === 'object' && texts !== null && Object.values(texts).some((text) => text === '')
  );
}

/**
 * The content without the languages still being translated (an empty text in any of their
 * files): the site does not offer them, and the gateway says what it says in them in en-GB,
 * as in a language it has no words in, rather than an empty subject or refusal.
 */
function withoutLocalesInProgress(content: TranslatedGatewayContent): TranslatedGatewayContent {
  const inProgress = new Set<string>();
  for (const kind of [content.messages, content.site, content.validation]) {
    for (const [locale, texts] of Object.entries(kind))
      if (holdsEmptyText(texts)) inProgress.add(locale);
  }
  for (const [locale, templates] of Object.entries(content.emails)) {
    if (Object.values(templates).some(holdsEmptyText)) inProgress.add(locale);
  }
  for (const kind of Object.values(content)) {
    // Every kind of content is a map keyed by locale, whatever its value type.
    for (const locale of inProgress) delete (kind as Record<string, unknown>)[locale];
  }
  return content;
}

/** The folders the gateway's translated files are read from: src/content, then the test stack's. */
export function gatewayContentFolders(
  contentFolder: string,
  translationsFolder: string | undefined = process.env.CONTENT_TRANSLATIONS_DIR,
): string[] {
  return [contentFolder, ...(translationsFolder ? [path.resolve(translationsFolder)] : [])];
}
