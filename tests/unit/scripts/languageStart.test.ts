/**
 * Starting a language (scripts/lib/languageStart.ts) on a copy of the project's content,
 * funnels and schemas: every kind of file is written with each text beside an empty
 * translation; a second run keeps what a translator wrote and adds only what is new; and the
 * language so started is neither offered nor a failure of the checks (site:check's
 * contentLocaleProblems, the registry funnels:check runs) until every text is filled in,
 * while a key that names no text, or a message that does not parse, still fails.
 */
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localeRefusal, startLanguage } from '../../../scripts/lib/languageStart';
import { completeContentLocales, contentLocaleProblems } from '../../../scripts/lib/contentLocales';
import { MESSAGE_FILES, readMessages } from '../../../scripts/lib/icuMessages';
import { projectRoot } from '../runtime/projectFiles';
import {
  createRegistry,
  formatProblem,
  funnelLocales,
  funnelTexts,
  schemaTexts,
  type Funnel,
  type JsonSchemaObject,
  type RegistryResult,
} from '../../../src/runtime/funnel';
import { claimStageTexts, type ClaimStages } from '../../../src/runtime/lifecycle';
import { siteTexts, type SiteContent } from '../../../src/content/site';
import { versionContentOf, versionHash } from '../../../src/runtime/versions';
import { sha256Hasher } from '../../../src/gateway/infra/contentHash';
import { createAjvCompileValidator } from '../../../src/runtime/validation/ajvCompiler';
import { validationWords } from '../../../src/gateway/infra/validationWords';
import { readTranslatedGatewayContent } from '../../../src/gateway/infra/contentLocales';
import { textsToTranslateReport } from '../../../scripts/lib/textsToTranslate';

const LOCALE = 'cy';
type Json = Record<string, unknown>;

let root: string;
const registryBefore = process.env.REGISTRY_DIR;
const noSchemaProblems = () => [];
/** JSON as written, unformatted: the command's own formatting is Prettier's. */
const asWritten = (_file: string, json: string) => Promise.resolve(json);
const start = () => startLanguage(root, LOCALE, asWritten);

const read = (file: string): Json =>
  JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Json;
const write = (file: string, content: unknown) =>
  writeFileSync(path.join(root, file), `${JSON.stringify(content, null, 2)}\n`);
const jsonIn = (folder: string) =>
  readdirSync(path.join(root, folder))
    .filter((name) => name.endsWith('.json'))
    .map((name) => `${folder}/${name}`);
const funnelFiles = () => jsonIn('funnels');
const pageSchemaFiles = () =>
  jsonIn('schemas').filter(
    (file) => !/\/(funnel|funnel-examples|claim-stages)\.schema\.json$/.test(file),
  );
const areaFile = (area: (typeof MESSAGE_FILES)[number]) =>
  area.file.replace('.en-GB.json', `.${LOCALE}.json`);
const emailNames = () =>
  readdirSync(path.join(root, 'src/content/emails'))
    .filter((name) => /^[a-z-]+\.json$/.test(name))
    .map((name) => name.replace(/\.json$/, ''));

function registryOfCopy(): RegistryResult {
  const files = (folder: string) =>
    Object.fromEntries(jsonIn(folder).map((file) => [file, read(file)]));
  return createRegistry(
    { funnels: files('funnels'), schemas: files('schemas'), examples: files('funnels/examples') },
    { compileValidator: createAjvCompileValidator(), words: validationWords() },
  );
}

/** Each funnel's version hash, as funnels:check and funnels:publish take it. */
function versionHashes(result: RegistryResult): Record<string, string> {
  const registry = result.registry!;
  return Object.fromEntries(
    registry.listFunnels().map((funnel) => [
      funnel.funnelId,
      versionHash(
        versionContentOf(funnel, (id) => registry.bundlePageSchema(id))!,
        sha256Hasher,
      ),
    ]),
  );
}

