/**
 * Checks that a page's uiSchema only names fields its schema has: a typo in a uiSchema key
 * silently drops the widget, autocomplete or help text it carries.
 */
import { pointerOf } from './jsonPointer';
import { propertyNamesOf, propertySchemaOf } from './schemaProperties';
import type { JsonSchemaObject } from './types';

/** A uiSchema key that names no field, addressed inside the uiSchema. */
export interface UiSchemaProblem {
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
    if (isPlainObject(value)) problems.push(...checkUiSchema(value, fieldSchema, root, pointer));
  }
  return problems;
}
