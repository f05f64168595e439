/**
 * Bundling: turns a page schema that refers to shared schemas (`common#/definitions/x`)
 * into one self-contained schema whose refs are all local (`#/definitions/common.x`).
 * RJSF resolves refs only within its root schema, and a precompiled AJV standalone
 * validator is simplest over one root, so both consume the bundled form.
 */
import { pointerOf, resolvePointer } from './jsonPointer';
import type { JsonSchemaObject } from '../types';

/** A ref that could not be inlined, addressed inside the schema document that holds it. */
interface BundleProblem {
  schemaId: string;
  pointer: string;
  message: string;
}

type BundleResult =
  { ok: true; schema: JsonSchemaObject } | { ok: false; problems: BundleProblem[] };

/** Looks up a schema document by its `$id`. */
type SchemaLookup = (schemaId: string) => JsonSchemaObject | undefined;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Splits `common#/definitions/x` into document id and pointer; `#/a` has an empty id. */
function parseRef(ref: string): { schemaId: string; pointer: string } {
  const hash = ref.indexOf('#');
  if (hash === -1) return { schemaId: ref, pointer: '' };
  return { schemaId: ref.slice(0, hash), pointer: decodeURIComponent(ref.slice(hash + 1)) };
}

/** `common` + `/definitions/ukPostcode` is named `common.ukPostcode`. */
function definitionName(schemaId: string, pointer: string): string {
  const match = /^\/definitions\/([^/]+)$/.exec(pointer);
  return match ? `${schemaId}.${match[1]}` : `${schemaId}${pointer.replace(/\//g, '.')}`;
}

/**
 * Returns a copy of schema `rootId` with every external ref inlined into `definitions`.
 * Refs inside inlined parts are followed too, and local refs there are read as refs into
 * their own document. The input documents are never changed.
 */
export function bundleSchema(lookup: SchemaLookup, rootId: string): BundleResult {
  const root = lookup(rootId);
  if (!root) {
    return {
      ok: false,
      problems: [{ schemaId: rootId, pointer: '', message: `unknown schema "${rootId}"` }],
    };
  }
  const problems: BundleProblem[] = [];
  const ownNames = new Set(isPlainObject(root.definitions) ? Object.keys(root.definitions) : []);
  const inlined: Record<string, unknown> = {};
  const inlinedNames = new Map<string, string>();

  const inline = (
    schemaId: string,
    pointer: string,
    at: { schemaId: string; pointer: string },
  ): string | undefined => {
    const fullRef = `${schemaId}#${pointer}`;
    const known = inlinedNames.get(fullRef);
    if (known !== undefined) return known;
    const document = lookup(schemaId);
    if (!document) {
      problems.push({
        ...at,
        message: `refers to unknown schema "${schemaId}" (no schemas/${schemaId}.schema.json)`,
      });
      return undefined;
    }
    const target = resolvePointer(document, pointer);
    if (target === undefined) {
      problems.push({ ...at, message: `refers to "${fullRef}", which does not exist` });
      return undefined;
    }
    let name = definitionName(schemaId, pointer);
    while (ownNames.has(name) || name in inlined) name = `${name}_`;
    inlinedNames.set(fullRef, name);
    inlined[name] = true; // reserves the name before recursing, so cyclic refs terminate
    inlined[name] = rewrite(target, schemaId, pointer);
    return name;
  };

  // Copies `node`, rewriting refs; `schemaId`/`pointer` say where the node sits.
  const rewrite = (node: unknown, schemaId: string, pointer: string): unknown => {
    if (Array.isArray(node))
      return node.map((item, i) => rewrite(item, schemaId, `${pointer}${pointerOf(i)}`));
    if (!isPlainObject(node)) return node;
    const copy: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      const at = `${pointer}${pointerOf(key)}`;
      if (key === '$ref' && typeof value === 'string') {
        const ref = parseRef(value);
        const targetId = ref.schemaId === '' ? schemaId : ref.schemaId;
        if (targetId === rootId) {
          // Checked here, where the `$ref` is, rather than left to a compiler's message.
          if (resolvePointer(root, ref.pointer) === undefined) {
            problems.push({
              schemaId,
              pointer: at,
              message: `refers to "#${ref.pointer}", which does not exist`,
            });
          }
          copy.$ref = `#${ref.pointer}`;
        } else {
          const name = inline(targetId, ref.pointer, { schemaId, pointer: at });
          copy.$ref = name === undefined ? value : `#${pointerOf('definitions', name)}`;
        }
      } else if (schemaId !== rootId && (key === '$id' || key === '$schema')) {
        // An inlined part must not carry its document's identity into the root.
        continue;
      } else {
        copy[key] = rewrite(value, schemaId, at);
      }
    }
    return copy;
  };

  // rewrite returns unknown; given the root schema object it returns the rewritten object.
  const bundled = rewrite(root, rootId, '') as JsonSchemaObject;
  if (problems.length > 0) return { ok: false, problems };
  if (Object.keys(inlined).length > 0) {
    const ownDefinitions = isPlainObject(bundled.definitions) ? bundled.definitions : {};
    bundled.definitions = { ...ownDefinitions, ...inlined };
  }
  return { ok: true, schema: bundled };
}
