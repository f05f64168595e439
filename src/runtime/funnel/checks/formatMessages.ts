/**
 * What funnels:check says when a funnel, examples or claim stages file breaks its format
 * (schemas/funnel.schema.json, funnel-examples.schema.json, claim-stages.schema.json): the
 * format's own `x-errorMessages` where it has one, else what was expected at that pointer and
 * what was found, in the author's terms, with the format's `examples` (docs/product-owner.md's):
 *
 *   /roles/name: must be a list, like ["/passenger/fullName"] or ["/start/firstName", …],
 *   not the text "/start/firstName"
 *
 * A page schema's validator words its errors for a claimant ("Enter name"), from the
 * validation messages; a format file's author is no claimant, so its validator is compiled
 * with words that only record which check failed, and this module says it.
 */
import type { ValidationMessageKey, ValidationValues, ValidationWords } from '../../types';
import type { CompileValidator, FieldError, JsonSchemaObject, ValidateFn } from '../types';
import { pointerTokens, resolvePointer } from '../schema/jsonPointer';
import { isJsonObject, propertyNamesOf, propertySchemaOf } from '../schema/schemaProperties';
import { closestName } from './closestName';

const MARK = '\u0000format-check ';

/** Validation words that say nothing: each records the check that failed, for authorMessage. */
const recordingWords: ValidationWords = (key, values = {}) =>
  `${MARK}${JSON.stringify({ key, values })}`;

function recorded(message: string): { key: ValidationMessageKey; values: ValidationValues } | null {
  if (!message.startsWith(MARK)) return null;
  // recordingWords above wrote this JSON, from a key and its values.
  return JSON.parse(message.slice(MARK.length)) as {
    key: ValidationMessageKey;
    values: ValidationValues;
  };
}

function resolved(schema: unknown, root: JsonSchemaObject): JsonSchemaObject | undefined {
  let current = schema;
  for (let depth = 0; depth < 16 && isJsonObject(current); depth++) {
    const ref = current.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#')) return current;
    current = resolvePointer(root, decodeURIComponent(ref.slice(1)));
  }
  return isJsonObject(current) ? current : undefined;
}

/** The format's schema at a pointer of the file: properties, items and additionalProperties. */
function schemaAt(root: JsonSchemaObject, tokens: readonly string[]): JsonSchemaObject | undefined {
  let schema = resolved(root, root);
  for (const token of tokens) {
    if (!schema) return undefined;
    schema =
      propertySchemaOf(schema, token, root) ??
      (isJsonObject(schema.additionalProperties)
        ? resolved(schema.additionalProperties, root)
        : undefined);
  }
  return schema;
}

