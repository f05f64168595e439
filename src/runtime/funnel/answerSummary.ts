import type { JsonSchemaObject, PageAnswers } from './types';

/** One row of a check-your-answers list. */
export interface AnswerRow {
  /** Dotted field path, for the Change link's anchor. */
  field: string;
  label: string;
  value: string;
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
    ? (value as JsonSchemaObject)
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

function labelOfOption(schema: JsonSchemaObject, value: unknown): string | undefined {
  for (const option of [
    ...(Array.isArray(schema.oneOf) ? schema.oneOf : []),
    ...(Array.isArray(schema.anyOf) ? schema.anyOf : []),
  ]) {
    const candidate = asObject(option);
    if (candidate && candidate.const === value && typeof candidate.title === 'string')
      return candidate.title;
  }
  return undefined;
}

function formatValue(schema: JsonSchemaObject, value: unknown): string {
  const optionLabel = labelOfOption(schema, value);
  if (optionLabel) return optionLabel;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' && schema.format === 'date') {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (match) return `${Number(match[3])} ${MONTH_NAMES[Number(match[2]) - 1]} ${match[1]}`;
  }
  if (Array.isArray(value))
    return value.map((item) => formatValue(asObject(schema.items) ?? {}, item)).join(', ');
  return String(value);
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
 * and a readable value (option titles, dates as "27 March 2019"); nested objects become one
 * row per leaf, labelled "<object title>: <field title>". Local `$ref`s are followed for
 * titles and formats.
 */
export function summariseAnswers(
  schema: JsonSchemaObject,
  answers: PageAnswers | undefined,
  prefix = '',
  labelPrefix = '',
  root: JsonSchemaObject = schema,
): AnswerRow[] {
  if (!answers) return [];
  const rows: AnswerRow[] = [];
  for (const [key, declared] of Object.entries(propertiesOf(schema))) {
    const value = answers[key];
    if (value === undefined || value === null || value === '') continue;
    const property = resolveLocalRef(root, declared);
    const field = prefix ? `${prefix}.${key}` : key;
    const title = typeof property.title === 'string' ? property.title : key;
    const nested = asObject(value);
    if (nested && property.type === 'object') {
      rows.push(
        ...summariseAnswers(
          property,
          nested as PageAnswers,
          field,
          `${labelPrefix}${title}: `,
          root,
        ),
      );
      continue;
    }
    rows.push({ field, label: `${labelPrefix}${title}`, value: formatValue(property, value) });
  }
  return rows;
}

/** One question a page asks, as check-your-answers labels it (nested fields one each). */
export interface AnswerField {
  field: string;
  label: string;
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
      fields.push({ field, label: `${labelPrefix}${title}` });
    }
  }
  return fields;
}
