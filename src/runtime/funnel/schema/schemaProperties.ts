/**
 * Finding which properties a schema defines, including those that only appear in
 * conditional parts (if/then/else, allOf/anyOf/oneOf, dependencies): a previous address
 * that is only asked for "when under 3 years" is still a field of the page.
 * Works on bundled schemas, whose refs are all local (`#/...`).
 */
import { resolvePointer } from './jsonPointer';
import type { JsonSchemaObject } from '../types';

/** A JSON object (not null, not an array): a schema, a uiSchema or a page's answers. */
export function isJsonObject(value: unknown): value is JsonSchemaObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Follows local `$ref`s until a schema without one; undefined when a ref leads nowhere.
 * Keywords beside a `$ref` (a `title` for this use of a shared definition) win over the
 * target's, as RJSF merges them.
 */
function dereference(
  schema: JsonSchemaObject,
  root: JsonSchemaObject,
): JsonSchemaObject | undefined {
  if (typeof schema.$ref !== 'string') return schema;
  let current: JsonSchemaObject = schema;
  let siblings: JsonSchemaObject = {};
  const seen = new Set<string>();
  while (typeof current.$ref === 'string') {
    const { $ref: ref, ...beside } = current;
    if (!ref.startsWith('#') || seen.has(ref)) return undefined;
    seen.add(ref);
    siblings = { ...beside, ...siblings };
    const target = resolvePointer(root, decodeURIComponent(ref.slice(1)));
    if (!isJsonObject(target)) return undefined;
    current = target;
  }
  return { ...current, ...siblings };
}

/** The schema itself and every subschema that applies to the same object. */
function applicableSchemas(schema: JsonSchemaObject, root: JsonSchemaObject): JsonSchemaObject[] {
  const found: JsonSchemaObject[] = [];
  // Tracked by the written subschema, not its resolution, so recursive refs end.
  const visited = new Set<JsonSchemaObject>();
  const visit = (candidate: unknown, depth: number): void => {
    if (!isJsonObject(candidate) || visited.has(candidate) || depth > 32) return;
    visited.add(candidate);
    const resolved = dereference(candidate, root);
    if (!resolved) return;
    found.push(resolved);
    visit(resolved.then, depth + 1);
    visit(resolved.else, depth + 1);
    for (const keyword of ['allOf', 'anyOf', 'oneOf'] as const) {
      const branches = resolved[keyword];
      if (Array.isArray(branches)) branches.forEach((branch) => visit(branch, depth + 1));
    }
    if (isJsonObject(resolved.dependencies)) {
      Object.values(resolved.dependencies).forEach((dependency) => visit(dependency, depth + 1));
    }
  };
  visit(schema, 0);
  return found;
}

/** Names of every property the schema may define. */
export function propertyNamesOf(schema: JsonSchemaObject, root: JsonSchemaObject): Set<string> {
  const names = new Set<string>();
  for (const part of applicableSchemas(schema, root)) {
    if (isJsonObject(part.properties)) Object.keys(part.properties).forEach((n) => names.add(n));
  }
  return names;
}

/**
 * The schema of one property, or of array items when `name` is `items` or an index.
 * The first definition wins, as a form renders the first one it finds.
 */
export function propertySchemaOf(
  schema: JsonSchemaObject,
  name: string,
  root: JsonSchemaObject,
): JsonSchemaObject | undefined {
  for (const part of applicableSchemas(schema, root)) {
    const properties = part.properties;
    if (isJsonObject(properties) && isJsonObject(properties[name])) {
      return dereference(properties[name], root);
    }
    if ((name === 'items' || /^\d+$/.test(name)) && isJsonObject(part.items)) {
      return dereference(part.items, root);
    }
  }
  return undefined;
}

/** The schema of a nested field, e.g. `['previousAddress', 'postcode']`. */
export function schemaAtPath(
  root: JsonSchemaObject,
  tokens: readonly string[],
): JsonSchemaObject | undefined {
  let current: JsonSchemaObject | undefined = dereference(root, root);
  for (const token of tokens) {
    if (!current) return undefined;
    current = propertySchemaOf(current, token, root);
  }
  return current;
}

/** True when a schema offers a fixed set of choices (enum, or oneOf/anyOf of consts). */
export function isChoiceSchema(schema: JsonSchemaObject): boolean {
  if (Array.isArray(schema.enum)) return true;
  const options = schema.oneOf ?? schema.anyOf;
  return (
    Array.isArray(options) &&
    options.length > 0 &&
    options.every((o) => isJsonObject(o) && 'const' in o)
  );
}
