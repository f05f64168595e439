import { isJsonObject, propertySchemaOf } from './schema/schemaProperties';
import type { FieldError, JsonSchemaObject } from './types';

/**
 * Characters a person never means to type into a name or an answer, that change how text
 * is shown without showing themselves: direction overrides and isolates (which show a name
 * reversed), zero-width characters and marks, the byte-order mark, and line and paragraph
 * separators (which break a line where none is seen). Staff would read such an answer in
 * the list, the claim and the CSV other than as it is stored.
 */
const HIDDEN_CHARACTERS = /[\u061C\u200B-\u200F\u2028-\u202E\u2066-\u2069\uFEFF]/u;

export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN_CHARACTERS.test(text);
}

function escapePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** How the field is named to the claimant: its question's title, else its name. */
function labelOf(schema: JsonSchemaObject | undefined, name: string): string {
  return typeof schema?.title === 'string' && schema.title.trim() !== '' ? schema.title : name;
}

/**
 * Every text answer that holds a hidden or direction-changing character, as a field error
 * naming the question: refused on the page, in the browser and the gateway alike.
 */
export function hiddenCharacterErrors(answers: unknown, root: JsonSchemaObject): FieldError[] {
  const errors: FieldError[] = [];
  const visit = (
    value: unknown,
    schema: JsonSchemaObject | undefined,
    path: string[],
    label: string,
  ): void => {
    if (typeof value === 'string') {
      if (hasHiddenCharacters(value)) {
        errors.push({
          pointer: `/${path.map(escapePointerToken).join('/')}`,
          field: path.join('.'),
          message: `${label} must not contain hidden or direction-changing characters: type it again without them`,
        });
      }
      return;
    }
    if (Array.isArray(value)) {
      const items = schema ? propertySchemaOf(schema, 'items', root) : undefined;
      value.forEach((item, index) => visit(item, items, [...path, String(index)], label));
      return;
    }
    if (!isJsonObject(value)) return;
    for (const [key, item] of Object.entries(value)) {
      const itemSchema = schema ? propertySchemaOf(schema, key, root) : undefined;
      visit(item, itemSchema, [...path, key], labelOf(itemSchema, key));
    }
  };
  visit(answers, root, [], 'This answer');
  return errors;
}
