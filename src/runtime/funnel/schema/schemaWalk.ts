/** A walk over every subschema of a schema file, for the checks that look at each one. */
import { pointerOf } from './jsonPointer';
import { isJsonObject } from './schemaProperties';
import type { JsonSchemaObject } from '../types';

/** Keywords whose values are data, not schemas: nothing inside them is visited. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples']);

/** Calls `visit` with every object in the schema outside data keywords, and its pointer. */
export function forEachSchemaObject(
  schema: JsonSchemaObject,
  visit: (node: JsonSchemaObject, pointer: string) => void,
): void {
  const walk = (node: unknown, pointer: string, depth: number): void => {
    if (depth > 64) return;
    if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, `${pointer}${pointerOf(i)}`, depth + 1));
      return;
    }
    if (!isJsonObject(node)) return;
    visit(node, pointer);
    for (const [key, value] of Object.entries(node)) {
      if (!DATA_KEYWORDS.has(key)) walk(value, `${pointer}${pointerOf(key)}`, depth + 1);
    }
  };
  walk(schema, '', 0);
}
