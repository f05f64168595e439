/**
 * The site's words in other locales (scripts/lib/contentLocales.ts), on a copy of the content
 * files with a complete pseudo-locale written from them: accepted whole; then each kind of
 * mistake a translator can make is named by file and key.
 */
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  completeContentLocales,
  contentLocaleProblems,
  messageValues,
  translatedEmailFiles,
  translatedFiles,
} from '../../../scripts/lib/contentLocales';
import { MESSAGE_FILES, readMessages } from '../../../scripts/lib/icuMessages';
import { PSEUDO_LOCALE, pseudoLocalize, pseudoLocalizeMessage } from '../../support/pseudoLocale';
import { site, siteTexts } from '../../../src/content/site';
import { writePseudoGatewayContent } from '../../support/pseudoGatewayContent';
import { MESSAGES_FOLDER } from '../../../src/gateway/infra/contentLocales';
import { projectRoot } from '../runtime/projectFiles';
import { claimStageTexts, type ClaimStages } from '../../../src/runtime/lifecycle';

let root: string;
const noSchemaProblems = () => [];
const fileIn = (area: (typeof MESSAGE_FILES)[number]) =>
  area.file.replace('.en-GB.json', `.${PSEUDO_LOCALE}.json`);

function writeTranslation(area: (typeof MESSAGE_FILES)[number], messages: Record<string, string>) {
  writeFileSync(path.join(root, fileIn(area)), JSON.stringify(messages, null, 2));
}

/** Every area and every email template in the pseudo-locale. */
function writeCompleteLocale() {
  for (const area of MESSAGE_FILES) writeTranslation(area, pseudoMessages(area));
  writePseudoGatewayContent(path.join(root, 'src/content'));
  writeSiteTranslation();
}

/** The claim stages in the pseudo-locale (complete in every test here but their own). */
function writeStagesTranslation() {
  const stagesFile = path.join(root, 'funnels/lifecycle/claim-stages.json');
  const stages = JSON.parse(readFileSync(stagesFile, 'utf8')) as ClaimStages;
  stages.translations = {
    [PSEUDO_LOCALE]: Object.fromEntries(
      [...claimStageTexts(stages)].map(([key, text]) => [key, pseudoLocalize(text)]),
    ),
  };
  writeFileSync(stagesFile, JSON.stringify(stages, null, 2));
}

const emailFile = (name: string) => `src/content/emails/${name}.${PSEUDO_LOCALE}.json`;

function pseudoMessages(area: (typeof MESSAGE_FILES)[number]): Record<string, string> {
  const english = readMessages(path.join(projectRoot, area.file));
  return Object.fromEntries(
    Object.entries(english).map(([key, message]) => [key, pseudoLocalizeMessage(message)]),
  );
}

const siteFileIn = `src/content/site.${PSEUDO_LOCALE}.json`;

/** The site file's words in the pseudo-locale, one per pointer; `change` edits them first. */
function writeSiteTranslation(
  change: (texts: Record<string, string>) => void = () => {},
  folder = path.join(root, 'src/content'),
) {
  const texts = Object.fromEntries(
    [...siteTexts(site)].map(([pointer, text]) => [pointer, pseudoLocalize(text)]),
  );
  change(texts);
  writeFileSync(path.join(folder, path.basename(siteFileIn)), JSON.stringify(texts, null, 2));
}

const registryBefore = process.env.REGISTRY_DIR;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'content-locales-'));
  cpSync(path.join(projectRoot, 'src/content'), path.join(root, 'src/content'), {
    recursive: true,
  });
  // The claim stages file is read from the project (its registry) too.
  cpSync(path.join(projectRoot, 'funnels/lifecycle'), path.join(root, 'funnels/lifecycle'), {
    recursive: true,
  });
  process.env.REGISTRY_DIR = root;
  writeStagesTranslation();
});

afterEach(() => {
  if (registryBefore === undefined) delete process.env.REGISTRY_DIR;
  else process.env.REGISTRY_DIR = registryBefore;
  rmSync(root, { recursive: true, force: true });
});