/** Every empty translation of LOCALE in every file, given its English (a copy is a translation). */
function translateEverything() {
  for (const area of MESSAGE_FILES) {
    write(areaFile(area), readMessages(path.join(root, area.file)));
  }
  for (const name of emailNames()) {
    write(`src/content/emails/${name}.${LOCALE}.json`, read(`src/content/emails/${name}.json`));
  }
  write(
    `src/content/site.${LOCALE}.json`,
    Object.fromEntries(siteTexts(read('src/content/site.json') as unknown as SiteContent)),
  );
  const fill = (file: string, texts: Map<string, string>, at: (data: Json) => Json) => {
    const data = read(file);
    const translations = at(data);
    translations[LOCALE] = Object.fromEntries(texts);
    write(file, data);
  };
  const stagesFile = 'funnels/lifecycle/claim-stages.json';
  fill(stagesFile, claimStageTexts(read(stagesFile) as unknown as ClaimStages), (data) => {
    return data.translations as Json;
  });
  for (const file of funnelFiles()) {
    fill(file, funnelTexts(read(file) as unknown as Funnel), (data) => data.translations as Json);
    // A funnel's own stages, when it has them, are its text too.
    const lifecycle = read(file).lifecycle as ClaimStages | undefined;
    if (lifecycle) {
      fill(
        file,
        claimStageTexts(lifecycle),
        (data) => (data.lifecycle as Json).translations as Json,
      );
    }
  }
  for (const file of pageSchemaFiles()) {
    const texts = schemaTexts(read(file) as JsonSchemaObject);
    if (texts.size > 0) fill(file, texts, (data) => data['x-translations'] as Json);
  }
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'language-start-'));
  for (const folder of ['src/content', 'funnels', 'schemas']) {
    cpSync(path.join(projectRoot, folder), path.join(root, folder), { recursive: true });
  }
  // The writer and the checks read the registry (funnels, schemas, the site file) from here.
  process.env.REGISTRY_DIR = root;
});

afterEach(() => {
  if (registryBefore === undefined) delete process.env.REGISTRY_DIR;
  else process.env.REGISTRY_DIR = registryBefore;
  rmSync(root, { recursive: true, force: true });
});

describe('which language can be started', () => {
  it('takes a language tag the language data knows, with a region or without', () => {
    expect(localeRefusal('cy')).toBeUndefined();
    expect(localeRefusal('fr-CA')).toBeUndefined();
  });

  it('refuses, saying why, no tag, a malformed or unknown one, and the site’s own language', () => {
    expect(localeRefusal(undefined)).toMatch(/^name the language to start/);
    expect(localeRefusal('en-GB')).toMatch(/^en-GB is the language the site is written in/);
    expect(localeRefusal('cy_GB')).toMatch(/^"cy_GB" is not a BCP 47 language tag/);
    expect(localeRefusal('CY')).toMatch(/^"CY" is not a tag .* \(did you mean cy\?\)$/);
    expect(localeRefusal('xx')).toMatch(/^"xx" is no language code known/);
    expect(localeRefusal('fr-QQ')).toMatch(/^"QQ" is no region code known/);
  });

  it('writes nothing for a refused language', async () => {
    await expect(startLanguage(root, 'en-GB', asWritten)).rejects.toThrow(/en-GB is the language/);
    expect(
      readdirSync(path.join(root, 'src/content'), { recursive: true }).some((name) =>
        name.includes('.cy.'),
      ),
    ).toBe(false);
  });
});

