import type { ValidationWords } from '../../types';
import type { CompileValidator, ValidateFn } from '../types';

/**
 * A compiler that compiles each schema key once: a snapshot's page schema that is still
 * today's keeps its `$id`, so the current registry and the snapshot's ask for the same key
 * (and a run-time AJV refuses a second schema with one `$id`). Give the current registry and
 * createFunnelVersions the same one.
 */
export function compileOncePerKey(compile: CompileValidator): CompileValidator {
  const compiled = new Map<
    string,
    { validate: ValidateFn; schema: object; words: ValidationWords }
  >();
  return (schemaKey, schema, words) => {
    const found = compiled.get(schemaKey);
    if (!found) {
      const validate = compile(schemaKey, schema, words);
      compiled.set(schemaKey, { validate, schema, words });
      return validate;
    }
    // Another copy of the schema under the same key has the same rules (a key is its `$id`),
    // maybe in other words (the schema read in another language, and that language's
    // validation messages): its errors say those.
    return found.schema === schema && found.words === words
      ? found.validate
      : (found.validate.inWordsOf?.(schema, words) ?? found.validate);
  };
}