describe('the site in another locale', () => {
  it('offers none while no content file is translated', () => {
    expect(contentLocaleProblems(MESSAGE_FILES, root, noSchemaProblems)).toEqual({
      locales: [],
      problems: [],
      toTranslate: [],
    });
  });

  it('accepts a complete translation of every area, plurals and values kept', () => {
    writeCompleteLocale();
    expect(contentLocaleProblems(MESSAGE_FILES, root, noSchemaProblems)).toEqual({
      locales: [PSEUDO_LOCALE],
      problems: [],
      toTranslate: [],
    });
  });

  it('names an area the offered locale lacks, a missing or extra key, and changed values', () => {
    const [first, second, ...others] = MESSAGE_FILES;
    writePseudoGatewayContent(path.join(root, 'src/content'));
    for (const area of others) writeTranslation(area, pseudoMessages(area));
    writeSiteTranslation();
    const messages = pseudoMessages(first!);
    const [missingKey] = Object.keys(messages);
    delete messages[missingKey!];
    messages['no.such.key'] = 'Extra';
    const withValue = Object.keys(messages).find((key) => messageValues(messages[key]!).size > 0)!;
    const values = [...messageValues(messages[withValue]!)];
    messages[withValue] = '[Nothing said] {invented}';
    writeTranslation(first!, messages);

    const { problems } = contentLocaleProblems(MESSAGE_FILES, root, noSchemaProblems);

    const file = fileIn(first!);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          new RegExp(
            `^${file}: /${missingKey!.replace(/\./g, '\\.')}: no ${PSEUDO_LOCALE} text \\(en-GB: "`,
          ),
        ),
        `${file}: /no.such.key: no such message in ${first!.file}`,
        ...values.map(
          (value) => `${file}: /${withValue}: leaves out {${value}}, which the en-GB message says`,
        ),
        `${file}: /${withValue}: uses {invented}, which the en-GB message is not given`,
        `${fileIn(second!)}: missing: the site is offered in ${PSEUDO_LOCALE} (${fileIn(first!)}), so every content file needs its ${PSEUDO_LOCALE} text`,
      ]),
    );
    expect(problems).toHaveLength(4 + values.length);
  });

  it('names a translated message that is not ICU', () => {
    writeCompleteLocale();
    const area = MESSAGE_FILES[0];
    const messages = pseudoMessages(area);
    const key = Object.keys(messages)[0]!;
    messages[key] = `${messages[key]} {unclosed`;
    writeTranslation(area, messages);
    const { problems } = contentLocaleProblems(MESSAGE_FILES, root, noSchemaProblems);
    expect(
      problems.some((line) => line.startsWith(`${fileIn(area)}: /${key}: not an ICU message`)),
    ).toBe(true);
  });

  it('passes each translated file to the area’s schema check', () => {
    writeCompleteLocale();
    unlinkSync(path.join(root, fileIn(MESSAGE_FILES[1])));
    const checked: string[] = [];
    contentLocaleProblems(MESSAGE_FILES, root, (file, schema) => {
      checked.push(`${file} ${schema}`);
      return [];
    });
    expect(checked).toEqual(
      MESSAGE_FILES.filter((_, i) => i !== 1).map((area) => `${fileIn(area)} ${area.schema}`),
    );
  });

  it('names the site file’s words the locale lacks or has too many of, by pointer', () => {
    for (const area of MESSAGE_FILES) writeTranslation(area, pseudoMessages(area));
    writePseudoGatewayContent(path.join(root, 'src/content'));
    expect(contentLocaleProblems(MESSAGE_FILES, root, noSchemaProblems).problems).toEqual([
      `${siteFileIn}: missing: the site is offered in ${PSEUDO_LOCALE}, so the site file's words (src/content/site.json) need their ${PSEUDO_LOCALE} text, one per JSON pointer`,
    ]);
    writeSiteTranslation((texts) => {
      delete texts['/home/title'];
      texts['/firm/name'] = 'Not a text of the site';
      texts['/identity/footerBlurb'] = 7 as unknown as string;
    });
    expect(contentLocaleProblems(MESSAGE_FILES, root, noSchemaProblems).problems).toEqual([
      `${siteFileIn}: /identity/footerBlurb: must be a text`,
      `${siteFileIn}: /home/title: no ${PSEUDO_LOCALE} text ("${site.home.title}")`,
      `${siteFileIn}: /firm/name: no such text in src/content/site.json`,
    ]);
  });

  it('names the claim stages’ texts the locale lacks, and offers it only when they are there', () => {
    writeCompleteLocale();
    const stagesFile = path.join(root, 'funnels/lifecycle/claim-stages.json');
    const stages = JSON.parse(readFileSync(stagesFile, 'utf8')) as ClaimStages;
    delete stages.translations![PSEUDO_LOCALE]!['/stages/in-review/claimantLabel'];
    writeFileSync(stagesFile, JSON.stringify(stages));
    expect(contentLocaleProblems(MESSAGE_FILES, root, noSchemaProblems).problems).toEqual([
      `funnels/lifecycle/claim-stages.json: /translations/${PSEUDO_LOCALE}/~1stages~1in-review~1claimantLabel: no ${PSEUDO_LOCALE} text ("We are checking your claim")`,
    ]);
    expect(completeContentLocales(MESSAGE_FILES, root, noSchemaProblems)).toEqual([]);
  });
});