describe('starting a language', () => {
  it('writes every text of every kind of file beside an empty translation', async () => {
    const started = await start();

    for (const area of MESSAGE_FILES) {
      const english = readMessages(path.join(root, area.file));
      expect(read(areaFile(area)), area.name).toEqual(
        Object.fromEntries(Object.keys(english).map((key) => [key, ''])),
      );
      // In the English file's order, so the two read side by side.
      expect(Object.keys(read(areaFile(area)))).toEqual(Object.keys(english));
    }
    expect(emailNames().length).toBeGreaterThan(0);
    for (const name of emailNames()) {
      expect(read(`src/content/emails/${name}.${LOCALE}.json`)).toEqual({
        subject: '',
        text: '',
        html: '',
      });
    }
    const site = siteTexts(read('src/content/site.json') as unknown as SiteContent);
    expect(Object.keys(read(`src/content/site.${LOCALE}.json`))).toEqual([...site.keys()]);
    const stages = read('funnels/lifecycle/claim-stages.json') as unknown as ClaimStages;
    expect(Object.keys(stages.translations![LOCALE]!)).toEqual([...claimStageTexts(stages).keys()]);
    for (const file of funnelFiles()) {
      const funnel = read(file) as unknown as Funnel;
      expect(funnel.translations![LOCALE], file).toEqual(
        Object.fromEntries([...funnelTexts(funnel).keys()].map((key) => [key, ''])),
      );
    }
    for (const file of pageSchemaFiles()) {
      const schema = read(file) as JsonSchemaObject;
      const texts = schemaTexts(schema);
      if (texts.size === 0) continue;
      expect((schema['x-translations'] as Json)[LOCALE], file).toEqual(
        Object.fromEntries([...texts.keys()].map((key) => [key, ''])),
      );
    }
    expect(started.written).toContain('schemas/signature.schema.json');
    expect(started.written).toContain('funnels/lifecycle/claim-stages.json');
    expect(started.emptyTexts).toBeGreaterThan(1000);
  });

  it('keeps every translation written, and any key it does not know, and adds only what is new', async () => {
    await start();
    const staff = areaFile(MESSAGE_FILES.find((area) => area.name === 'staff')!);
    const [firstKey] = Object.keys(read(staff));
    write(staff, { ...read(staff), [firstKey!]: 'Wedi’i gyfieithu', 'no.such.key': 'Cadw' });
    const funnelFile = funnelFiles()[0]!;
    const funnel = read(funnelFile) as unknown as Funnel;
    funnel.translations![LOCALE]!['/title'] = 'Teitl';
    write(funnelFile, funnel);
    const schemaFile = 'schemas/signature.schema.json';
    const schema = read(schemaFile);
    const schemaTexts = (schema['x-translations'] as Record<string, Json>)[LOCALE]!;
    const [schemaKey] = Object.keys(schemaTexts);
    schemaTexts[schemaKey!] = 'Llofnod';
    write(schemaFile, schema);
    const email = `src/content/emails/${emailNames()[0]}.${LOCALE}.json`;
    write(email, { ...read(email), subject: 'Pwnc' });
    // A text the English gained since.
    const englishStaff = 'src/content/messages/staff.en-GB.json';
    write(englishStaff, { ...read(englishStaff), 'new.message': 'A new sentence' });

    const again = await start();

    expect(again.written).toEqual([staff]);
    expect(read(staff)).toMatchObject({
      [firstKey!]: 'Wedi’i gyfieithu',
      'no.such.key': 'Cadw',
      'new.message': '',
    });
    expect((read(funnelFile) as unknown as Funnel).translations![LOCALE]!['/title']).toBe('Teitl');
    expect((read(schemaFile)['x-translations'] as Record<string, Json>)[LOCALE]![schemaKey!]).toBe(
      'Llofnod',
    );
    expect(read(email).subject).toBe('Pwnc');
    // And a third run has nothing to add.
    expect((await start()).written).toEqual([]);
  });

  it('refuses, naming it, a translation it could only write over, and writes nothing', async () => {
    const funnelFile = funnelFiles()[0]!;
    write(funnelFile, { ...read(funnelFile), translations: { [LOCALE]: 'Teitl' } });
    await expect(start()).rejects.toThrow(
      `${path.join(root, funnelFile)}: /translations/${LOCALE}: must be an object of texts by key`,
    );
    expect(read(funnelFile).translations).toEqual({ [LOCALE]: 'Teitl' });
    expect(
      readdirSync(path.join(root, 'src/content'), { recursive: true }).some((name) =>
        name.includes('.cy.'),
      ),
    ).toBe(false);
  });
});

