/**
 * The test locales (tests/support/testLocales.ts, testLocaleTexts.ts) pass the checks a shipped locale must: the
 * site's words in en-XA and cy as site:check checks them, the claimant emails with every
 * placeholder kept, and a registry copy with the funnels' test locales as funnels:check checks
 * it; welsh-test with one Welsh page title left out is refused, named by file and pointer.
 */
import { readFileSync } from 'node:fs';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFunnels, type CheckSummary } from '../../../scripts/funnels-check';
import {
  completeContentLocales,
  contentLocaleProblems,
  messageValues,
  translatedEmailFiles,
  translatedFiles,
} from '../../../scripts/lib/contentLocales';
import { MESSAGE_FILES, readMessages } from '../../../scripts/lib/icuMessages';
import { registryDirectories } from '../../../scripts/lib/registryFiles';
import { funnelLocales, localizeFunnel } from '../../../src/runtime/funnel';
import { MESSAGES_FOLDER } from '../../../src/gateway/infra/contentLocales';
import { contentSchemaChecker } from '../../../scripts/lib/contentSchemas';
import { PSEUDO_LOCALE } from '../../support/pseudoLocale';
import {
  incompleteWelshTestFunnel,
  LEFT_OUT_WELSH_KEY,
  LANGUAGE_NAME_KEY,
  markAsTestWelsh,
  WELSH_NAME,
  TEST_CONTENT_LOCALES,
  TEST_WELSH_LOCALE,
  TEST_WELSH_MARKER,
  testLocaleEmail,
  WELSH_TEST_FUNNEL_ID,
  welshTestFunnel,
  type EmailTemplate,
} from '../../support/testLocaleTexts';
import {
  addTestFunnelLocales,
  offerClaimStagesInTestLocales,
  writeTestContentLocales,
  writeTestFunnelLocales,
} from '../../support/testLocales';
import { projectRoot } from '../runtime/projectFiles';

/** A file's problems against its area's schema, as site:check finds them. */
const schemaProblems = contentSchemaChecker(projectRoot);

const placeholders = (text: string) => (text.match(/\{\{[^}]*\}\}/g) ?? []).sort();
const tags = (html: string) => html.match(/<[^>]*>/g) ?? [];

describe('markAsTestWelsh', () => {
  it('marks what a message says once, whichever branch it takes, keeping its values', () => {
    expect(markAsTestWelsh('Your claims')).toBe(`${TEST_WELSH_MARKER} Your claims`);
    expect(markAsTestWelsh('{name} said')).toBe(`${TEST_WELSH_MARKER} {name} said`);
    expect(markAsTestWelsh('Exported {count, plural, one {# claim} other {# claims}}.')).toBe(
      `${TEST_WELSH_MARKER} Exported {count, plural, one {# claim} other {# claims}}.`,
    );
    const plural = '{count, plural, one {# claim} other {# claims}} left';
    expect(markAsTestWelsh(plural)).toBe(
      `{count, plural, one {${TEST_WELSH_MARKER} # claim} other {${TEST_WELSH_MARKER} # claims}} left`,
    );
    expect(messageValues(markAsTestWelsh(plural))).toEqual(messageValues(plural));
  });
});

describe('the site’s words in the test locales', () => {
  let dir: string;
  let registry: string;
  const registryBefore = process.env.REGISTRY_DIR;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'test-content-locales-'));
    await writeTestContentLocales(dir);
    // The claim stages are in the test locales too, in a registry copy as the stack's.
    registry = await mkdtemp(path.join(tmpdir(), 'test-stages-locales-'));
    await cp(
      path.join(projectRoot, 'funnels/lifecycle'),
      path.join(registry, 'funnels/lifecycle'),
      {
        recursive: true,
      },
    );
    await offerClaimStagesInTestLocales(registry);
    process.env.REGISTRY_DIR = registry;
  });
  afterAll(async () => {
    if (registryBefore === undefined) delete process.env.REGISTRY_DIR;
    else process.env.REGISTRY_DIR = registryBefore;
    await rm(dir, { recursive: true, force: true });
    await rm(registry, { recursive: true, force: true });
  });

  it('are complete in en-XA and cy as site:check checks them, every area’s schema included', () => {
    const translated = translatedFiles(MESSAGE_FILES, projectRoot, dir);
    expect(translated).toHaveLength(MESSAGE_FILES.length * TEST_CONTENT_LOCALES.length);
    const emails = translatedEmailFiles(projectRoot, dir);
    expect(
      contentLocaleProblems(MESSAGE_FILES, projectRoot, schemaProblems, translated, emails),
    ).toEqual({
      locales: [TEST_WELSH_LOCALE, PSEUDO_LOCALE],
      problems: [],
      toTranslate: [],
    });
    expect(
      completeContentLocales(MESSAGE_FILES, projectRoot, schemaProblems, translated, emails),
    ).toEqual([TEST_WELSH_LOCALE, PSEUDO_LOCALE]);
  });

  it('are transformed in every message: accented in en-XA, marked in cy', () => {
    for (const area of MESSAGE_FILES) {
      const english = readMessages(path.join(projectRoot, area.file));
      const cy = readMessages(
        path.join(dir, MESSAGES_FOLDER, `${area.name}.${TEST_WELSH_LOCALE}.json`),
      );
      const pseudo = readMessages(
        path.join(dir, MESSAGES_FOLDER, `${area.name}.${PSEUDO_LOCALE}.json`),
      );
      for (const key of Object.keys(english)) {
        if (key === LANGUAGE_NAME_KEY) expect(cy[key]).toBe(WELSH_NAME);
        else expect(cy[key], `${area.name} ${key}`).toContain(TEST_WELSH_MARKER);
        expect(pseudo[key], `${area.name} ${key}`).not.toBe(english[key]);
      }
    }
  });

  it('write each email template in each locale, placeholders and markup kept', async () => {
    const names = (await readdir(path.join(projectRoot, 'src/content/emails')))
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.replace(/\.json$/, ''));
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      const english = JSON.parse(
        readFileSync(path.join(projectRoot, 'src/content/emails', `${name}.json`), 'utf8'),
      ) as EmailTemplate;
      for (const locale of TEST_CONTENT_LOCALES) {
        const file = path.join(dir, 'emails', `${name}.${locale}.json`);
        const template = JSON.parse(readFileSync(file, 'utf8')) as EmailTemplate;
        expect(Object.keys(template).sort(), file).toEqual(['html', 'subject', 'text']);
        for (const part of ['subject', 'text', 'html'] as const) {
          expect(placeholders(template[part]), `${file} ${part}`).toEqual(
            placeholders(english[part]),
          );
          expect(template[part], `${file} ${part}`).not.toBe(english[part]);
        }
        expect(tags(template.html), file).toEqual(tags(english.html));
      }
    }
  });

  it('keep a placeholder inside the words of a sentence as written', () => {
    const template = {
      subject: 'Your {{claimNoun}} is in',
      text: 'Dear {{name}},\n\nDone.',
      html: '<p>Dear {{name}},</p><p><a href="{{claimUrl}}">Open it</a></p>',
    };
    expect(testLocaleEmail(TEST_WELSH_LOCALE, template)).toEqual({
      subject: `${TEST_WELSH_MARKER} Your {{claimNoun}} is in`,
      text: `${TEST_WELSH_MARKER} Dear {{name}},\n\nDone.`,
      html: `<p>${TEST_WELSH_MARKER} Dear {{name}},</p><p><a href="{{claimUrl}}">Open it</a></p>`,
    });
    expect(testLocaleEmail(PSEUDO_LOCALE, template).html).toBe(
      '<p>Đéàŕ {{name}},</p><p><a href="{{claimUrl}}">Óƥéñ íţ</a></p>',
    );
  });
});

