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
 *   Its Welsh is real and plain, written by hand for tests (have a Welsh speaker review it
 *   before copying it anywhere real); it is the funnel the locale journeys (tests/e2e/locales)
 *   switch to Cymraeg. `incompleteWelshTestFunnel()` is the same funnel with one Welsh page
 *   title left out, which funnels:check must refuse.
 *
 * The texts (the cy transform, the emails' transforms, welsh-test) are in testLocaleTexts.ts,
 * which an e2e spec can import without the funnel checks; this file writes them.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGE_FILES, readMessages } from '../../scripts/lib/icuMessages';
import { writeFunnel } from './generatedFunnels';
import { claimStageTexts, type ClaimStages } from '../../src/runtime/lifecycle';
import { siteTexts, type SiteContent } from '../../src/content/site';
import { MESSAGES_FOLDER } from '../../src/gateway/infra/contentLocales';
import { formatProblem } from '../../scripts/funnels-check';
import { publishFunnels } from '../../scripts/funnels-publish';
import {
  SCHEMA_TRANSLATIONS_KEYWORD,
  schemaTexts,
  type JsonSchemaObject,
} from '../../src/runtime/funnel';
import { PSEUDO_LOCALE } from './pseudoLocale';
import {
  funnelInPseudoLocale,
  pseudoSchemaTexts,
  pseudoStageTexts,
  referredIds,
} from './pseudoFunnels';
import {
  TEST_CONTENT_LOCALES,
  TEST_WELSH_LOCALE,
  testWelshSchemaText,
  testLocaleEmail,
  testLocaleSiteText,
  testLocaleMessages,
  welshTestFunnel,
  withSchemaTranslations,
  type EmailTemplate,
  type Json,
} from './testLocaleTexts';

const defaultProjectRoot = path.resolve(import.meta.dirname, '../..');
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * Writes the site's words and the claimant emails in every test locale into `directory`, laid
 * out like src/content: `messages/<area>.<locale>.json` for each area of MESSAGE_FILES,
 * `site.<locale>.json`, and `emails/<name>.<locale>.json` for each template of
 * src/content/emails. A stack given the
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
      await put(
        `${MESSAGES_FOLDER}/${area.name}.${locale}.json`,
        testLocaleMessages(locale, english),
      );
    }
    // The site file's words, one per JSON pointer (the registry copy's own site.json, if any,
    // is a deployment's: the stack reads the project's words for it as for any other).
    const siteFile = JSON.parse(
      await readFile(path.join(projectRoot, 'src/content/site.json'), 'utf8'),
    ) as SiteContent;
    await put(
      `site.${locale}.json`,
      Object.fromEntries(
        [...siteTexts(siteFile)].map(([pointer, text]) => [
          pointer,
          testLocaleSiteText(locale, text),
        ]),
      ),
    );
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
    // Its own stages too, when it has them: a funnel offered in a language says them in it.
    const translated: Json = {
      ...funnelInPseudoLocale(funnel),
      version:
        Math.max(Number(funnel.version), newestPublished(registryDir, String(funnel.funnelId))) + 1,
    };
    await writeFile(file, json(translated));
  }
  for (const id of used) {
    const { file, schema } = schemaFiles.get(id)!;
    if (schemaTexts(schema as JsonSchemaObject).size === 0) continue;
    await writeFile(
      path.join(schemasDir, file),
      json(
        withSchemaTranslations(
          schema,
          PSEUDO_LOCALE,
          pseudoSchemaTexts(schema as JsonSchemaObject),
        ),
      ),
    );
  }
}

/**
 * The shared schemas welsh-test's pages `$ref` (the signature) given the cy test locale, marked
 * English as the site's cy words are: the funnel's own texts are hand-written Welsh, but no
 * Welsh of the shared ones exists.
 */
async function offerSharedSchemasInTestWelsh(registryDir: string, own: readonly Json[]) {
  const ownIds = new Set(own.map((schema) => String(schema.$id)));
  const referred = new Set<string>();
  for (const schema of own) referredIds(schema, String(schema.$id), referred);
  for (const id of [...referred].filter((each) => !ownIds.has(each))) {
    const file = path.join(registryDir, 'schemas', `${id}.schema.json`);
    const schema = JSON.parse(await readFile(file, 'utf8')) as JsonSchemaObject;
    const translations = (schema[SCHEMA_TRANSLATIONS_KEYWORD] ?? {}) as Record<string, unknown>;
    const cy = Object.fromEntries(
      [...schemaTexts(schema)].map(([pointer, text]) => [pointer, testWelshSchemaText(text)]),
    );
    await writeFile(
      file,
      json({
        ...schema,
        [SCHEMA_TRANSLATIONS_KEYWORD]: { ...translations, [TEST_WELSH_LOCALE]: cy },
      }),
    );
  }
}

/**
 * The funnels' part of the test locales, written into a registry copy (a directory with
 * funnels/ and schemas/) but not published: the built-in funnels offered in en-XA as a new
 * version, `welsh` (welsh-test unless told) and the shared schemas its pages refer to (the
 * signature) in cy. Those schemas change only with the built-in funnels' versions gone up.
 */
export async function addTestFunnelLocales(
  registryDir: string,
  projectRoot = defaultProjectRoot,
  welsh: { funnel: Json; schemas: Json[]; examples: Json[] } = welshTestFunnel(),
): Promise<void> {
  await offerBuiltInFunnelsInPseudoLocale(registryDir, projectRoot);
  await writeFunnel(registryDir, welsh);
  await offerSharedSchemasInTestWelsh(registryDir, welsh.schemas);
  await offerClaimStagesInTestLocales(registryDir);
}

/**
 * The claim stages' names and descriptions in both test locales, in the registry copy's
 * claim-stages.json (which the stack then reads): a site offered in a language must say a
 * claim's stage in it too. Pseudo-localized and marked English: TEST DATA, NOT WELSH.
 */
export async function offerClaimStagesInTestLocales(registryDir: string): Promise<void> {
  const file = path.join(registryDir, 'funnels', 'lifecycle', 'claim-stages.json');
  const stages = JSON.parse(await readFile(file, 'utf8')) as ClaimStages;
  const texts = claimStageTexts(stages);
  stages.translations = {
    ...stages.translations,
    [PSEUDO_LOCALE]: pseudoStageTexts(stages),
    [TEST_WELSH_LOCALE]: Object.fromEntries(
      [...texts].map(([key, text]) => [key, testWelshSchemaText(text)]),
    ),
  };
  await writeFile(file, `${JSON.stringify(stages, null, 2)}\n`);
}

/**
 * The funnels' part of the test locales, added to a registry copy (addTestFunnelLocales); then
 * every version not yet published is published, as `npm run funnels:publish` would. Throws,
 * with funnels:check's lines, if the result does not pass it.
 */
export async function writeTestFunnelLocales(
  registryDir: string,
  projectRoot = defaultProjectRoot,
): Promise<void> {
  await addTestFunnelLocales(registryDir, projectRoot);
  const result = await publishFunnels([], registryDir);
  if (result.problems.length > 0) {
    throw new Error(
      `the test locales' funnels do not pass funnels:check:\n${result.problems.map(formatProblem).join('\n')}`,
    );
  }
}