describe('a language being translated', () => {
  it('is neither offered nor a failure, and each text it lacks is listed by file and key', async () => {
    const before = registryOfCopy();
    expect(before.ok).toBe(true);
    await start();

    const site = contentLocaleProblems(MESSAGE_FILES, root, noSchemaProblems);
    expect(site.problems).toEqual([]);
    expect(site.locales).toEqual([LOCALE]);
    expect(site.toTranslate).toContainEqual({
      file: 'src/content/messages/shell.cy.json',
      locale: LOCALE,
      key: '/language.name',
      english: 'English',
    });
    expect(new Set(site.toTranslate.map((text) => text.file))).toContain(
      'funnels/lifecycle/claim-stages.json',
    );
    expect(completeContentLocales(MESSAGE_FILES, root, noSchemaProblems)).toEqual([]);

    const funnels = registryOfCopy();
    expect(funnels.ok ? [] : funnels.problems.map(formatProblem)).toEqual([]);
    for (const funnel of funnels.registry!.listFunnels())
      expect(funnelLocales(funnel)).toEqual(['en-GB']);
    expect(funnels.toTranslate).toContainEqual({
      file: 'schemas/signature.schema.json',
      locale: LOCALE,
      key: expect.stringMatching(/^\//) as string,
      english: expect.any(String) as string,
    });
    // Starting a language changes no published version.
    expect(versionHashes(funnels)).toEqual(versionHashes(before));
    // Nor does the gateway say anything in it (an empty subject, an empty refusal).
    const gateway = readTranslatedGatewayContent([path.join(root, 'src/content')]);
    expect(Object.keys(gateway.messages)).toEqual([]);
    expect(Object.keys(gateway.emails)).toEqual([]);
  });

  it('is reported per file, and with --to-translate each text with its whole English', () => {
    const texts = [
      { file: 'funnels/a.json', locale: LOCALE, key: '/title', english: 'A "claim"' },
      { file: 'funnels/a.json', locale: LOCALE, key: '/description', english: 'Two\nlines' },
      { file: 'schemas/b.schema.json', locale: LOCALE, key: '/title', english: 'B' },
    ];
    expect(textsToTranslateReport(texts, 'funnels:check', false)).toEqual([
      'funnels:check: cy: 3 texts to translate, so cy is not offered yet (npm run funnels:check -- --to-translate lists them)',
      '  funnels/a.json: 2 texts',
      '  schemas/b.schema.json: 1 text',
    ]);
    expect(textsToTranslateReport(texts, 'funnels:check', true)).toEqual([
      'funnels:check: cy: 3 texts to translate, so cy is not offered yet',
      '  funnels/a.json: 2 texts',
      '    /title: "A \\"claim\\""',
      '    /description: "Two\\nlines"',
      '  schemas/b.schema.json: 1 text',
      '    /title: "B"',
    ]);
    expect(textsToTranslateReport([], 'site:check', true)).toEqual([]);
  });

  it('still fails a key that names no text, and a message that does not parse', async () => {
    await start();
    const shell = areaFile(MESSAGE_FILES.find((area) => area.name === 'shell')!);
    write(shell, {
      ...read(shell),
      'language.name': 'Cymraeg {count, plural, one {#}',
      'no.such.key': 'x',
    });
    const { problems } = contentLocaleProblems(MESSAGE_FILES, root, noSchemaProblems);
    expect(problems).toContain(
      `${shell}: /no.such.key: no such message in src/content/messages/shell.en-GB.json`,
    );
    expect(problems.some((line) => line.startsWith(`${shell}: /language.name: `))).toBe(true);

    const funnelFile = funnelFiles()[0]!;
    const funnel = read(funnelFile) as unknown as Funnel;
    funnel.translations![LOCALE]!['/pages/nowhere/title'] = 'Dim';
    write(funnelFile, funnel);
    const schemaFile = 'schemas/contact.schema.json';
    const schema = read(schemaFile);
    (schema['x-translations'] as Record<string, Json>)[LOCALE]!['/properties/nothing/title'] = 'x';
    write(schemaFile, schema);
    const result = registryOfCopy();
    expect(result.ok ? [] : result.problems.map(formatProblem)).toEqual([
      `${funnelFile}: /translations/cy/~1pages~1nowhere~1title: /pages/nowhere/title is no text of this file: remove it, or correct its pointer`,
      `${schemaFile}: /x-translations/cy/~1properties~1nothing~1title: /properties/nothing/title is no text of this file: remove it, or correct its pointer`,
    ]);
  });

  it('is offered once every text is filled in, as a new version of each funnel', async () => {
    const before = versionHashes(registryOfCopy());
    await start();
    translateEverything();

    const site = contentLocaleProblems(MESSAGE_FILES, root, noSchemaProblems);
    expect(site.problems).toEqual([]);
    expect(site.toTranslate).toEqual([]);
    expect(completeContentLocales(MESSAGE_FILES, root, noSchemaProblems)).toEqual([LOCALE]);

    const funnels = registryOfCopy();
    expect(funnels.ok ? [] : funnels.problems.map(formatProblem)).toEqual([]);
    expect(funnels.toTranslate).toEqual([]);
    for (const funnel of funnels.registry!.listFunnels())
      expect(funnelLocales(funnel)).toEqual(['en-GB', LOCALE]);
    // Its text is part of what a version fixes: funnels:check asks for the next version.
    for (const [funnelId, hash] of Object.entries(versionHashes(funnels)))
      expect(hash, funnelId).not.toBe(before[funnelId]);
  });

  it('is listed again, not failed, when one text is emptied', async () => {
    await start();
    translateEverything();
    const form = areaFile(MESSAGE_FILES.find((area) => area.name === 'form')!);
    const [key] = Object.keys(read(form));
    write(form, { ...read(form), [key!]: '' });
    const site = contentLocaleProblems(MESSAGE_FILES, root, noSchemaProblems);
    expect(site.problems).toEqual([]);
    expect(site.toTranslate.map((text) => `${text.file}: ${text.key}`)).toEqual([
      `${form}: /${key}`,
    ]);
    expect(completeContentLocales(MESSAGE_FILES, root, noSchemaProblems)).toEqual([]);
  });
});
