/**
 * A funnel's text in other locales (src/runtime/funnel/words/translations.ts): what counts as text,
 * the registry's checks of translations (every missing or extra key named by file and
 * pointer), and a funnel read in another locale. The texts here are test data ("[xx] " before
 * the English), not a translation: every funnel of the registry is tried, whatever it holds.
 */
import { describe, expect, it } from 'vitest';
import {
  withTranslationsOnlyIn,
  createRegistry,
  formatProblem,
  funnelLocales,
  funnelTexts,
  localizeFunnel,
  localizeSchema,
  schemaTexts,
  type Funnel,
  type JsonSchemaObject,
  type RegistryInput,
} from '../../../../src/runtime/funnel';
import { createAjvCompileValidator } from '../../../../src/runtime/validation/ajvCompiler';
import { claimStageTexts } from '../../../../src/runtime/lifecycle';
import { projectInput, projectRegistry } from '../projectFiles';
import { validationWords } from '../../../../src/gateway/infra/validationWords';

const words = validationWords();

const LOCALE = 'cy';
/** A text marked as LOCALE's; the claim noun, a lower-case word in sentences, stays one. */
const marked = (text: string, key = '') =>
  key === '/wording/claimNoun' ? `${text} ${LOCALE}` : `[${LOCALE}] ${text}`;

function translated(texts: Map<string, string>): Record<string, string> {
  return Object.fromEntries([...texts].map(([key, text]) => [key, marked(text, key)]));
}

/** The registry's files with every funnel and page schema translated into LOCALE. */
function translatedInput(): Required<RegistryInput> {
  const input = projectInput();
  for (const data of Object.values(input.funnels)) {
    const funnel = data as Funnel;
    funnel.translations = { [LOCALE]: translated(funnelTexts(funnel)) };
    // A funnel's own stages, when it has them, are offered in its languages too.
    if (funnel.lifecycle) {
      funnel.lifecycle.translations = {
        ...funnel.lifecycle.translations,
        [LOCALE]: translated(claimStageTexts(funnel.lifecycle)),
      };
    }
  }
  for (const data of Object.values(input.schemas)) {
    const schema = data as JsonSchemaObject;
    if (String(schema.$id).match(/^(funnel|funnel-examples|claim-stages)$/)) continue;
    schema['x-translations'] = { [LOCALE]: translated(schemaTexts(schema)) };
  }
  return input;
}

function problemsOf(input: RegistryInput): string[] {
  const result = createRegistry(input, { compileValidator: createAjvCompileValidator(), words });
  return result.ok ? [] : result.problems.map(formatProblem);
}

const funnelFile = (input: RegistryInput, funnelId: string) =>
  Object.keys(input.funnels).find((file) => file.endsWith(`/${funnelId}.json`))!;

describe('funnel texts', () => {
  it('names each page by its id, and takes titles, help, wording and the letter of authority', () => {
    for (const funnel of projectRegistry().listFunnels()) {
      const texts = funnelTexts(funnel);
      expect(texts.get('/title')).toBe(funnel.title);
      for (const page of funnel.pages) {
        expect(texts.get(`/pages/${page.pageId}/title`)).toBe(page.title);
        if (page.letterOfAuthority) {
          expect(texts.get(`/pages/${page.pageId}/letterOfAuthority/text`)).toBe(
            page.letterOfAuthority.text,
          );
        }
      }
      // Nothing but text: no ids, widgets or pointers.
      for (const key of texts.keys())
        expect(key).not.toMatch(/ui:(widget|autocomplete|width)|\/schema$/);
    }
  });

  it('takes a schema’s titles, descriptions and error messages, not its data', () => {
    const texts = schemaTexts({
      title: 'Contact',
      description: 'The page’s own text is its funnel page’s',
      $comment: 'For developers',
      properties: {
        email: { type: 'string', title: 'Email address', const: 'title', $comment: 'Profile' },
        title: { type: 'string', description: 'Mr, Ms…' },
        kind: { oneOf: [{ const: 'a', title: 'Option A', description: 'Not drawn' }] },
      },
      'x-errorMessages': { email: { required: 'Enter your email address' } },
    });
    // Only what a claimant reads: a page schema's own title and description, a choice
    // option's description and every $comment are drawn nowhere.
    expect(Object.fromEntries(texts)).toEqual({
      '/properties/email/title': 'Email address',
      '/properties/title/description': 'Mr, Ms…',
      '/properties/kind/oneOf/0/title': 'Option A',
      '/x-errorMessages/email/required': 'Enter your email address',
    });
  });
});

