/**
 * Indexing the files of schemas/ by `$id`, and the rules every schema file follows:
 * `schemas/<id>.schema.json` holds `"$id": "<id>"` and is draft-07 (RJSF's default).
 */
import { idFromFileName } from './fileNames';
import { pointerOf } from './jsonPointer';
import type { JsonSchemaObject, Problem } from '../types';

/** The JSON Schema dialect of every schema file. */
const SCHEMA_DIALECT = 'http://json-schema.org/draft-07/schema#';

/** `$id` of the schema that defines a funnel file. */
export const FUNNEL_FORMAT_SCHEMA_ID = 'funnel';

/** `$id` of the schema that defines a funnel's example answers file. */
export const EXAMPLES_FORMAT_SCHEMA_ID = 'funnel-examples';

/** `$id` of the schema that defines the claim stages file (funnels/lifecycle/claim-stages.json). */
export const CLAIM_STAGES_FORMAT_SCHEMA_ID = 'claim-stages';

/** True for the schemas that define our own file formats rather than page answers. */
export function isFormatSchema(schemaId: string): boolean {
  return (
    schemaId === FUNNEL_FORMAT_SCHEMA_ID ||
    schemaId === EXAMPLES_FORMAT_SCHEMA_ID ||
    schemaId === CLAIM_STAGES_FORMAT_SCHEMA_ID
  );
}

/** A schema file, indexed by its `$id`. */
export interface SchemaFile {
  file: string;
  schema: JsonSchemaObject;
}

const KEBAB_CASE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function isPlainObject(value: unknown): value is JsonSchemaObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The schema files, indexed. */
interface SchemaIndex {
  /** Files that follow the rules, by `$id`. */
  byId: Map<string, SchemaFile>;
  /** Every `$id` declared, including those of files with problems (so refs to them are not reported twice). */
  declaredIds: Set<string>;
  problems: Problem[];
}

/** Indexes schema files by `$id`; files that break the naming rules are reported and left out. */
export function indexSchemaFiles(files: Record<string, unknown>): SchemaIndex {
  const byId = new Map<string, SchemaFile>();
  const declaredIds = new Set<string>();
  const problems: Problem[] = [];
  for (const [file, schema] of Object.entries(files)) {
    if (!isPlainObject(schema)) {
      problems.push({ file, pointer: '', message: 'a schema file must hold a JSON object' });
      continue;
    }
    const id = schema.$id;
    const expectedId = idFromFileName(file, '.schema.json');
    if (typeof id === 'string') declaredIds.add(id);
    // Pages naming the file are not reported as well: the fault is in the file's $id.
    if (expectedId !== undefined) declaredIds.add(expectedId);
    if (typeof id !== 'string' || !KEBAB_CASE.test(id)) {
      const written = typeof id === 'string' ? `, not "${id}"` : '';
      problems.push({
        file,
        pointer: pointerOf('$id'),
        message:
          expectedId !== undefined && KEBAB_CASE.test(expectedId)
            ? `"$id" must be "${expectedId}", the file name without .schema.json${written}`
            : '"$id" must be lower-case words joined by hyphens, matching the file name',
      });
      continue;
    }
    if (expectedId !== id) {
      problems.push({
        file,
        pointer: pointerOf('$id'),
        message: `"$id" is "${id}", so the file must be named ${id}.schema.json`,
      });
      continue;
    }
    if (schema.$schema !== SCHEMA_DIALECT) {
      problems.push({
        file,
        pointer: pointerOf('$schema'),
        message: `"$schema" must be "${SCHEMA_DIALECT}"`,
      });
      continue;
    }
    const existing = byId.get(id);
    if (existing) {
      problems.push({
        file,
        pointer: pointerOf('$id'),
        message: `"$id" "${id}" is already used by ${existing.file}`,
      });
      continue;
    }
    byId.set(id, { file, schema });
  }
  return { byId, declaredIds, problems };
}
