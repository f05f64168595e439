import { formatMoney, MONEY_FORMAT } from '../../claim';
import { isChoiceSchema } from '../schema/schemaProperties';
import type { JsonSchemaObject, PageAnswers } from '../types';
import { fileSizeInWords, type EvidenceFile } from '../../contract/evidence';
import { filesOfAnswer, isFileQuestion } from './evidenceQuestions';

/** One row of a check-your-answers list. */
interface AnswerRow {
  /** Dotted field path, for the Change link's anchor. */
  field: string;
  label: string;
  value: string;
  /**
   * For a choice (radios, a select, checkboxes), the value stored rather than its label
   * ("cleaning, redecoration"); absent for any other answer.
   */
  stored?: string;
  /** For a file question, the stored files (the value lists their names and sizes). */
  files?: EvidenceFile[];
}

/** Month names as GOV.UK writes dates ("27 March 2019"), January first. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function asObject(value: unknown): JsonSchemaObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as JsonSchemaObject) // a plain non-array object, as every schema node is
    : undefined;
}

/** Properties of a schema including those its if/then/else and allOf branches may add. */
function propertiesOf(schema: JsonSchemaObject): Record<string, JsonSchemaObject> {
  const found: Record<string, JsonSchemaObject> = {};
  const visit = (node: JsonSchemaObject | undefined) => {
    if (!node) return;
    for (const [key, value] of Object.entries(asObject(node.properties) ?? {})) {
      const property = asObject(value);
      if (property && !found[key]) found[key] = property;
      else if (property) found[key] = { ...property, ...found[key] };
    }
    visit(asObject(node.then));
    visit(asObject(node.else));
    for (const part of Array.isArray(node.allOf) ? node.allOf : []) visit(asObject(part));
  };
  visit(schema);
  return found;
}

/** How a yes/no answer reads, in the reader's language ("Yes" and "No" unless given). */
export interface AnswerWords {
  yes: string;
  no: string;
}

/**
 * What summariseAnswers may know beside the schema: the page's uiSchema (RJSF's
 * `ui:enumNames` label an `enum`'s options there) and the words a yes/no answer reads as.
 */
interface SummaryOptions {
  uiSchema?: unknown;
  words?: AnswerWords;
}

const DEFAULT_WORDS: AnswerWords = { yes: 'Yes', no: 'No' };

/** The labels a uiSchema node gives an `enum`'s options (`ui:enumNames`, or in `ui:options`). */
function enumNamesOf(ui: JsonSchemaObject | undefined): unknown {
  return ui?.['ui:enumNames'] ?? asObject(ui?.['ui:options'])?.enumNames;
}

/**
 * The label the claimant saw for a choice's value: its option's `title` (`oneOf`/`anyOf` of
 * `const`s), else its `ui:enumNames` entry (by the value's place in `enum`, or keyed by the
 * value, as RJSF reads either); undefined when the schema labels it nowhere.
 */
function labelOfOption(
  schema: JsonSchemaObject,
  ui: JsonSchemaObject | undefined,
  value: unknown,
): string | undefined {
  for (const option of [
    ...(Array.isArray(schema.oneOf) ? schema.oneOf : []),
    ...(Array.isArray(schema.anyOf) ? schema.anyOf : []),
  ]) {
    const candidate = asObject(option);
    if (candidate && candidate.const === value && typeof candidate.title === 'string')
      return candidate.title;
  }
  const names = enumNamesOf(ui);
  if (Array.isArray(names)) {
    // RJSF's boolean fields list `true` then `false` when the schema gives no enum.
    const options = Array.isArray(schema.enum)
      ? schema.enum
      : schema.type === 'boolean'
        ? [true, false]
        : [];
    const label: unknown = names[options.indexOf(value)];
    if (typeof label === 'string' && label !== '') return label;
  } else if (asObject(names)) {
    // asObject confirmed it is an object, but the union type of `names` does not narrow through the call.
    const label = (names as Record<string, unknown>)[String(value)];
    if (typeof label === 'string' && label !== '') return label;
  }
  return undefined;
}

/**
 * True when a question's answer is picked from options (radios, a select, checkboxes): an
 * `enum`, or a `oneOf`/`anyOf` of `const`s, or an array of those.
 */
function isChoiceQuestion(schema: JsonSchemaObject, root: JsonSchemaObject = schema): boolean {
  if (schema.type === 'array') {
    const items = asObject(schema.items);
    return items !== undefined && isChoiceSchema(resolveLocalRef(root, items));
  }
  return isChoiceSchema(schema);
}