describe('the registry’s checks of translations', () => {
  it('accepts every funnel translated completely, with its schemas', () => {
    expect(problemsOf(translatedInput())).toEqual([]);
  });

  it('names a missing page title by the funnel file and the locale, and serves the funnel without that locale', () => {
    const input = translatedInput();
    const funnel = projectRegistry().listFunnels()[0]!;
    const file = funnelFile(input, funnel.funnelId);
    const page = funnel.pages[funnel.pages.length - 1]!;
    const key = `/pages/${page.pageId}/title`;
    delete (input.funnels[file] as Funnel).translations![LOCALE]![key];

    const result = createRegistry(input, { compileValidator: createAjvCompileValidator(), words });

    expect(result.ok ? [] : result.problems.map(formatProblem)).toEqual([
      `${file}: /translations/${LOCALE}: no ${LOCALE} text for ${key} ("${page.title.slice(0, 57)}${page.title.length > 60 ? '…' : ''}")`,
    ]);
    // Under `npm start` the funnel still works, in its own language: only the incomplete one
    // is not offered (funnels:check, and so the build, refuses it until it is complete).
    const served = result.registry?.getFunnel(funnel.funnelId);
    expect(served?.pages.map((each) => each.pageId)).toEqual(
      funnel.pages.map((each) => each.pageId),
    );
    expect(funnelLocales(served!)).toEqual(['en-GB']);
    const others = projectRegistry()
      .listFunnels()
      .filter((each) => each.funnelId !== funnel.funnelId);
    for (const other of others) {
      expect(funnelLocales(result.registry!.getFunnel(other.funnelId)!)).toContain(LOCALE);
    }
  });

  it('names a key that is no text of the file at its own pointer', () => {
    const input = translatedInput();
    const funnel = projectRegistry().listFunnels()[0]!;
    const file = funnelFile(input, funnel.funnelId);
    (input.funnels[file] as Funnel).translations![LOCALE]!['/pages/no-such-page/title'] = 'x';

    expect(problemsOf(input)).toEqual([
      `${file}: /translations/${LOCALE}/~1pages~1no-such-page~1title: /pages/no-such-page/title is no text of this file: remove it, or correct its pointer`,
    ]);
  });

  it('requires the locale in every schema a page uses, and each schema’s translation to be complete', () => {
    const input = translatedInput();
    const funnel = projectRegistry().listFunnels()[0]!;
    const page = funnel.pages[0]!;
    const schemaFile = Object.keys(input.schemas).find(
      (file) => (input.schemas[file] as JsonSchemaObject).$id === page.schema,
    )!;
    const schema = input.schemas[schemaFile] as JsonSchemaObject;
    const [firstKey] = schemaTexts(schema).keys();
    const partial = structuredClone(input);
    delete (
      partial.schemas[schemaFile] as { 'x-translations': Record<string, Record<string, string>> }
    )['x-translations'][LOCALE]![firstKey!];
    expect(problemsOf(partial)).toContain(
      `${schemaFile}: /x-translations/${LOCALE}: no ${LOCALE} text for ${firstKey} ("${String(schemaTexts(schema).get(firstKey!)).slice(0, 57)}${String(schemaTexts(schema).get(firstKey!)).length > 60 ? '…' : ''}")`,
    );

    delete schema['x-translations'];
    const file = funnelFile(input, funnel.funnelId);
    expect(problemsOf(input)).toContain(
      `${file}: /translations/${LOCALE}: page "${page.pageId}" uses ${schemaFile}, which has no ${LOCALE} text: add "x-translations": { "${LOCALE}": { … } } to it`,
    );
  });

  it('holds translated text to the format’s own rules, at the translation', () => {
    const input = translatedInput();
    const funnel = projectRegistry().listFunnels()[0]!;
    const file = funnelFile(input, funnel.funnelId);
    const data = input.funnels[file] as Funnel;
    data.wording = { ...data.wording, claimNoun: 'claim' };
    data.translations![LOCALE]!['/wording/claimNoun'] = 'Hawliad!';

    const lines = problemsOf(input);

    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(`^${file}: /translations/${LOCALE}/~1wording~1claimNoun: `),
    );

    // A word of another language, accents and all, is a claim noun like any other.
    data.translations![LOCALE]!['/wording/claimNoun'] = 'cŵyn';
    expect(problemsOf(input)).toEqual([]);

    // An empty text marks the language as still being translated: no problem, and the funnel
    // is served without it, the text listed to translate (languagesInProgress.test.ts).
    delete data.translations![LOCALE]!['/wording/claimNoun'];
    data.wording = funnel.wording;
    const page = funnel.pages[0]!;
    data.translations![LOCALE]![`/pages/${page.pageId}/title`] = '';
    const result = createRegistry(input, { compileValidator: createAjvCompileValidator(), words });
    expect(result.ok ? [] : result.problems.map(formatProblem)).toEqual([]);
    expect(funnelLocales(result.registry!.getFunnel(funnel.funnelId)!)).toEqual(['en-GB']);
    expect(result.toTranslate).toEqual([
      { file, locale: LOCALE, key: `/pages/${page.pageId}/title`, english: page.title },
    ]);
  });

  it('refuses a translation into the file’s own locale, and a locale that is not a language tag', () => {
    const input = translatedInput();
    const funnel = projectRegistry().listFunnels()[0]!;
    const file = funnelFile(input, funnel.funnelId);
    const data = input.funnels[file] as Funnel;
    data.translations!['en-GB'] = data.translations![LOCALE]!;
    expect(problemsOf(input)).toContain(
      `${file}: /translations/en-GB: the file is written in en-GB: translate it into another locale`,
    );
    data.translations = { Welsh: {} };
    expect(problemsOf(input).some((line) => line.startsWith(`${file}: /translations`))).toBe(true);
  });
});

