import type { CompileValidator, ValidateFn } from './types';

/**
 * A compiler that compiles each schema key once: a snapshot's page schema that is still
 * today's keeps its `$id`, so the current registry and the snapshot's ask for the same key
 * (and a run-time AJV refuses a second schema with one `$id`). Give the current registry and
 * createFunnelVersions the same one.
 */
export function compileOncePerKey(compile: CompileValidator): CompileValidator {
  const compiled = new Map<string, { validate: ValidateFn; schema: object }>();
  return (schemaKey, schema) => {
    const found = compiled.get(schemaKey);
    if (!found) {
      const validate = compile(schemaKey, schema);
      compiled.set(schemaKey, { validate, schema });
      return validate;
    }
    // Another copy of the schema under the same key has the same rules (a key is its `$id`),
    // maybe in other words (the schema read in another language): its errors say those.
    return found.schema === schema
      ? found.validate
      : (found.validate.inWordsOf?.(schema) ?? found.validate);
  };
}
