/**
 * A shared page schema (the signature, contact and address pages) is used by funnels that
 * call a claim different things: a parking funnel's "appeal", a flight funnel's "compensation
 * request". Its texts say `{claimNoun}` (or `{ClaimNoun}` to start a sentence) where the
 * funnel's own word belongs, and each place that shows a text to a person says it in the
 * funnel's words, in the language the text is read in.
 *
 * Only texts change, never what is validated: RJSF's precompiled validators are found by a
 * hash of the schema's text, so a question page keeps the schema as written and takes the
 * funnel's words through its uiSchema (wordingUiSchema); pages that only show answers
 * (check page, staff page, exports) read a copy of the schema in the funnel's words
 * (schemaInWords); error messages are said in them as the registry returns them.
 */
import { atSentenceStart } from './sentenceCase';
import { pointerOf } from '../schema/jsonPointer';
import { schemaTexts, schemaTranslations } from './translations';
import type { Funnel, JsonSchemaObject, ValidationResult } from '../types';

/** The words a schema text may name, each as `{name}`. */
const SCHEMA_WORDS = ['claimNoun', 'ClaimNoun'] as const;
export type SchemaWordName = (typeof SCHEMA_WORDS)[number];
export type SchemaWords = Readonly<Record<SchemaWordName, string>>;

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/**
 * The funnel's word for a claim, or `defaultNoun` ("claim" in the reader's language). Here,
 * not with the rest of a funnel's wording (funnelWording.ts), as every question page needs it.
 */
export function claimNounOf(funnel: Pick<Funnel, 'wording'>, defaultNoun: string): string {
  return funnel.wording?.claimNoun ?? defaultNoun;
}

/** The words of a funnel: its `claimNoun`, or `defaultNoun` (the reader's "claim"). */
export function funnelSchemaWords(
  funnel: Pick<Funnel, 'wording'>,
  defaultNoun: string,
): SchemaWords {
  const noun = claimNounOf(funnel, defaultNoun);
  return { claimNoun: noun, ClaimNoun: atSentenceStart(noun) };
}

/** The text with each `{claimNoun}`-style placeholder said in `words`. */
export function sayInWords(text: string, words: SchemaWords): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    // Object.hasOwn just confirmed words has this name.
    Object.hasOwn(words, name) ? words[name as SchemaWordName] : whole,
  );
}

/** True when the text names a word (`{claimNoun}`). */
export function hasPlaceholder(text: string): boolean {
  PLACEHOLDER.lastIndex = 0;
  return PLACEHOLDER.test(text);
}

type UiNode = Record<string, unknown>;

/** The uiSchema texts the schema node at hand needs in `words`, merged under `own`. */
function uiOverlay(node: unknown, words: SchemaWords, own: unknown): UiNode | undefined {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return undefined;
  // Checked to be a non-array object just above, as every schema node is.
  const schema = node as JsonSchemaObject;
  // A ui node is any object; its keys are read as unknown and checked where used.
  const ownUi = (own !== null && typeof own === 'object' ? own : {}) as UiNode;
  const overlay: UiNode = {};
  for (const keyword of ['title', 'description'] as const) {
    const text = schema[keyword];
    const uiKey = `ui:${keyword}`;
    if (typeof text === 'string' && hasPlaceholder(text) && ownUi[uiKey] === undefined) {
      overlay[uiKey] = sayInWords(text, words);
    }
  }
  // A property may be declared in several places (`properties`, a dependency's or an
  // if/then's branch): RJSF draws it with the uiSchema under its name wherever it came from.
  for (const properties of propertyMapsOf(schema)) {
    for (const [name, property] of Object.entries(properties)) {
      const inner = uiOverlay(property, words, overlay[name] ?? ownUi[name]);
      if (inner) overlay[name] = inner;
    }
  }
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const options = schema[keyword];
    if (!Array.isArray(options)) continue;
    // Array.isArray narrows the expression, not the indexed ui key it was read from.
    const ownOptions = Array.isArray(ownUi[keyword]) ? (ownUi[keyword] as unknown[]) : [];
    const said = options.map((option, i) => uiOverlay(option, words, ownOptions[i]));
    if (said.some(Boolean)) overlay[keyword] = said.map((s, i) => s ?? ownOptions[i] ?? {});
  }
  const items = uiOverlay(schema.items, words, ownUi.items);
  if (items) overlay.items = items;
  return Object.keys(overlay).length === 0 ? undefined : { ...ownUi, ...overlay };
}

