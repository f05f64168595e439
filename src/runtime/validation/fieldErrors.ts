/**
 * Turns AJV errors into one claimant-facing message per field, GOV.UK style.
 *
 * Wording comes from the page schema first: a top-level
 * `"x-errorMessages": { "<dotted field>": { "<ajv keyword>": "message" } }` map, so product
 * owners write messages in JSON (`""` is the page itself; `*` stands for any array index).
 * Otherwise a generic message of the reader's language names the field by its schema
 * `title` ("Enter email address"), from the validation messages passed in. Pure: it needs the errors and the schema, not AJV itself, so precompiled
 * standalone validators produce the same messages.
 */
import type { ErrorObject } from 'ajv';
import { pointerOf, pointerTokens, resolvePointer } from '../funnel';
import { formatMoney, MONEY_FORMAT } from '../claim';
import {
  atSentenceStart,
  inSentence,
  isChoiceSchema,
  propertyNamesOf,
  propertySchemaOf,
  schemaAtPath,
} from '../funnel';
import type { FieldError, JsonSchemaObject, ValidateFn } from '../funnel';
import type { ValidationMessageKey, ValidationValues, ValidationWords } from '../types';
import { dateMessage } from './dateParts';

/** The parts of an AJV error this module reads (AJV standalone errors have them too). */
export type SchemaError = Pick<ErrorObject, 'keyword' | 'instancePath' | 'schemaPath' | 'params'>;

/** Schema keyword holding the custom messages. */
const ERROR_MESSAGES_KEYWORD = 'x-errorMessages';

// Errors from inside oneOf/anyOf branches restate the parent's one failure once per branch,
// and an `if` error only repeats what its `then` said: the claimant needs neither.
const BRANCH_DETAIL = /\/(?:oneOf|anyOf)\/\d+\//;

/** Where in the answers an error is about: a missing property is addressed by its own path. */
function errorPointer(error: SchemaError): string {
  const params: Record<string, unknown> = error.params;
  if (error.keyword === 'required' || error.keyword === 'dependencies') {
    return error.instancePath + pointerOf(String(params.missingProperty));
  }
  if (error.keyword === 'additionalProperties') {
    return error.instancePath + pointerOf(String(params.additionalProperty));
  }
  return error.instancePath;
}

/** "previousAddress" becomes "previous address"; used when a field has no title. */
function humanise(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
}

/**
 * The schema's own message for a field and keyword. Fields inside arrays may be written
 * with `*` for the index (`owners.*.name`), as one message serves every item.
 */
function customMessage(
  root: JsonSchemaObject,
  tokens: readonly string[],
  keyword: string,
): string | undefined {
  // The error-message keyword's shape is checked by the funnel checks; values are read as unknown.
  const map = root[ERROR_MESSAGES_KEYWORD] as
    Record<string, Record<string, unknown> | undefined> | undefined;
  if (!map) return undefined;
  const exact = map[tokens.join('.')]?.[keyword];
  if (typeof exact === 'string') return exact;
  const wildcard =
    map[tokens.map((token) => (/^\d+$/.test(token) ? '*' : token)).join('.')]?.[keyword];
  return typeof wildcard === 'string' ? wildcard : undefined;
}

/**
 * How a question is named in its messages: its title (its name when it has none) with a
 * capital first letter, to start a sentence, and with a small one, for the middle of one.
 */
function titleValues(fieldSchema: JsonSchemaObject | undefined, name: string): ValidationValues {
  const titleInSentence = inSentence(
    typeof fieldSchema?.title === 'string' ? fieldSchema.title : humanise(name),
  );
  return { title: atSentenceStart(titleInSentence), titleInSentence };
}

/** The message a check says of a field whose schema gives none: which one, and its values. */
function genericMessage(
  error: SchemaError,
  fieldSchema: JsonSchemaObject | undefined,
  name: string,
  words: ValidationWords,
): string {
  const titles = titleValues(fieldSchema, name);
  const params: Record<string, unknown> = error.params;
  const limit = Number(params.limit);
  const choose =
    fieldSchema !== undefined && (isChoiceSchema(fieldSchema) || fieldSchema.type === 'boolean');
  const say = (key: ValidationMessageKey, values: ValidationValues = {}) =>
    words(key, { ...titles, ...values });
  // A file question speaks as GOV.UK's file upload does, whatever its title.
  if (fieldSchema && typeof fieldSchema['x-evidence'] === 'object') {
    if (error.keyword === 'maxItems') return say('field.tooManyFiles', { limit });
    if (['required', 'minItems', 'type', 'dependencies'].includes(error.keyword)) {
      return say('field.selectFile');
    }
  }
  switch (error.keyword) {
    case 'required':
    case 'dependencies':
      return say(choose ? 'field.select' : 'field.enter');
    case 'const':
      return say(fieldSchema?.const === true ? 'field.select' : 'field.enterValid');
    case 'enum':
    case 'oneOf':
    case 'anyOf':
      return say('field.select');
    case 'minLength':
      return limit === 1 ? say('field.enter') : say('field.tooShort', { limit });
    case 'maxLength':
      return say('field.tooLong', { limit });
    case 'minimum':
    case 'exclusiveMinimum':
      return say('field.tooSmall', { limit });
    case 'maximum':
    case 'exclusiveMaximum':
      return say('field.tooLarge', { limit });
    case 'type':
      if (params.type === 'number' || params.type === 'integer') return say('field.notNumber');
      return say(choose ? 'field.select' : 'field.enter');
    case 'formatMinimum':
    case 'formatExclusiveMinimum':
      // An amount's bound reads as money ("£1.00"); other formats' bounds have no wording.
      return fieldSchema?.format === MONEY_FORMAT
        ? say('field.tooSmall', { limit: formatMoney(String(params.limit)) })
        : say('field.enterValid');
    case 'formatMaximum':
    case 'formatExclusiveMaximum':
      return fieldSchema?.format === MONEY_FORMAT
        ? say('field.tooLarge', { limit: formatMoney(String(params.limit)) })
        : say('field.enterValid');
    case 'format':
      if (params.format === MONEY_FORMAT) return say('field.moneyFormat');
      if (params.format === 'date') return say('field.notRealDate');
      if (params.format === 'email') return say('field.emailFormat');
      return say('field.format');
    case 'pattern':
      return say('field.format');
    case 'additionalProperties':
      return say('field.unknown', { name });
    default:
      return say('field.enterValid');
  }
}

