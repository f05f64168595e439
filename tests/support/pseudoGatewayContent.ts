/**
 * The gateway's words in the pseudo-locale, written as a test stack's translations folder
 * (CONTENT_TRANSLATIONS_DIR) holds them: `messages/gateway.en-XA.json` and every email template's
 * `emails/<name>.en-XA.json`, each made from the en-GB file. Test data only.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { EMAILS_FOLDER, MESSAGES_FOLDER } from '../../src/gateway/infra/contentLocales';
import { PSEUDO_LOCALE, pseudoLocalizeMessage, pseudoLocalizeTemplate } from './pseudoLocale';

const projectRoot = path.resolve(import.meta.dirname, '../..');
const readJson = (file: string) =>
  JSON.parse(readFileSync(path.join(projectRoot, file), 'utf8')) as Record<string, string>;

/** Writes the pseudo-locale's gateway messages and email templates into `folder`. */
export function writePseudoGatewayContent(folder: string): void {
  const messages = readJson('src/content/messages/gateway.en-GB.json');
  mkdirSync(path.join(folder, MESSAGES_FOLDER), { recursive: true });
  writeFileSync(
    path.join(folder, MESSAGES_FOLDER, `gateway.${PSEUDO_LOCALE}.json`),
    JSON.stringify(
      Object.fromEntries(
        Object.entries(messages).map(([key, message]) => [key, pseudoLocalizeMessage(message)]),
      ),
      null,
      2,
    ),
  );
  mkdirSync(path.join(folder, EMAILS_FOLDER), { recursive: true });
  for (const fileName of readdirSync(path.join(projectRoot, 'src/content/emails'))) {
    const match = /^([a-z][a-z0-9-]*)\.json$/.exec(fileName);
    if (!match) continue;
    const template = readJson(`src/content/emails/${fileName}`);
    writeFileSync(
      path.join(folder, EMAILS_FOLDER, `${match[1]!}.${PSEUDO_LOCALE}.json`),
      JSON.stringify(
        Object.fromEntries(
          Object.entries(template).map(([field, text]) => [field, pseudoLocalizeTemplate(text)]),
        ),
        null,
        2,
      ),
    );
  }
}
