/**
 * A `next` rule's `when` (a JSON Schema over the answers so far, keyed by pageId) in plain
 * English, for the funnel studio's diagram: `Your vehicle › How did you pay for the vehicle?
 * is “I did not use finance”`. The condition stays JSON Schema (one language for data and
 * logic); this only reads it back to a person, so it never throws: what it has no words for
 * it shows as compact JSON.
 */
import type { Funnel, JsonSchemaObject } from '../funnel/types';

/** Where the words come from: page titles, and field titles and option titles of page schemas. */
export interface ConditionVocabulary {
  funnel?: Funnel;
  /** A page schema with its refs inlined (the registry's bundlePageSchema), for field titles. */
  pageSchema?: (schemaId: string) => JsonSchemaObject | undefined;
}

/** What the studio's diagram calls the move to the following page when no rule matched. */
export const OTHERWISE_WORDS = 'otherwise';
/** A rule without `when`, or a condition that every answer set meets. */
export const ALWAYS_WORDS = 'always';

/** A place in the answers: the words for it, and the schema that describes its value there. */
interface Place {
  labels: readonly string[];
  /** The page schema (or a part of it) that the answers at this place follow, when known. */
  schema: JsonSchemaObject | undefined;
  /** The answers object at the root, keyed by pageId: its children are pages. */
  root: boolean;
}

const MAX_FALLBACK_CHARS = 80;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function subjectOf(place: Place): string {
  return place.labels.length > 0 ? place.labels.join(' › ') : 'the answers';
}

function compactJson(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > MAX_FALLBACK_CHARS ? `${text.slice(0, MAX_FALLBACK_CHARS - 1)}…` : text;
}

/** The title an option has in the schema (`oneOf`/`anyOf` of `{const, title}`), if any. */
function optionTitle(schema: JsonSchemaObject | undefined, value: unknown): string | undefined {
  if (!schema) return undefined;
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const options = schema[keyword];
    if (!Array.isArray(options)) continue;
    for (const option of options) {
      if (isObject(option) && option.const === value && typeof option.title === 'string')
        return option.title;
    }
  }
  const items = schema.items;
  return isObject(items) ? optionTitle(items, value) : undefined;
}

function valueWords(value: unknown, place: Place): string {
  const title = optionTitle(place.schema, value);
  if (title !== undefined) return `“${title}”`;
  if (value === true) return 'yes';
  if (value === false) return 'no';
  if (value === null) return 'empty';
  if (typeof value === 'string') return `“${value}”`;
  if (typeof value === 'number') return String(value);
  return compactJson(value);
}

function listWords(values: readonly unknown[], place: Place): string {
  return values.map((value) => valueWords(value, place)).join(', ');
}

/** The place of a property: its title (page title at the root), and its part of the schema. */
function childPlace(place: Place, name: string, vocabulary: ConditionVocabulary): Place {
  if (place.root) {
    const page = vocabulary.funnel?.pages.find((candidate) => candidate.pageId === name);
    const schema = page ? vocabulary.pageSchema?.(page.schema) : undefined;
    return { labels: [page?.title ?? name], schema, root: false };
  }
  const properties = place.schema?.properties;
  const schema =
    isObject(properties) && isObject(properties[name])
      ? (properties[name] as JsonSchemaObject) // isObject just confirmed it; the index does not narrow.
      : undefined;
  const title = typeof schema?.title === 'string' && schema.title ? schema.title : name;
  return { labels: [...place.labels, title], schema, root: false };
}

function requiredOf(schema: Record<string, unknown> | undefined): string[] {
  const required = schema?.required;
  return Array.isArray(required) ? required.filter((n): n is string => typeof n === 'string') : [];
}

/** Wraps a compound clause so that "and" and "or" do not run into each other. */
const grouped = (clauses: readonly string[], joiner: 'and' | 'or'): string =>
  clauses.length === 1 ? clauses[0]! : `(${clauses.join(` ${joiner} `)})`;

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'yes or no',
  object: 'a group of answers',
  array: 'a list',
  null: 'empty',
};

/** Keywords that say nothing about which answers match. */
const IGNORED = new Set(['$schema', '$id', '$comment', 'title', 'description', 'examples']);

/**
 * The clauses (joined by "and") that a condition at `place` puts on the answers there.
 * An empty list means the condition holds for any answers.
 */
