/**
 * A copy of a shared schema in a funnel's words, for the pages that show answers by their
 * questions (see schemaWording.ts for why the validated schema never changes). Apart from
 * schemaWording.ts because question pages, which every claimant opens first, never need it.
 */
import { hasPlaceholder, sayInWords, type SchemaWords } from './schemaWording';
import type { JsonSchemaObject } from '../types';

const TEXT_KEYWORDS = new Set(['title', 'description']);
const MESSAGE_KEYWORDS = new Set(['x-errorMessages', 'x-translations']);

/** Every string inside `value` said in `words` (the same object when none names a word). */
function allTextsInWords(value: unknown, words: SchemaWords): unknown {
  if (typeof value === 'string') return hasPlaceholder(value) ? sayInWords(value, words) : value;
  if (Array.isArray(value)) {
    const mapped = value.map((item) => allTextsInWords(item, words));
    return mapped.some((item, i) => item !== value[i]) ? mapped : value;
  }
  if (value !== null && typeof value === 'object') {
    let changed = false;
    const mapped = Object.fromEntries(
      Object.entries(value).map(([key, inner]) => {
        const said = allTextsInWords(inner, words);
        if (said !== inner) changed = true;
        return [key, said];
      }),
    );
    return changed ? mapped : value;
  }
  return value;
}

/** The schema's texts (titles, descriptions, messages) said in `words`; rules untouched. */
function textsInWords(value: unknown, words: SchemaWords): unknown {
  if (Array.isArray(value)) {
    const mapped = value.map((item) => textsInWords(item, words));
    return mapped.some((item, i) => item !== value[i]) ? mapped : value;
  }
  if (value === null || typeof value !== 'object') return value;
  let changed = false;
  const mapped = Object.fromEntries(
    Object.entries(value).map(([key, inner]) => {
      const said =
        TEXT_KEYWORDS.has(key) && typeof inner === 'string'
          ? allTextsInWords(inner, words)
          : MESSAGE_KEYWORDS.has(key)
            ? allTextsInWords(inner, words)
            : // `const`, `enum`, `default` and `examples` are answers, never words to fill.
              key === 'const' || key === 'enum' || key === 'default' || key === 'examples'
              ? inner
              : textsInWords(inner, words);
      if (said !== inner) changed = true;
      return [key, said];
    }),
  );
  return changed ? mapped : value;
}

/**
 * A copy of the schema whose texts are said in `words`, for pages that show answers by their
 * questions (the check page, the staff page, the exports): never for validating, as the
 * validators are the schema's as written. The same object when it names no word.
 */
export function schemaInWords(schema: JsonSchemaObject, words: SchemaWords): JsonSchemaObject {
  // textsInWords returns an object of the same shape, only its texts replaced.
  return textsInWords(schema, words) as JsonSchemaObject;
}
