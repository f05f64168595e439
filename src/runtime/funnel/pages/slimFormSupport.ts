/**
 * Which pages the slim form renderer (src/app/form/renderers/SlimStepForm.tsx) may render instead of
 * RJSF: pages of plain text questions, rendered with the same field templates, so the first
 * page of a funnel needs none of RJSF's code. `funnels:check` reports the renderer of every
 * page from this one decision, and the app follows it: a product owner never chooses.
 */
import { isJsonObject } from '../schema/schemaProperties';
import type { JsonSchemaObject } from '../types';

/** The uiSchema options a slim question may use (what its field templates read). */
const SLIM_FIELD_OPTIONS = new Set([
  'ui:autocomplete',
  'ui:width',
  'ui:help',
  'ui:description',
  'ui:placeholder',
  'ui:title',
  'ui:widget',
  'ui:inputType',
  'ui:inputMode',
]);
/** Text widgets: RJSF's TextWidget and EmailWidget render the BaseInputTemplate alone. */
const SLIM_WIDGETS = new Set(['text', 'email']);
const SLIM_INPUT_TYPES = new Set(['text', 'email', 'tel']);
/** Schema keywords that change how RJSF renders or defaults a page: left to RJSF. */
const RJSF_ONLY_KEYWORDS = [
  'if',
  'then',
  'else',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'dependencies',
  'dependentSchemas',
  'dependentRequired',
  'patternProperties',
  'default',
  'readOnly',
  'const',
  'enum',
  'items',
] as const;

type SlimFormSupport =
  | {
      slim: true;
      /** Each question's schema with its local `$ref` resolved, as RJSF resolves it. */
      fields: Record<string, JsonSchemaObject>;
    }
  | { slim: false; reason: string };

/**
 * A question's schema with a `$ref` to the page's own definitions resolved the way RJSF's
 * retrieveSchema does (the definition, then the keywords written beside the `$ref`).
 */
function resolveLocalRef(schema: Record<string, unknown>, root: JsonSchemaObject): unknown {
  const ref = schema.$ref;
  if (ref === undefined) return schema;
  const match = typeof ref === 'string' ? /^#\/(definitions|\$defs)\/([^/~%]+)$/.exec(ref) : null;
  const definitions = match ? root[match[1]!] : undefined;
  const definition = isJsonObject(definitions) ? definitions[match![2]!] : undefined;
  if (!isJsonObject(definition) || '$ref' in definition) return undefined;
  const { $ref: _ref, ...beside } = schema;
  return { ...definition, ...beside };
}

function rjsfOnlyKeyword(schema: Record<string, unknown>): string | undefined {
  return RJSF_ONLY_KEYWORDS.find((keyword) => keyword in schema);
}

/** Why one question needs RJSF, or undefined when the slim renderer draws it the same. */
function fieldNeedsRjsf(name: string, schema: unknown, uiSchema: unknown): string | undefined {
  if (!isJsonObject(schema))
    return `"${name}" is not a schema object, or its $ref is not a plain definition`;
  if (schema.type !== 'string') return `"${name}" is not a text question`;
  // RJSF picks a widget by format (date, uri, data-url...); only email stays a text input.
  if (schema.format !== undefined && schema.format !== 'email')
    return `"${name}" has format ${String(schema.format)}`;
  const keyword = rjsfOnlyKeyword(schema);
  if (keyword) return `"${name}" uses ${keyword}`;
  if (uiSchema === undefined) return undefined;
  if (!isJsonObject(uiSchema)) return `the uiSchema of "${name}" is not an object`;
  for (const [option, value] of Object.entries(uiSchema)) {
    if (!SLIM_FIELD_OPTIONS.has(option)) return `"${name}" uses ${option}`;
    if (option === 'ui:widget' && !SLIM_WIDGETS.has(String(value)))
      return `"${name}" uses the ${String(value)} widget`;
    if (option === 'ui:inputType' && !SLIM_INPUT_TYPES.has(String(value)))
      return `"${name}" uses input type ${String(value)}`;
    if (typeof value !== 'string') return `"${name}" sets ${option} to a non-string`;
  }
  return undefined;
}

/**
 * Whether a bundled page schema and its uiSchema can be rendered by the slim renderer: an
 * object of text questions (text, email or tel inputs) with hints, widths, autocomplete and
 * `ui:order`, and nothing conditional, defaulted, nested or chosen from a list.
 */
export function slimFormSupport(schema: JsonSchemaObject, uiSchema: unknown): SlimFormSupport {
  const fail = (reason: string): SlimFormSupport => ({ slim: false, reason });
  if (schema.type !== 'object' || !isJsonObject(schema.properties))
    return fail('the page is not an object of questions');
  const keyword = rjsfOnlyKeyword(schema);
  if (keyword) return fail(`the page uses ${keyword}`);
  const ui = uiSchema === undefined ? {} : uiSchema;
  if (!isJsonObject(ui)) return fail('the uiSchema is not an object');
  for (const [key, value] of Object.entries(ui)) {
    if (key === 'ui:order') continue;
    if (key.startsWith('ui:')) return fail(`the page uses ${key}`);
    if (!(key in schema.properties)) return fail(`the uiSchema names "${key}", not a question`);
    if (value !== undefined && !isJsonObject(value))
      return fail(`the uiSchema of "${key}" is not an object`);
  }
  const fields: Record<string, JsonSchemaObject> = {};
  for (const [name, written] of Object.entries(schema.properties)) {
    const field = isJsonObject(written) ? resolveLocalRef(written, schema) : written;
    const reason = fieldNeedsRjsf(name, field, ui[name]);
    if (reason) return fail(reason);
    // fieldNeedsRjsf refused anything that is not a plain field schema.
    fields[name] = field as JsonSchemaObject;
  }
  return { slim: true, fields };
}
