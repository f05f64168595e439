import { pointerOf } from '../schema/jsonPointer';
import { isJsonObject, propertyNamesOf, propertySchemaOf } from '../schema/schemaProperties';
import type { ValidationWords } from '../../types';
import type { FieldError, JsonSchemaObject } from '../types';

/**
 * Answers to questions the page does not ask (the funnel default: a page's answers are
 * closed, as if every object in its schema said `additionalProperties: false`, counting the
 * properties its conditional parts add). Without this an extra field would be stored with
 * the claim, unchecked. An object whose schema states `additionalProperties` itself, or has
 * no properties at all, is left to the schema. Each is said in `words`.
 */
export function unknownAnswerErrors(
  answers: unknown,
  root: JsonSchemaObject,
  words: ValidationWords,
): FieldError[] {
  const errors: FieldError[] = [];
  const visit = (value: unknown, schema: JsonSchemaObject, path: string[]): void => {
    if (Array.isArray(value)) {
      const items = propertySchemaOf(schema, 'items', root);
      if (items) value.forEach((item, index) => visit(item, items, [...path, String(index)]));
      return;
    }
    if (!isJsonObject(value)) return;
    const names = propertyNamesOf(schema, root);
    // Stated either way, the schema decides: AJV reports what `false` refuses, once.
    const decided = schema.additionalProperties !== undefined;
    for (const [key, item] of Object.entries(value)) {
      const itemPath = [...path, key];
      if (names.has(key)) {
        const itemSchema = propertySchemaOf(schema, key, root);
        if (itemSchema) visit(item, itemSchema, itemPath);
      } else if (names.size > 0 && !decided) {
        errors.push({
          pointer: pointerOf(...itemPath),
          field: itemPath.join('.'),
          message: words('field.unknown', { name: key }),
        });
      }
    }
  };
  visit(answers, root, []);
  return errors;
}

/**
 * A page schema's answers are closed by default, so its root leaves `additionalProperties`
 * out: `true` (or a schema) would store answers to questions nobody asked, and `false` there
 * would also refuse the fields its conditional parts (if/then, allOf...) add.
 */
export function answerOpennessProblem(schema: JsonSchemaObject): string | null {
  const stated = schema.additionalProperties;
  if (stated === undefined) return null;
  if (stated !== false) {
    return 'leave additionalProperties out of a page schema: answers to questions the page does not ask are refused';
  }
  const own = new Set(Object.keys(isJsonObject(schema.properties) ? schema.properties : {}));
  const added = [...propertyNamesOf(schema, schema)].filter((name) => !own.has(name));
  return added.length === 0
    ? null
    : `additionalProperties: false refuses ${added.join(', ')}, which the schema's conditional parts add: leave it out (unknown answers are refused anyway)`;
}