describe('the claimant emails in another locale', () => {
  it('requires every email template of a locale the site is offered in', () => {
    for (const area of MESSAGE_FILES) writeTranslation(area, pseudoMessages(area));
    const { problems } = contentLocaleProblems(MESSAGE_FILES, root, noSchemaProblems);
    expect(problems).toContain(
      `${emailFile('claim-received')}: missing: the site is offered in ${PSEUDO_LOCALE} (${fileIn(MESSAGE_FILES[0])}), so every email template needs its ${PSEUDO_LOCALE} text`,
    );
    expect(completeContentLocales(MESSAGE_FILES, root, noSchemaProblems)).toEqual([]);
  });

  it('offers the locale of an email template alone, and asks every area for it', () => {
    writePseudoGatewayContent(path.join(root, 'src/content'));
    unlinkSync(path.join(root, `src/content/messages/gateway.${PSEUDO_LOCALE}.json`));
    const { locales, problems } = contentLocaleProblems(MESSAGE_FILES, root, noSchemaProblems);
    expect(locales).toEqual([PSEUDO_LOCALE]);
    expect(problems).toContain(
      `${fileIn(MESSAGE_FILES[0])}: missing: the site is offered in ${PSEUDO_LOCALE} (${emailFile('claim-link')}), so every content file needs its ${PSEUDO_LOCALE} text`,
    );
  });

  it('names a field missing or extra, and a placeholder left out or invented, by file and field', () => {
    writeCompleteLocale();
    const file = path.join(root, emailFile('claim-received'));
    const template = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    template.subject = template.subject!.replace('{{reference}}', '{{invoice}}');
    delete (template as Partial<typeof template>).html;
    template.footer = 'extra';
    writeFileSync(file, JSON.stringify(template));
    writeFileSync(path.join(root, emailFile('no-such-email')), JSON.stringify(template));

    const { problems } = contentLocaleProblems(MESSAGE_FILES, root, noSchemaProblems);

    const at = emailFile('claim-received');
    expect(problems).toEqual([
      `${at}: /subject: leaves out {{reference}}, which the en-GB template says`,
      `${at}: /subject: uses {{invoice}}, which the en-GB template is not given`,
      expect.stringMatching(
        new RegExp(`^${at}: /html: no ${PSEUDO_LOCALE} text \\(en-GB: "<p>Dear`),
      ),
      `${at}: /footer: no such field (an email template has subject, text, html)`,
      `${emailFile('no-such-email')}: no such email template in src/content/emails (no-such-email.json)`,
    ]);
    expect(completeContentLocales(MESSAGE_FILES, root, noSchemaProblems)).toEqual([]);
  });

  it('reads a test stack’s email templates from its translations folder', () => {
    const extra = mkdtempSync(path.join(tmpdir(), 'content-translations-'));
    try {
      mkdirSync(path.join(extra, MESSAGES_FOLDER));
      for (const area of MESSAGE_FILES)
        writeFileSync(
          path.join(extra, MESSAGES_FOLDER, path.basename(fileIn(area))),
          JSON.stringify(pseudoMessages(area)),
        );
      writePseudoGatewayContent(extra);
      writeSiteTranslation(undefined, extra);
      expect(
        contentLocaleProblems(
          MESSAGE_FILES,
          root,
          noSchemaProblems,
          translatedFiles(MESSAGE_FILES, root, extra),
          translatedEmailFiles(root, extra),
        ),
      ).toEqual({ locales: [PSEUDO_LOCALE], problems: [], toTranslate: [] });
      expect(translatedEmailFiles(root, extra).map((each) => each.file)).toContain(
        `${extra}/emails/claim-received.${PSEUDO_LOCALE}.json`,
      );
    } finally {
      rmSync(extra, { recursive: true, force: true });
    }
  });

  it('lists the gateway’s messages as an area, so they are required of an offered locale', () => {
    expect(MESSAGE_FILES.map((area) => area.file)).toContain(
      'src/content/messages/gateway.en-GB.json',
    );
  });
});