function clausesOf(condition: unknown, place: Place, vocabulary: ConditionVocabulary): string[] {
  if (condition === true) return [];
  if (condition === false) return ['never'];
  if (!isObject(condition)) return [`${subjectOf(place)} matches ${compactJson(condition)}`];
  const subject = subjectOf(place);
  const clauses: string[] = [];
  const handled = new Set<string>(IGNORED);
  const take = (keyword: string) => {
    handled.add(keyword);
    return condition[keyword];
  };

  if ('const' in condition) clauses.push(`${subject} is ${valueWords(take('const'), place)}`);
  const enumValues = take('enum');
  if (Array.isArray(enumValues)) {
    clauses.push(
      enumValues.length === 1
        ? `${subject} is ${valueWords(enumValues[0], place)}`
        : `${subject} is one of ${listWords(enumValues, place)}`,
    );
  }
  const type = take('type');
  if (typeof type === 'string' && TYPE_WORDS[type])
    clauses.push(`${subject} is ${TYPE_WORDS[type]}`);
  else if (type !== undefined) handled.delete('type');
  const bounds: Array<[string, string]> = [
    ['minimum', 'is at least'],
    ['maximum', 'is at most'],
    ['exclusiveMinimum', 'is more than'],
    ['exclusiveMaximum', 'is less than'],
  ];
  for (const [keyword, words] of bounds) {
    const bound = take(keyword);
    if (typeof bound === 'number') clauses.push(`${subject} ${words} ${bound}`);
    else if (bound !== undefined) handled.delete(keyword);
  }
  const minLength = take('minLength');
  if (typeof minLength === 'number')
    clauses.push(
      minLength === 1
        ? `${subject} is not blank`
        : `${subject} has at least ${minLength} characters`,
    );
  const maxLength = take('maxLength');
  if (typeof maxLength === 'number') clauses.push(`${subject} has at most ${maxLength} characters`);
  const pattern = take('pattern');
  if (typeof pattern === 'string') clauses.push(`${subject} matches the pattern /${pattern}/`);
  const contains = take('contains');
  if (contains !== undefined) {
    const inner = isObject(contains) && 'const' in contains ? [contains.const] : undefined;
    clauses.push(
      inner
        ? `${subject} includes ${valueWords(inner[0], place)}`
        : `${subject} includes an item where ${grouped(clausesOf(contains, { ...place, labels: ['it'], root: false }, vocabulary), 'and') || ALWAYS_WORDS}`,
    );
  }

  const properties = take('properties');
  handled.add('required');
  clauses.push(...propertyClauses(requiredOf(condition), properties, place, vocabulary));

  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const options = take(keyword);
    if (!Array.isArray(options)) continue;
    const alternatives = options.map((option) => clausesOf(option, place, vocabulary));
    if (alternatives.some((alternative) => alternative.length === 0)) continue; // one always holds
    clauses.push(
      grouped(
        alternatives.map((alternative) => grouped(alternative, 'and')),
        'or',
      ),
    );
  }
  const allOf = take('allOf');
  if (Array.isArray(allOf)) {
    for (const part of allOf) clauses.push(...clausesOf(part, place, vocabulary));
  }
  if ('not' in condition) clauses.push(notWords(take('not'), place, vocabulary));

  const rest = Object.fromEntries(Object.entries(condition).filter(([key]) => !handled.has(key)));
  if (Object.keys(rest).length > 0) clauses.push(`${subject} matches ${compactJson(rest)}`);
  return clauses;
}

/** The clauses a condition's `required` and `properties` put on the answers at `place`. */
function propertyClauses(
  required: readonly string[],
  properties: unknown,
  place: Place,
  vocabulary: ConditionVocabulary,
): string[] {
  const clauses: string[] = [];
  const constrained = isObject(properties) ? Object.keys(properties) : [];
  for (const name of required) {
    if (!constrained.includes(name))
      clauses.push(`${subjectOf(childPlace(place, name, vocabulary))} is answered`);
  }
  if (!isObject(properties)) return clauses;
  // A property the condition does not require also matches when it is not answered, unless
  // the page schema requires it (then a valid page always has it). Without the page schema
  // that cannot be known, and the words say only what the condition asks.
  const alwaysPresent = new Set([...required, ...requiredOf(place.schema)]);
  const schemaKnown = place.schema !== undefined;
  for (const [name, inner] of Object.entries(properties)) {
    const child = childPlace(place, name, vocabulary);
    const innerClauses = clausesOf(inner, child, vocabulary);
    if (innerClauses.length === 0) continue;
    if (!schemaKnown || alwaysPresent.has(name) || place.root) clauses.push(...innerClauses);
    else clauses.push(`(${subjectOf(child)} is not answered or ${grouped(innerClauses, 'and')})`);
  }
  return clauses;
}

function notWords(inner: unknown, place: Place, vocabulary: ConditionVocabulary): string {
  const subject = subjectOf(place);
  if (isObject(inner) && Object.keys(inner).length === 1) {
    if ('const' in inner) return `${subject} is not ${valueWords(inner.const, place)}`;
    if (Array.isArray(inner.enum))
      return `${subject} is not one of ${listWords(inner.enum, place)}`;
    const required = requiredOf(inner);
    if (required.length === 1 && Array.isArray(inner.required))
      return `${subjectOf(childPlace(place, required[0]!, vocabulary))} is not answered`;
  }
  const clauses = clausesOf(inner, place, vocabulary);
  if (clauses.length === 0) return 'never';
  return `not ${grouped(clauses, 'and')}`;
}

/**
 * A `when` condition in words. `vocabulary` gives page and field titles; without it, pageIds
 * and property names are used. A condition that any answers meet reads "always".
 */
export function conditionWords(when: unknown, vocabulary: ConditionVocabulary = {}): string {
  if (when === undefined) return ALWAYS_WORDS;
  const clauses = clausesOf(when, { labels: [], schema: undefined, root: true }, vocabulary);
  return clauses.length > 0 ? clauses.join(' and ') : ALWAYS_WORDS;
}
