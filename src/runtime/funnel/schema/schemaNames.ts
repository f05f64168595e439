/**
 * Names a schema may not use, because the tools downstream of funnels:check would break on
 * them with errors that do not say why:
 * - a field named `__proto__`: assigning an answer to it sets an object's prototype instead,
 *   so the answer is silently lost (RJSF and the gateway build answers by assignment);
 * - a `$ref` with percent-encoding (`#/definitions/a%25b`): AJV's URI handling rejects it
 *   with "URI malformed", in the check and in the build.
 */
import { isJsonObject } from './schemaProperties';
import { forEachSchemaObject } from './schemaWalk';
import type { JsonSchemaObject } from '../types';

interface SchemaNameProblem {
  pointer: string;
  message: string;
}

export function checkSchemaNames(schema: JsonSchemaObject): SchemaNameProblem[] {
  const problems: SchemaNameProblem[] = [];
  forEachSchemaObject(schema, (object, pointer) => {
    const properties = object.properties;
    if (isJsonObject(properties) && Object.prototype.hasOwnProperty.call(properties, '__proto__')) {
      problems.push({
        pointer: `${pointer}/properties/__proto__`,
        message:
          '"__proto__" cannot be a field name: JavaScript treats it as an object\'s prototype, so the answer would be lost. Choose another name',
      });
    }
    const ref = object.$ref;
    if (typeof ref === 'string' && ref.includes('%')) {
      problems.push({
        pointer: `${pointer}/$ref`,
        message: `"$ref": "${ref}" uses percent-encoding, which AJV cannot resolve: name the definition without "%" (letters, digits, "-" and "_") and refer to it by that name`,
      });
    }
  });
  return problems;
}
