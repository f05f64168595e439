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
      continue;
    }
    if (key.startsWith('ui:')) continue;
    const fieldSchema = propertySchemaOf(schema, key, root);
    if (!fieldSchema) {
      problems.push({ pointer, message: `"${key}" is not a field of the page schema` });
      continue;
    }
    if (isPlainObject(value)) problems.push(...checkUiSchema(value, fieldSchema, root, pointer));
  }
  return problems;
}
