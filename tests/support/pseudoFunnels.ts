/**
 * A funnel, and the shared schemas its page schemas refer to, offered in the pseudo-locale as
 * the funnel format allows any funnel to be: every text of the file translated (its `wording`,
 * the subject's label, its pages), its own stages (`lifecycle`) too, each translation within
 * the format's rules for the text it translates (a claim noun stays a lower-case word of the
 * letters the format takes, a 300-character heading stays within 300). The generated funnels
 * (generatedFunnels.ts) and the test locales (testLocales.ts) both offer funnels so, so a
 * funnel written with `npm run funnels:new` and any option of the format passes their checks.
 */
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  funnelTexts,
  pointerTokens,
  SCHEMA_TRANSLATIONS_KEYWORD,
  schemaTexts,
  type Funnel,
  type JsonSchemaObject,
} from '../../src/runtime/funnel';
import { claimStageTexts, type ClaimStages } from '../../src/runtime/lifecycle';
import { PSEUDO_LOCALE, pseudoLocalize, pseudoLocalizeWord } from './pseudoLocale';

type Json = Record<string, unknown>;

const projectRoot = path.resolve(import.meta.dirname, '../..');
const readFormat = (name: string) =>
  JSON.parse(readFileSync(path.join(projectRoot, 'schemas', name), 'utf8')) as Json;
const FUNNEL_FORMAT = readFormat('funnel.schema.json');
const STAGES_FORMAT = readFormat('claim-stages.schema.json');

/** The schema at a text key of a format file (a page's id stands for any item of `pages`). */
function formatAt(format: Json, tokens: readonly string[]): Json | undefined {
  const resolve = (node: unknown): Json | undefined => {
    if (node === null || typeof node !== 'object') return undefined;
    const ref = (node as Json).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/')) {
      return resolve(
        pointerTokens(ref.slice(1)).reduce<unknown>((at, token) => (at as Json)?.[token], format),
      );
    }
    return node as Json;
  };
  let node = resolve(format);
  for (const token of tokens) {
    if (!node) return undefined;
    const properties = node.properties as Json | undefined;
    node = resolve(properties?.[token] ?? node.items);
  }
  return node;
}

/** The longest text the format takes at `tokens`, if it sets a limit. */
function maxLengthAt(format: Json, tokens: readonly string[]): number | undefined {
  const limit = formatAt(format, tokens)?.maxLength;
  return typeof limit === 'number' ? limit : undefined;
}

/**
 * `text` in the pseudo-locale, no longer than `maxLength`: the padding shrinks, and a text
 * too near the limit for its brackets is only accented (still plainly not English).
 */
export function pseudoLocalizeWithin(text: string, maxLength: number | undefined): string {
  const full = pseudoLocalize(text);
  if (maxLength === undefined || [...full].length <= maxLength) return full;
  const room = maxLength - [...text].length - 3;
  return room >= 1 ? `[${pseudoLocalizeWord(text)} ${'~'.repeat(room)}]` : pseudoLocalizeWord(text);
}

/**
 * A funnel file's texts by text key in the pseudo-locale. The claim noun is a word the
 * platform sets inside its sentences ("Make another {claimNoun}"), so it is accented but not
 * bracketed.
 */
export function pseudoFunnelTexts(funnel: Funnel): Record<string, string> {
  return Object.fromEntries(
    [...funnelTexts(funnel)].map(([key, text]) => {
      if (key === '/wording/claimNoun') return [key, pseudoLocalizeWord(text)];
      const tokens = pointerTokens(key);
      return [key, pseudoLocalizeWithin(text, maxLengthAt(FUNNEL_FORMAT, tokens))];
    }),
  );
}

/** A claim stages file's texts (`/stages/<id>/claimantLabel`…) in the pseudo-locale. */
export function pseudoStageTexts(stages: ClaimStages): Record<string, string> {
  return Object.fromEntries(
    [...claimStageTexts(stages)].map(([key, text]) => {
      const field = pointerTokens(key).at(-1)!;
      return [key, pseudoLocalizeWithin(text, maxLengthAt(STAGES_FORMAT, ['stages', '0', field]))];
    }),
  );
}

/** A page schema's texts in the pseudo-locale (a schema's texts have no length limit). */
export function pseudoSchemaTexts(schema: JsonSchemaObject): Record<string, string> {
  return Object.fromEntries(
    [...schemaTexts(schema)].map(([pointer, text]) => [pointer, pseudoLocalize(text)]),
  );
}

/**
 * A funnel file offered in the pseudo-locale too: every text of the file translated, and its
 * own stages', when it has them (a funnel offered in a language says its stages in it).
 */
export function funnelInPseudoLocale<T extends Json>(funnel: T): T {
  const lifecycle = funnel.lifecycle as ClaimStages | undefined;
  return {
    ...funnel,
    translations: {
      ...((funnel.translations ?? {}) as Json),
      [PSEUDO_LOCALE]: pseudoFunnelTexts(funnel as unknown as Funnel),
    },
    ...(lifecycle
      ? {
          lifecycle: {
            ...lifecycle,
            translations: {
              ...lifecycle.translations,
              [PSEUDO_LOCALE]: pseudoStageTexts(lifecycle),
            },
          },
        }
      : {}),
  };
}

/** A page schema offered in the pseudo-locale too, beside the locales it has. */
export function schemaInPseudoLocale(schema: Json): Json {
  const existing = (schema[SCHEMA_TRANSLATIONS_KEYWORD] ?? {}) as Json;
  return {
    ...schema,
    [SCHEMA_TRANSLATIONS_KEYWORD]: {
      ...existing,
      [PSEUDO_LOCALE]: pseudoSchemaTexts(schema as JsonSchemaObject),
    },
  };
}

/** The `$id`s a schema refers to (`"$ref": "common#/definitions/…"`), its own excepted. */
export function referredIds(value: unknown, ownId: string, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) referredIds(item, ownId, into);
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string' && !inner.startsWith('#')) {
        const id = inner.split('#')[0]!;
        if (id !== ownId) into.add(id);
      } else referredIds(inner, ownId, into);
    }
  }
  return into;
}

/**
 * Offers in the pseudo-locale each shared schema of `registryDir` that `own` (page schemas
 * about to be written there) refer to, and those they refer to in turn: a funnel offered in a
 * language needs every schema its pages use in it, `$ref`'d ones included (common's
 * evidence file). A schema with no text, or already offered in it, is left as it is.
 */
export async function offerReferredSchemasInPseudoLocale(
  registryDir: string,
  own: readonly Json[],
): Promise<void> {
  const ownIds = new Set(own.map((schema) => String(schema.$id)));
  const pending = [
    ...new Set(own.flatMap((schema) => [...referredIds(schema, String(schema.$id))])),
  ];
  const seen = new Set<string>();
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (seen.has(id) || ownIds.has(id)) continue;
    seen.add(id);
    const file = path.join(registryDir, 'schemas', `${id}.schema.json`);
    const schema = JSON.parse(await readFile(file, 'utf8')) as Json;
    pending.push(...referredIds(schema, id));
    const offered = (schema[SCHEMA_TRANSLATIONS_KEYWORD] ?? {}) as Json;
    if (schemaTexts(schema as JsonSchemaObject).size === 0 || PSEUDO_LOCALE in offered) continue;
    await writeFile(file, `${JSON.stringify(schemaInPseudoLocale(schema), null, 2)}\n`);
  }
}
