/**
 * Refuses a `multipleOf` that is not bounded by `minimum` and `maximum`. AJV checks a decimal
 * `multipleOf` by dividing (with `multipleOfPrecision`), and for a huge number such as 1e308
 * the quotient overflows to Infinity, which passes: bounds keep every quotient finite.
 */
import { pointerOf } from './jsonPointer';
import { isJsonObject } from './schemaProperties';
import type { JsonSchemaObject } from './types';

export interface MultipleOfProblem {
  pointer: string;
  message: string;
}

/** Keywords whose values are data, not schemas: nothing inside them is checked. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples']);

const isBound = (value: unknown): boolean => typeof value === 'number' && Number.isFinite(value);

export function checkMultipleOfBounds(schema: JsonSchemaObject): MultipleOfProblem[] {
  const problems: MultipleOfProblem[] = [];
  const visit = (node: unknown, pointer: string, depth: number): void => {
    if (depth > 64 || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach((item, i) => visit(item, `${pointer}${pointerOf(i)}`, depth + 1));
      return;
    }
    const object = node as JsonSchemaObject;
    if (typeof object.multipleOf === 'number') {
      const lower = isBound(object.minimum) || isBound(object.exclusiveMinimum);
      const upper = isBound(object.maximum) || isBound(object.exclusiveMaximum);
      if (!lower || !upper) {
        problems.push({
          pointer: `${pointer}/multipleOf`,
          message:
            '"multipleOf" needs "minimum" and "maximum" beside it: without them a number as large as 1e308 passes (the division overflows)',
        });
      }
    }
    for (const [key, value] of Object.entries(object)) {
      if (!DATA_KEYWORDS.has(key) && isJsonObject(value)) {
        visit(value, `${pointer}${pointerOf(key)}`, depth + 1);
      } else if (!DATA_KEYWORDS.has(key) && Array.isArray(value)) {
        visit(value, `${pointer}${pointerOf(key)}`, depth + 1);
      }
    }
  };
  visit(schema, '', 0);
  return problems;
}
