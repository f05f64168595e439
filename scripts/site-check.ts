/**
 * Checks the content files a business edits, as `npm test` and `npm run build` do:
 * src/content/site.json (the public pages' words, the firm's details, the retention periods)
 * and each file of ICU messages (scripts/lib/icuMessages.ts) against its schema (completed
 * from the area's English file, scripts/lib/contentSchemas.ts), and that
 * every message parses; and each other locale a content file is translated into
 * (scripts/lib/contentLocales.ts): complete in every area and every email template, with the
 * English's values and placeholders. Each
 * mistake is one `file: pointer: message` line, and a broken file never ships. A language
 * still being translated (an empty text in it) is listed, not failed: per file, how many texts
 * it lacks, and with `--to-translate` each of them.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { siteHomeProblems } from '../src/content/siteChecks';
import { icuProblems, MESSAGE_FILES, readMessages } from './lib/icuMessages';
import { contentLocaleProblems, translatedEmailFiles, translatedFiles } from './lib/contentLocales';
import { contentSchemaChecker } from './lib/contentSchemas';
import { textsToTranslateReport, TO_TRANSLATE_FLAG } from './lib/textsToTranslate';
import { readRegistryDirectories, registryRoot, siteContentFile } from './lib/registryFiles';

const projectRoot = process.cwd();
// The site file of this deployment (a registry directory may hold its own).
const SITE_FILE = relative(projectRoot, siteContentFile(projectRoot)) || 'src/content/site.json';
const schemaProblems = contentSchemaChecker(projectRoot);

function siteProblems(): string[] {
  let content: unknown;
  try {
    content = JSON.parse(readFileSync(SITE_FILE, 'utf8'));
  } catch (error) {
    return [`${SITE_FILE}: not valid JSON: ${(error as Error).message}`];
  }
  const problems = schemaProblems(SITE_FILE, 'src/content/site.schema.json', content);
  if (problems.length > 0) return problems;
  // Every home page entry and the landing page start a funnel the registry has.
  const { files } = readRegistryDirectories(registryRoot(projectRoot));
  const funnelIds = Object.values(files.funnels).flatMap((funnel) =>
    funnel && typeof funnel === 'object' && 'funnelId' in funnel ? [String(funnel.funnelId)] : [],
  );
  return siteHomeProblems(content, funnelIds).map(
    (problem) => `${SITE_FILE}: ${problem.pointer}: ${problem.message}`,
  );
}

function messageFileProblems({ file, schema, locale }: (typeof MESSAGE_FILES)[number]): string[] {
  let messages: Record<string, string>;
  try {
    messages = readMessages(file);
  } catch (error) {
    return [(error as Error).message];
  }
  return [
    ...schemaProblems(file, schema, messages),
    ...icuProblems(messages, locale).map((problem) => `${file}: ${problem}`),
  ];
}

const translated = translatedFiles(MESSAGE_FILES, projectRoot);
const emails = translatedEmailFiles(projectRoot);
const files = [
  SITE_FILE,
  ...MESSAGE_FILES.map((each) => each.file),
  ...translated.map((each) => each.file),
  ...emails.map((each) => each.file),
];
const locales = contentLocaleProblems(
  MESSAGE_FILES,
  projectRoot,
  schemaProblems,
  translated,
  emails,
);
const problems = [
  siteProblems(),
  ...MESSAGE_FILES.map(messageFileProblems),
  locales.problems,
].flat();
// A language still being translated is not offered, and is no failure: what it lacks is listed.
const listEach = process.argv.includes(TO_TRANSLATE_FLAG);
for (const line of textsToTranslateReport(locales.toTranslate, 'site:check', listEach))
  console.log(line);
if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}
console.log(`site:check: ${files.join(', ')} valid`);