/** A value as a file's author writes it: `["/a", "/b"]`, `{ "field": "/a" }`. */
function json(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(json).join(', ')}]`;
  if (isJsonObject(value)) {
    const entries = Object.entries(value).map(
      ([key, inner]) => `${JSON.stringify(key)}: ${json(inner)}`,
    );
    return entries.length > 0 ? `{ ${entries.join(', ')} }` : '{}';
  }
  return JSON.stringify(value);
}

function shortened(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** "the text "…"", "the number 3", "a list", as a file's author would call what they wrote. */
function found(value: unknown): string {
  if (typeof value === 'string') return `the text ${json(shortened(value))}`;
  if (typeof value === 'number') return `the number ${value}`;
  if (typeof value === 'boolean' || value === null) return String(value);
  if (Array.isArray(value)) return value.length === 0 ? 'an empty list' : 'a list';
  return 'an object';
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a text',
  array: 'a list',
  object: 'an object',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  null: 'null',
};

function orList(items: readonly string[]): string {
  return items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

function typesOf(schema: JsonSchemaObject): string[] {
  const type = schema.type;
  return Array.isArray(type) ? type.map(String) : typeof type === 'string' ? [type] : [];
}

/** What the format takes there: "one of "form", … or "exit"", "a list", "a text". */
function expected(schema: JsonSchemaObject): string {
  if (Array.isArray(schema.enum)) return `one of ${orList(schema.enum.map(json))}`;
  if ('const' in schema) return json(schema.const);
  const types = typesOf(schema);
  return types.length > 0 ? orList(types.map((type) => TYPE_WORDS[type] ?? type)) : 'a value';
}

/** ", like …": the format's examples there (at most two), as they are written in the file. */
function like(schema: JsonSchemaObject | undefined): string {
  const examples = Array.isArray(schema?.examples) ? schema.examples.slice(0, 2) : [];
  return examples.length > 0 ? `, like ${examples.map(json).join(' or ')}` : '';
}

function matchesType(schema: JsonSchemaObject, value: unknown): boolean {
  const types = typesOf(schema);
  const actual = jsonType(value);
  return (
    types.length === 0 ||
    types.includes(actual) ||
    (actual === 'integer' && types.includes('number'))
  );
}

/** The names the object at `tokens` may have, and the one meant, for an unknown name. */
function unknownName(root: JsonSchemaObject, tokens: readonly string[], name: string): string {
  const parent = schemaAt(root, tokens.slice(0, -1));
  const names = parent ? [...propertyNamesOf(parent, root)] : [];
  if (names.length === 0) return `"${name}" is not allowed here`;
  const meant = closestName(name, names);
  return `"${name}" is not allowed here${meant ? ` (did you mean "${meant}"?)` : ''}: use ${orList(names.map(json))}`;
}

function lengthOf(value: unknown): number | undefined {
  if (typeof value === 'string') return [...value].length;
  if (Array.isArray(value)) return value.length;
  return undefined;
}

function plural(count: number, one: string, other: string): string {
  return `${count} ${count === 1 ? one : other}`;
}

/**
 * The author's message for an error at `pointer` of a format file, where the format has no
 * `x-errorMessages` of its own: which check failed (`key`, from the page checks' categories)
 * said as what was expected there and what the file has.
 */
export function authorMessage(
  format: JsonSchemaObject,
  data: unknown,
  pointer: string,
  check: { key: ValidationMessageKey; values: ValidationValues },
): string {
  const tokens = pointerTokens(pointer);
  const schema = schemaAt(format, tokens);
  const value = resolvePointer(data, pointer);
  const name = tokens[tokens.length - 1];
  if (check.key === 'field.unknown' && name !== undefined) return unknownName(format, tokens, name);
  if (!schema) return value === undefined ? 'is missing' : `${found(value)} is not allowed here`;
  const want = `${expected(schema)}${like(schema)}`;
  if (value === undefined) return `is missing: add ${want}`;
  if (!matchesType(schema, value)) return `must be ${want}, not ${found(value)}`;
  const limit = Number(check.values.limit);
  const length = lengthOf(value);
  switch (check.key) {
    case 'field.tooShort':
      return `must be at least ${plural(limit, 'character', 'characters')} long${like(schema)}`;
    case 'field.tooLong':
      return `must be at most ${plural(limit, 'character', 'characters')} long (it has ${length})`;
    case 'field.tooSmall':
      return `must be ${limit} or more, not ${found(value)}`;
    case 'field.tooLarge':
      return `must be ${limit} or less, not ${found(value)}`;
    case 'field.select':
      return `must be ${want}, not ${found(value)}`;
    default:
      break;
  }
  if (typeof value === 'string' && value.trim() === '' && Number(schema.minLength) >= 1) {
    return `must not be empty${like(schema) ? `: write it${like(schema)}` : ''}`;
  }
  if (Array.isArray(value)) {
    const { minItems, maxItems } = schema;
    if (typeof minItems === 'number' && value.length < minItems) {
      return `must have at least ${plural(minItems, 'item', 'items')}${like(schema)}`;
    }
    if (typeof maxItems === 'number' && value.length > maxItems) {
      return `must have at most ${plural(maxItems, 'item', 'items')} (it has ${value.length})`;
    }
  }
  if (typeof value === 'string' && typeof schema.pattern === 'string') {
    return like(schema)
      ? `must be written${like(schema)}, not ${found(value)}`
      : `must match ${schema.pattern}, not ${found(value)}`;
  }
  if (typeof value === 'string' && typeof schema.format === 'string') {
    return `must be ${want} in the ${schema.format} format, not ${found(value)}`;
  }
  if (isJsonObject(value) && isJsonObject(schema.propertyNames)) {
    const rule = resolved(schema.propertyNames, format);
    const names = Object.keys(value).filter(
      (key) => typeof rule?.pattern === 'string' && !new RegExp(rule.pattern, 'u').test(key),
    );
    if (names.length > 0) {
      const rightly = like(rule)
        ? `use names${like(rule).slice(1)}`
        : `each name must match ${rule!.pattern}`;
      return `${orList(names.map(json))} is not allowed as a name here: ${rightly}`;
    }
  }
  return `must be ${want}, not ${found(value)}`;
}

/** Each error a format validator recorded (not the format's own message) said to the author. */
function inAuthorTerms(validate: ValidateFn, format: JsonSchemaObject): ValidateFn {
  return (data) => {
    const result = validate(data);
    return {
      ...result,
      errors: result.errors.map((error): FieldError => {
        const check = recorded(error.message);
        return check
          ? { ...error, message: authorMessage(format, data, error.pointer, check) }
          : error;
      }),
    };
  };
}

/**
 * Compiles a format schema (`schema`, bundled: every `$ref` local) into a validator whose
 * errors speak to the file's author: the format's `x-errorMessages`, else authorMessage.
 */
export function compileFormatValidator(
  compileValidator: CompileValidator,
  schemaKey: string,
  schema: JsonSchemaObject,
): ValidateFn {
  return inAuthorTerms(compileValidator(schemaKey, schema, recordingWords), schema);
}
