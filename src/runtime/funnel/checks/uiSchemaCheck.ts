/**
 * Checks that a page's uiSchema only names fields its schema has: a typo in a uiSchema key
 * silently drops the widget, autocomplete or help text it carries.
 */
import { pointerOf } from '../schema/jsonPointer';
import { closestName } from './closestName';
import { propertyNamesOf, propertySchemaOf } from '../schema/schemaProperties';
import { LOOKUP_FILL_SOURCES, REGISTERED_FIELDS, widgetNamesFor } from './widgetCatalogue';
import type { JsonSchemaObject } from '../types';

/** A uiSchema key that names no field, addressed inside the uiSchema. */
interface UiSchemaProblem {
  pointer: string;
  message: string;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Lists uiSchema keys (other than `ui:*` options) that are not properties of the schema,
 * at every level of nesting, and `ui:order` entries that name no property.
 * @param schema the (bundled) schema at this level; @param root its root, for refs.
 */
export function checkUiSchema(
  uiSchema: Record<string, unknown>,
  schema: JsonSchemaObject,
  root: JsonSchemaObject = schema,
  at = '',
): UiSchemaProblem[] {
  const problems: UiSchemaProblem[] = [];
  const names = propertyNamesOf(schema, root);
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  for (const [key, value] of Object.entries(uiSchema)) {
    const pointer = `${at}${pointerOf(key)}`;
    if (key === 'ui:order' && Array.isArray(value)) {
      value.forEach((entry, i) => {
        if (entry !== '*' && !names.has(String(entry))) {
          problems.push({
            pointer: `${pointer}${pointerOf(i)}`,
            message: `"${String(entry)}" in ui:order is not a field of the page schema`,
          });
        }
      });
      // RJSF refuses to draw a page whose ui:order leaves a field out without a "*".
      const listed = new Set(value.map(String));
      const left = [...names].filter((name) => !listed.has(name));
      if (!listed.has('*') && left.length > 0) {
        problems.push({
          pointer,
          message: `ui:order leaves out ${left.map((name) => `"${name}"`).join(', ')}: list every field, or end it with "*"`,
        });
      }
      continue;
    }
    if (key.startsWith('ui:')) continue;
    const fieldSchema = propertySchemaOf(schema, key, root);
    if (!fieldSchema) {
      problems.push({ pointer, message: `"${key}" is not a field of the page schema` });
      continue;
    }
    if (isPlainObject(value) && value['ui:widget'] === 'hidden' && required.has(key)) {
      problems.push({
        pointer: `${pointer}/ui:widget`,
        message: `"${key}" is required, but "ui:widget": "hidden" hides it, so no claimant can answer it`,
      });
    }
    if (isPlainObject(value)) {
      problems.push(...checkWidgetChoice(key, value, fieldSchema, root, pointer));
      problems.push(...checkUiSchema(value, fieldSchema, root, pointer));
    }
  }
  return problems;
}

const quoted = (names: Iterable<string>): string => [...names].map((n) => `"${n}"`).join(', ');

function unknownNameHint(name: string, known: Iterable<string>): string {
  const meant = closestName(name, known);
  return meant ? `did you mean "${meant}"?` : `use one of ${quoted(known)}`;
}

/**
 * A field's `ui:widget` and `ui:field` name something RJSF can draw for its type (else the
 * page fails to render), and a lookup widget's `fill` copies real parts of the result into
 * real fields of the page (its answers are filled at the page's top level).
 */
function checkWidgetChoice(
  key: string,
  ui: Record<string, unknown>,
  fieldSchema: JsonSchemaObject,
  root: JsonSchemaObject,
  pointer: string,
): UiSchemaProblem[] {
  const problems: UiSchemaProblem[] = [];
  const widget = ui['ui:widget'];
  if (typeof widget === 'string') {
    const names = widgetNamesFor(fieldSchema);
    if (names && !names.all.includes(widget)) {
      const meant = closestName(widget, names.all);
      problems.push({
        pointer: `${pointer}/ui:widget`,
        message: `"${widget}" is not a widget for "${key}": ${
          meant
            ? `did you mean "${meant}"?`
            : `a ${names.type} question takes ${quoted(names.forType)}, or a widget registered by name`
        }`,
      });
    }
  }
  const field = ui['ui:field'];
  if (typeof field === 'string' && !REGISTERED_FIELDS.has(field)) {
    problems.push({
      pointer: `${pointer}/ui:field`,
      message: `"${field}" is not a field component: ${unknownNameHint(field, REGISTERED_FIELDS)}`,
    });
  }
  const options = ui['ui:options'];
  const fill = isPlainObject(options) ? options.fill : undefined;
  if (fill === undefined) return problems;
  const fillPointer = `${pointer}/ui:options/fill`;
  if (widget !== 'addressLookup' && widget !== 'vehicleLookup') {
    problems.push({
      pointer: fillPointer,
      message: `"fill" only works with "ui:widget": "addressLookup" or "vehicleLookup"`,
    });
    return problems;
  }
  if (!isPlainObject(fill)) {
    problems.push({ pointer: fillPointer, message: '"fill" must map field names to result parts' });
    return problems;
  }
  const pageFields = propertyNamesOf(root, root);
  const sources: readonly string[] = LOOKUP_FILL_SOURCES[widget];
  for (const [answer, source] of Object.entries(fill)) {
    const at = `${fillPointer}${pointerOf(answer)}`;
    if (!pageFields.has(answer)) {
      problems.push({
        pointer: at,
        message: `"${answer}" is not a field of the page, so nothing would be filled: ${unknownNameHint(answer, pageFields)}`,
      });
    } else if (typeof source !== 'string' || !sources.includes(source)) {
      problems.push({
        pointer: at,
        message: `${JSON.stringify(source)} is not part of what ${widget} finds: ${unknownNameHint(String(source), sources)}`,
      });
    }
  }
  return problems;
}
