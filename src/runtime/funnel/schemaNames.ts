/**
 * Names a schema may not use, because the tools downstream of funnels:check would break on
 * them with errors that do not say why:
 * - a field named `__proto__`: assigning an answer to it sets an object's prototype instead,
 *   so the answer is silently lost (RJSF and the gateway build answers by assignment);
 * - a `$ref` with percent-encoding (`#/definitions/a%25b`): AJV's URI handling rejects it
 *   with "URI malformed", in the check and in the build.
 */
import { escapePointerToken, pointerOf } from './jsonPointer';
import type { JsonSchemaObject } from './types';

export interface SchemaNameProblem {
  pointer: string;
  message: string;
}

/** Keywords whose values are data, not schemas: nothing inside them is checked. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples']);

export function checkSchemaNames(schema: JsonSchemaObject): SchemaNameProblem[] {
  const problems: SchemaNameProblem[] = [];
  const visit = (node: unknown, pointer: string, depth: number): void => {
    if (depth > 64 || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach((item, i) => visit(item, `${pointer}${pointerOf(i)}`, depth + 1));
      return;
    }
    for (const [key, value] of Object.entries(node as JsonSchemaObject)) {
      const at = `${pointer}/${escapePointerToken(key)}`;
      if (DATA_KEYWORDS.has(key)) continue;
      if (key === 'properties' && value !== null && typeof value === 'object') {
        if (Object.prototype.hasOwnProperty.call(value, '__proto__')) {
          problems.push({
            pointer: `${at}/__proto__`,
            message:
              '"__proto__" cannot be a field name: JavaScript treats it as an object\'s prototype, so the answer would be lost. Choose another name',
          });
        }
      }
      if (key === '$ref' && typeof value === 'string' && value.includes('%')) {
        problems.push({
          pointer: at,
          message: `"$ref": "${value}" uses percent-encoding, which AJV cannot resolve: name the definition without "%" (letters, digits, "-" and "_") and refer to it by that name`,
        });
      }
      visit(value, at, depth + 1);
    }
  };
  visit(schema, '', 0);
  return problems;
}
