/**
 * Refuses a `multipleOf` that is not bounded by `minimum` and `maximum`. AJV checks a decimal
 * `multipleOf` by dividing (with `multipleOfPrecision`), and for a huge number such as 1e308
 * the quotient overflows to Infinity, which passes: bounds keep every quotient finite.
 */
import { forEachSchemaObject } from '../../schema/schemaWalk';
import type { JsonSchemaObject } from '../../types';

interface MultipleOfProblem {
  pointer: string;
  message: string;
}

const isBound = (value: unknown): boolean => typeof value === 'number' && Number.isFinite(value);

export function checkMultipleOfBounds(schema: JsonSchemaObject): MultipleOfProblem[] {
  const problems: MultipleOfProblem[] = [];
  forEachSchemaObject(schema, (object, pointer) => {
    if (typeof object.multipleOf !== 'number') return;
    const lower = isBound(object.minimum) || isBound(object.exclusiveMinimum);
    const upper = isBound(object.maximum) || isBound(object.exclusiveMaximum);
    if (!lower || !upper) {
      problems.push({
        pointer: `${pointer}/multipleOf`,
        message:
          '"multipleOf" needs "minimum" and "maximum" beside it: without them a number as large as 1e308 passes (the division overflows)',
      });
    }
  });
  return problems;
}