function formatValue(
  schema: JsonSchemaObject,
  ui: JsonSchemaObject | undefined,
  value: unknown,
  words: AnswerWords,
  root: JsonSchemaObject,
): string {
  const optionLabel = labelOfOption(schema, ui, value);
  if (optionLabel) return optionLabel;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'string' && schema.format === MONEY_FORMAT) return formatMoney(value);
  if (typeof value === 'string' && schema.format === 'date') {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (match) return `${Number(match[3])} ${MONTH_NAMES[Number(match[2]) - 1]} ${match[1]}`;
  }
  if (isFileQuestion(schema)) {
    return filesOfAnswer(value)
      .map((file) => `${file.name} (${fileSizeInWords(file.size)})`)
      .join(', ');
  }
  if (Array.isArray(value)) {
    // Checkboxes: RJSF reads the options' labels from the array's own uiSchema.
    const items = resolveLocalRef(root, asObject(schema.items) ?? {});
    return value.map((item) => formatValue(items, ui, item, words, root)).join(', ');
  }
  return String(value);
}

/** A choice's stored value as text (an array's values joined by ", "), for the staff CSV. */
function storedText(value: unknown): string {
  return Array.isArray(value) ? value.map(String).join(', ') : String(value);
}

/**
 * A property as it reads once a local `$ref` (`#/definitions/...`, as bundled page schemas
 * have them) is followed; the property's own keywords (its title) win over the definition's.
 */
function resolveLocalRef(root: JsonSchemaObject, property: JsonSchemaObject): JsonSchemaObject {
  const ref = property.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return property;
  let target: unknown = root;
  for (const part of ref.slice(2).split('/')) {
    target = asObject(target)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  const definition = asObject(target);
  if (!definition) return property;
  const { $ref: _ref, ...own } = property;
  return { ...resolveLocalRef(root, definition), ...own };
}

/**
 * A page's answers as check-your-answers rows: each answered property with its schema title
 * and a readable value (option titles or `ui:enumNames` labels, checkboxes' labels joined by
 * ", ", yes/no in `options.words`, amounts as "£1,150.50", dates as "27 March 2019"); nested
 * objects become one row per leaf, labelled "<object title>: <field title>". Local `$ref`s
 * are followed for titles, formats and options. Pass the page's `uiSchema`, as the page was
 * drawn with it, for the labels RJSF takes from there.
 */
export function summariseAnswers(
  schema: JsonSchemaObject,
  answers: PageAnswers | undefined,
  options: SummaryOptions = {},
): AnswerRow[] {
  return summariseLevel(
    schema,
    answers,
    asObject(options.uiSchema),
    options.words ?? DEFAULT_WORDS,
    '',
    '',
    schema,
  );
}

function summariseLevel(
  schema: JsonSchemaObject,
  answers: PageAnswers | undefined,
  ui: JsonSchemaObject | undefined,
  words: AnswerWords,
  prefix: string,
  labelPrefix: string,
  root: JsonSchemaObject,
): AnswerRow[] {
  if (!answers) return [];
  const rows: AnswerRow[] = [];
  for (const [key, declared] of Object.entries(propertiesOf(schema))) {
    const value = answers[key];
    if (value === undefined || value === null || value === '') continue;
    const property = resolveLocalRef(root, declared);
    const field = prefix ? `${prefix}.${key}` : key;
    const title = typeof property.title === 'string' ? property.title : key;
    const fieldUi = asObject(ui?.[key]);
    const nested = asObject(value);
    if (isFileQuestion(property)) {
      const files = filesOfAnswer(value);
      if (files.length > 0) {
        rows.push({
          field,
          label: `${labelPrefix}${title}`,
          value: formatValue(property, fieldUi, value, words, root),
          files,
        });
      }
      continue;
    }
    if (nested && property.type === 'object') {
      rows.push(
        ...summariseLevel(
          property,
          // A nested object's answers have the same shape as a page's, one level down.
          nested as PageAnswers,
          fieldUi,
          words,
          field,
          `${labelPrefix}${title}: `,
          root,
        ),
      );
      continue;
    }
    rows.push({
      field,
      label: `${labelPrefix}${title}`,
      value: formatValue(property, fieldUi, value, words, root),
      ...(isChoiceQuestion(property, root) ? { stored: storedText(value) } : {}),
    });
  }
  return rows;
}

/** One question a page asks, as check-your-answers labels it (nested fields one each). */
interface AnswerField {
  field: string;
  label: string;
  /** True for a choice (radios, a select, checkboxes), whose rows carry `stored`. */
  choice: boolean;
}

/**
 * Every question a page schema asks, in the order and with the labels summariseAnswers gives
 * their answers, whether answered or not: the columns of an export.
 */
export function answerFieldsOf(
  schema: JsonSchemaObject,
  prefix = '',
  labelPrefix = '',
  root: JsonSchemaObject = schema,
): AnswerField[] {
  const fields: AnswerField[] = [];
  for (const [key, declared] of Object.entries(propertiesOf(schema))) {
    const property = resolveLocalRef(root, declared);
    const field = prefix ? `${prefix}.${key}` : key;
    const title = typeof property.title === 'string' ? property.title : key;
    if (property.type === 'object' && asObject(property.properties)) {
      fields.push(...answerFieldsOf(property, field, `${labelPrefix}${title}: `, root));
    } else {
      fields.push({
        field,
        label: `${labelPrefix}${title}`,
        choice: isChoiceQuestion(property, root),
      });
    }
  }
  return fields;
}