async function registryCopy(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  for (const folder of ['funnels', 'schemas']) {
    await cp(path.join(projectRoot, folder), path.join(dir, folder), { recursive: true });
  }
  return dir;
}

describe('the funnels’ test locales in a registry copy', { timeout: 120_000 }, () => {
  let dir: string;
  let summary: CheckSummary;
  beforeAll(async () => {
    dir = await registryCopy('test-funnel-locales-');
    await writeTestFunnelLocales(dir);
    summary = await checkFunnels(registryDirectories(dir), dir);
  }, 120_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('pass funnels:check, every version published', () => {
    expect(summary.problems).toEqual([]);
    expect(summary.unpublished).toEqual([]);
  });

  it('offer every built-in funnel in en-XA too, and welsh-test in en-GB and cy', async () => {
    const builtIn = (await readdir(path.join(projectRoot, 'funnels')))
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.replace(/\.json$/, ''));
    expect(builtIn.length).toBeGreaterThan(0);
    for (const funnelId of builtIn) {
      expect(funnelLocales(summary.registry!.getFunnel(funnelId)!), funnelId).toEqual([
        'en-GB',
        PSEUDO_LOCALE,
      ]);
    }
    const welsh = summary.registry!.getFunnel(WELSH_TEST_FUNNEL_ID)!;
    expect(funnelLocales(welsh)).toEqual(['en-GB', TEST_WELSH_LOCALE]);
    expect(localizeFunnel(welsh, TEST_WELSH_LOCALE).pages.map((page) => page.title)).toEqual([
      'Amdanoch chi',
      'Ble rydych chi’n byw',
      'Gwiriwch eich atebion ac anfonwch',
    ]);
  });

  it('leave the project’s own funnels and schemas as they are', () => {
    const own = JSON.parse(
      readFileSync(path.join(projectRoot, 'funnels/vehicle-claim.json'), 'utf8'),
    ) as { translations?: unknown };
    expect(own.translations).toBeUndefined();
  });
});

describe('welsh-test with a Welsh page title left out', { timeout: 120_000 }, () => {
  let dir: string;
  let summary: CheckSummary;
  beforeAll(async () => {
    dir = await registryCopy('test-funnel-incomplete-');
    // As the test locales write it (the signature it refers to in cy too), unpublished.
    await addTestFunnelLocales(dir, projectRoot, incompleteWelshTestFunnel());
    summary = await checkFunnels(registryDirectories(dir), dir);
  }, 120_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('fails funnels:check, naming the file, the pointer and the text', () => {
    const english = (
      welshTestFunnel().funnel.pages as Array<{ pageId: string; title: string }>
    ).find((page) => `/pages/${page.pageId}/title` === LEFT_OUT_WELSH_KEY)!.title;
    expect(summary.problems).toEqual([
      {
        file: `funnels/${WELSH_TEST_FUNNEL_ID}.json`,
        pointer: `/translations/${TEST_WELSH_LOCALE}`,
        message: `no ${TEST_WELSH_LOCALE} text for ${LEFT_OUT_WELSH_KEY} ("${english}")`,
      },
    ]);
  });

  it('is offered in no locale: the check gives no registry to serve, Welsh or English', () => {
    // funnelLocales reads the file's list, which still names cy: it is funnels:check (and so
    // the build and the stack) that refuses a locale that is not complete.
    expect(summary.registry).toBeUndefined();
  });
});
