/**
 * Checks that every name a schema lists in `required` is a field it defines. A misspelt
 * required name (`pcnNumbr`) compiles and looks harmless, but no answer can ever satisfy it:
 * claimants are told to "Enter pcn numbr", with no such field on the page, and can never
 * continue.
 *
 * Works on a schema file as written. A level's fields are the `properties` of the level and of
 * every subschema that applies to the same object (then/else, allOf/anyOf/oneOf, dependencies,
 * local `$ref`s); a level that takes fields from another file's definitions is not judged here
 * (that file is checked on its own).
 */
import { closestName } from '../closestName';
import { pointerOf, resolvePointer } from '../../schema/jsonPointer';
import { isJsonObject } from '../../schema/schemaProperties';
import type { JsonSchemaObject } from '../../types';

interface RequiredNameProblem {
  pointer: string;
  message: string;
}

interface Part {
  schema: JsonSchemaObject;
  pointer: string;
  /** Reached through a local `$ref`: its fields count here, its own rules are checked where it is defined. */
  borrowed?: boolean;
}

const SAME_OBJECT_KEYWORDS = ['allOf', 'anyOf', 'oneOf'] as const;

/** The subschemas that apply to the same object as `level`; null when one is in another file. */
function partsOf(level: Part, root: JsonSchemaObject): Part[] | null {
  const parts: Part[] = [];
  const seen = new Set<JsonSchemaObject>();
  let open = false;
  const visit = (schema: unknown, pointer: string, borrowed = false): void => {
    if (!isJsonObject(schema) || seen.has(schema)) return;
    seen.add(schema);
    parts.push({ schema, pointer, borrowed });
    if (typeof schema.$ref === 'string') {
      if (!schema.$ref.startsWith('#')) {
        open = true;
        return;
      }
      const target = resolvePointer(root, decodeURIComponent(schema.$ref.slice(1)));
      visit(target, schema.$ref.slice(1), true);
    }
    visit(schema.then, `${pointer}/then`, borrowed);
    visit(schema.else, `${pointer}/else`, borrowed);
    for (const keyword of SAME_OBJECT_KEYWORDS) {
      const branches = schema[keyword];
      if (Array.isArray(branches)) {
        branches.forEach((branch, i) =>
          visit(branch, `${pointer}${pointerOf(keyword, i)}`, borrowed),
        );
      }
    }
    if (isJsonObject(schema.dependencies)) {
      for (const [name, dependency] of Object.entries(schema.dependencies)) {
        visit(dependency, `${pointer}${pointerOf('dependencies', name)}`, borrowed);
      }
    }
  };
  visit(level.schema, level.pointer);
  return open ? null : parts;
}

function unknownNameMessage(name: string, fields: ReadonlySet<string>): string {
  const meant = closestName(name, fields);
  const hint = meant
    ? `did you mean "${meant}"?`
    : fields.size > 0
      ? `its fields are ${[...fields].map((field) => `"${field}"`).join(', ')}`
      : 'it has no "properties"';
  return `"${name}" is required but is not a field here, so no answer can pass: ${hint}`;
}

/** Every required name of `schema` (a whole schema file) that names no field of its object. */
export function checkRequiredNames(schema: JsonSchemaObject): RequiredNameProblem[] {
  const problems: RequiredNameProblem[] = [];
  const checked = new Set<JsonSchemaObject>();
  const checkLevel = (level: Part, depth: number): void => {
    if (checked.has(level.schema) || depth > 32) return;
    checked.add(level.schema);
    const parts = partsOf(level, schema);
    if (!parts) return;
    const fields = new Set<string>();
    for (const { schema: part } of parts) {
      if (isJsonObject(part.properties)) Object.keys(part.properties).forEach((n) => fields.add(n));
    }
    // Names matched by a pattern, or allowed as extra properties, cannot be judged.
    const openEnded = parts.some(
      ({ schema: part }) =>
        isJsonObject(part.patternProperties) || isJsonObject(part.additionalProperties),
    );
    for (const { schema: part, pointer, borrowed } of parts) {
      if (borrowed) continue;
      if (Array.isArray(part.required) && !openEnded) {
        part.required.forEach((name, i) => {
          if (typeof name === 'string' && !fields.has(name)) {
            problems.push({
              pointer: `${pointer}${pointerOf('required', i)}`,
              message: unknownNameMessage(name, fields),
            });
          }
        });
      }
      if (isJsonObject(part.properties)) {
        for (const [name, property] of Object.entries(part.properties)) {
          if (isJsonObject(property)) {
            checkLevel(
              { schema: property, pointer: `${pointer}${pointerOf('properties', name)}` },
              depth + 1,
            );
          }
        }
      }
      if (isJsonObject(part.items)) {
        checkLevel({ schema: part.items, pointer: `${pointer}/items` }, depth + 1);
      }
    }
  };
  checkLevel({ schema, pointer: '' }, 0);
  for (const keyword of ['definitions', '$defs'] as const) {
    const definitions = schema[keyword];
    if (!isJsonObject(definitions)) continue;
    for (const [name, definition] of Object.entries(definitions)) {
      if (isJsonObject(definition)) {
        checkLevel({ schema: definition, pointer: pointerOf(keyword, name) }, 1);
      }
    }
  }
  return problems;
}