function propertyMapsOf(schema: JsonSchemaObject): Record<string, unknown>[] {
  const maps: Record<string, unknown>[] = [];
  const add = (node: unknown) => {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return;
    // Checked to be a non-array object just above, as every schema node is.
    const object = node as JsonSchemaObject;
    const properties = object.properties;
    if (properties && typeof properties === 'object')
      // Checked to be an object just above; the property names are looked up in it.
      maps.push(properties as Record<string, unknown>);
    for (const branch of ['then', 'else'] as const) add(object[branch]);
    for (const list of ['allOf', 'oneOf', 'anyOf'] as const) {
      const all = object[list];
      // Options of a choice (`const`) are labels, drawn by the oneOf overlay, not properties.
      if (Array.isArray(all) && list === 'allOf') all.forEach(add);
    }
  };
  add(schema);
  const dependencies = schema.dependencies;
  if (dependencies && typeof dependencies === 'object') {
    for (const dependency of Object.values(dependencies)) add(dependency);
  }
  return maps;
}

/**
 * The page's uiSchema with every title and description of the schema that names a word said
 * in `words` (`ui:title`, `ui:description`, and a choice's options' `ui:title`): RJSF draws
 * those in place of the schema's own, so the schema it validates with stays as written. A
 * text the page's own uiSchema gives is kept.
 */
export function wordingUiSchema(
  schema: JsonSchemaObject,
  words: SchemaWords,
  uiSchema?: Record<string, unknown>,
): Record<string, unknown> | undefined {
  // The page's own uiSchema, the very object, when no text names a word.
  return uiOverlay(schema, words, uiSchema) ?? uiSchema;
}

/** The result with each error message said in `words`. */
export function resultInWords(result: ValidationResult, words: SchemaWords): ValidationResult {
  if (result.errors.every((error) => !hasPlaceholder(error.message))) return result;
  return {
    ...result,
    errors: result.errors.map((error) => ({ ...error, message: sayInWords(error.message, words) })),
  };
}

/** A text of a schema file that names a word no funnel has: its pointer and what is wrong. */
interface SchemaWordingProblem {
  pointer: string;
  message: string;
}

/**
 * Each `{name}` in the schema's texts, its translations included, that is not one of
 * SCHEMA_WORDS: it would reach the claimant as written.
 */
export function checkSchemaWording(schema: JsonSchemaObject): SchemaWordingProblem[] {
  const problems: SchemaWordingProblem[] = [];
  const known = SCHEMA_WORDS.map((name) => `{${name}}`).join(', ');
  const check = (pointer: string, text: string) => {
    for (const [, name] of text.matchAll(PLACEHOLDER)) {
      // Array.includes on a list of literal names takes only those names; asking is how we learn it is one.
      if ((SCHEMA_WORDS as readonly string[]).includes(name!)) continue;
      problems.push({
        pointer,
        message: `unknown placeholder "{${name!}}": a schema text may name ${known}`,
      });
    }
  };
  for (const [pointer, text] of schemaTexts(schema)) check(pointer, text);
  for (const [locale, texts] of Object.entries(schemaTranslations(schema))) {
    if (texts === null || typeof texts !== 'object') continue;
    for (const [key, text] of Object.entries(texts)) {
      if (typeof text === 'string') check(`${pointerOf('x-translations', locale, key)}`, text);
    }
  }
  return problems;
}
