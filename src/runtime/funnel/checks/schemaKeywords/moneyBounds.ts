/**
 * Refuses a bound on an amount of money (`format: "money"`) that is not an amount: AJV's
 * `formatMinimum`/`formatMaximum` compare with compareMoney, which cannot read "one pound" or
 * "12.345", and an unreadable bound refuses every answer (or none), so no claimant could tell
 * what the page wants.
 */
import { MONEY_FORMAT, parseMoney } from '../../../claim';
import { forEachSchemaObject } from '../../schema/schemaWalk';
import { pointerOf } from '../../schema/jsonPointer';
import type { JsonSchemaObject } from '../../types';

interface MoneyBoundProblem {
  pointer: string;
  message: string;
}

const MONEY_BOUNDS = [
  'formatMinimum',
  'formatMaximum',
  'formatExclusiveMinimum',
  'formatExclusiveMaximum',
] as const;

export function checkMoneyBounds(schema: JsonSchemaObject): MoneyBoundProblem[] {
  const problems: MoneyBoundProblem[] = [];
  forEachSchemaObject(schema, (object, pointer) => {
    if (object.format !== MONEY_FORMAT) return;
    for (const keyword of MONEY_BOUNDS) {
      const bound = object[keyword];
      // A `{"$data": ...}` bound is another answer, checked as the claimant gives it.
      if (bound === undefined || (typeof bound === 'object' && bound !== null && '$data' in bound))
        continue;
      if (typeof bound === 'string' && parseMoney(bound) !== undefined) continue;
      problems.push({
        pointer: `${pointer}${pointerOf(keyword)}`,
        message: `${JSON.stringify(bound)} is not an amount of money: write the bound in pounds as text, like "1" or "1,150.50"`,
      });
    }
  });
  return problems;
}
