/**
 * Refuses an `x-normalise` that names no tidy-up: the runtime would save the answer as typed
 * without a word, so a typo ("ukPostCode") would quietly store postcodes two ways.
 */
import { NORMALISE_KEYWORD, NORMALISER_NAMES } from '../../answers/normaliseAnswers';
import { forEachSchemaObject } from '../../schema/schemaWalk';
import type { JsonSchemaObject } from '../../types';

interface NormaliserProblem {
  pointer: string;
  message: string;
}

export function checkNormaliserNames(schema: JsonSchemaObject): NormaliserProblem[] {
  const problems: NormaliserProblem[] = [];
  forEachSchemaObject(schema, (object, pointer) => {
    const name: unknown = object[NORMALISE_KEYWORD];
    // Array.includes on a list of literal names takes only those names; asking is how we learn it is one.
    if (name === undefined || NORMALISER_NAMES.includes(name as string)) return;
    problems.push({
      pointer: `${pointer}/${NORMALISE_KEYWORD}`,
      message: `${JSON.stringify(name)} is no tidy-up this product knows: use one of ${NORMALISER_NAMES.map((known) => `"${known}"`).join(', ')}`,
    });
  });
  return problems;
}
