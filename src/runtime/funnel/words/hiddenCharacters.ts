import { hasHiddenCharacters } from '../../contract/textCharacters';
import type { ValidationWords } from '../../types';
import { atSentenceStart, inSentence } from './sentenceCase';
import { pointerOf } from '../schema/jsonPointer';
import { isJsonObject, propertySchemaOf } from '../schema/schemaProperties';
import type { FieldError, JsonSchemaObject } from '../types';

/** How the field is named to the claimant: its question's title, else its name. */
function labelOf(schema: JsonSchemaObject | undefined, name: string): string {
  return atSentenceStart(
    typeof schema?.title === 'string' && schema.title.trim() !== '' ? schema.title : name,
  );
}

/**
 * Every text answer that holds a hidden or direction-changing character (see the contract's
 * textCharacters for which, and why), as a field error naming the question: refused on the
 * page, in the browser and the gateway alike, in `words`.
 */
export function hiddenCharacterErrors(
  answers: unknown,
  root: JsonSchemaObject,
  words: ValidationWords,
): FieldError[] {
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
          pointer: pointerOf(...path),
          field: path.join('.'),
          message: words('field.hiddenCharacters', {
            title: label,
            titleInSentence: inSentence(label),
          }),
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
  visit(answers, root, [], words('answer.this'));
  return errors;
}
