import type { CompileValidator, ValidateFn } from './types';

/**
 * A compiler that compiles each schema key once: a snapshot's page schema that is still
 * today's keeps its `$id`, so the current registry and the snapshot's ask for the same key
 * (and a run-time AJV refuses a second schema with one `$id`). Give the current registry and
 * createFunnelVersions the same one.
 */
export function compileOncePerKey(compile: CompileValidator): CompileValidator {
  const compiled = new Map<string, ValidateFn>();
  return (schemaKey, schema) => {
    let validate = compiled.get(schemaKey);
    if (!validate) {
      validate = compile(schemaKey, schema);
      compiled.set(schemaKey, validate);
    }
    return validate;
  };
}