describe('a funnel read in another locale', () => {
  it('has every text in that locale, and the same pages, ids and rules', () => {
    const input = translatedInput();
    const result = createRegistry(input, { compileValidator: createAjvCompileValidator(), words });
    expect(result.ok).toBe(true);
    for (const funnel of result.registry!.listFunnels()) {
      expect(funnelLocales(funnel)).toEqual(['en-GB', LOCALE]);
      const read = localizeFunnel(funnel, LOCALE);
      for (const [key, text] of funnelTexts(read)) {
        expect(text, key).toBe(marked(funnelTexts(funnel).get(key)!, key));
      }
      expect(read.pages.map((page) => [page.pageId, page.schema, page.next])).toEqual(
        funnel.pages.map((page) => [page.pageId, page.schema, page.next]),
      );
      // Its own locale, or one it does not offer, reads as written.
      expect(localizeFunnel(funnel, 'en-GB')).toBe(funnel);
      expect(localizeFunnel(funnel, 'fr')).toBe(funnel);
    }
    for (const data of Object.values(input.schemas)) {
      const schema = data as JsonSchemaObject;
      if (!schema['x-translations']) continue;
      const read = localizeSchema(schema, LOCALE);
      for (const [key, text] of schemaTexts(read)) {
        expect(text, key).toBe(marked(schemaTexts(schema).get(key)!));
      }
    }
  });
});

describe('what a build ships of a file’s translations', () => {
  const funnel = {
    funnelId: 'f',
    title: 'Claim',
    translations: { cy: { '/title': 'Hawliad' }, 'en-XA': { '/title': '[Çĺàíɱ]' } },
  };
  const schema = { $id: 's', title: 'Page', 'x-translations': { cy: { '/title': 'Tudalen' } } };

  it('keeps only the languages the site is offered in', () => {
    expect(withTranslationsOnlyIn(funnel, ['cy'])).toEqual({
      funnelId: 'f',
      title: 'Claim',
      translations: { cy: { '/title': 'Hawliad' } },
    });
    expect(withTranslationsOnlyIn(schema, ['cy'])).toEqual(schema);
  });

  it('drops the keyword when none is offered, and leaves the file it was given alone', () => {
    expect(withTranslationsOnlyIn(funnel, [])).toEqual({ funnelId: 'f', title: 'Claim' });
    expect(withTranslationsOnlyIn(schema, [])).toEqual({ $id: 's', title: 'Page' });
    expect(Object.keys(funnel.translations)).toEqual(['cy', 'en-XA']);
    expect(withTranslationsOnlyIn('not a file', [])).toBe('not a file');
  });
});