/**
 * Where a field comes in the schema, as positions at each level, so errors can be listed in
 * the order the fields appear (GOV.UK error summary) rather than the order AJV met them:
 * a previous address declared in a `then` comes after the fields declared in `properties`.
 */
function fieldPosition(root: JsonSchemaObject, tokens: readonly string[]): number[] {
  const position: number[] = [];
  let schema: JsonSchemaObject | undefined = root;
  for (const token of tokens) {
    const names: string[] = schema ? [...propertyNamesOf(schema, root)] : [];
    const index = names.indexOf(token);
    position.push(index === -1 ? (/^\d+$/.test(token) ? Number(token) : names.length) : index);
    schema = schema ? propertySchemaOf(schema, token, root) : undefined;
  }
  return position;
}

function comparePositions(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return a[i]! - b[i]!;
  }
  return a.length - b.length;
}

/**
 * Maps schema validation errors to at most one FieldError per field, in the order the
 * fields are declared in the schema.
 * @param errors AJV errors (`validate.errors`); null or undefined means none.
 * @param schema the (bundled) schema the data was validated against; its `title`s and
 *   `x-errorMessages` give the wording.
 * @param data the answers validated, for a date's missing parts.
 * @param words the validation messages of the reader's language, said where the schema's
 *   `x-errorMessages` give none.
 */
export function formatFieldErrors(
  errors: readonly SchemaError[] | null | undefined,
  schema: JsonSchemaObject,
  data: unknown,
  words: ValidationWords,
): FieldError[] {
  const byPointer = new Map<string, FieldError>();
  for (const error of errors ?? []) {
    if (error.keyword === 'if' || BRANCH_DETAIL.test(error.schemaPath)) continue;
    const pointer = errorPointer(error);
    if (byPointer.has(pointer)) continue;
    const tokens = pointerTokens(pointer);
    const field = tokens.join('.');
    const fieldSchema = tokens.length === 0 ? undefined : schemaAtPath(schema, tokens);
    const name = tokens[tokens.length - 1];
    let message =
      customMessage(schema, tokens, error.keyword) ??
      (name === undefined
        ? words('page.answerQuestions')
        : genericMessage(error, fieldSchema, name, words));
    // A date typed in three parts says which part is missing (GOV.UK date input).
    if (name !== undefined && error.keyword === 'format' && error.params.format === 'date') {
      message = dateMessage(
        resolvePointer(data, pointer),
        message,
        titleValues(fieldSchema, name),
        words,
      );
    }
    byPointer.set(pointer, { pointer, field, message });
  }
  const positions = new Map(
    [...byPointer.keys()].map((p) => [p, fieldPosition(schema, pointerTokens(p))]),
  );
  return [...byPointer.values()].sort((a, b) =>
    comparePositions(positions.get(a.pointer)!, positions.get(b.pointer)!),
  );
}

/**
 * A validator as AJV makes them, compiled at run time or precompiled: it returns validity and
 * leaves its errors on itself.
 */
interface ErrorReportingValidator {
  (data: unknown): boolean | Promise<unknown>;
  errors?: readonly SchemaError[] | null;
}

/**
 * The registry's ValidateFn around a validator made from `schema`: its errors worded by
 * formatFieldErrors in `words`, and `inWordsOf` the same rules in other words. The validator is
 * asked for on every call (`validatorOf`), so one that loads later is found when it has.
 */
export function wordedValidateFn(
  validatorOf: () => ErrorReportingValidator,
  schema: object,
  words: ValidationWords,
): ValidateFn {
  // The schema a validator was made from is a JSON Schema object; AJV takes any object.
  const schemaObject = schema as JsonSchemaObject;
  const validateFn: ValidateFn = (data) => {
    const validate = validatorOf();
    // Only `$async` schemas make AJV answer with a promise, and funnels have none.
    const valid = validate(data) === true;
    return {
      valid,
      errors: valid ? [] : formatFieldErrors(validate.errors, schemaObject, data, words),
    };
  };
  validateFn.inWordsOf = (copy, otherWords) => wordedValidateFn(validatorOf, copy, otherWords);
  return validateFn;
}
