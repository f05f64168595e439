/**
 * Checks a content file against its schema, as `npm run site:check` does. An area of ICU
 * messages (scripts/lib/icuMessages.ts) writes each message once, in its English file: the
 * keys that every language's file of the area must have, and no others, come from there, and
 * the area's `<area>.schema.json` holds only what English cannot say (what a message is, and
 * a description or rule for a message that needs one). Other schemas (site.json's) are used
 * as written.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createAjv } from '../../src/runtime/validation/ajvCompiler';
import { MESSAGE_FILES, readMessages } from './icuMessages';

type JsonObject = Record<string, unknown>;

/** The message every key of an area is, unless its schema says more about that key. */
const MESSAGE = { $ref: '#/definitions/message' };

/**
 * An area's schema as it is applied: its English file's keys required, each a message (or
 * what the schema says of it), and nothing else allowed.
 */
export function areaSchemaOf(schema: JsonObject, english: Record<string, string>): JsonObject {
  const special = (schema.properties ?? {}) as JsonObject;
  const keys = [...new Set([...Object.keys(english), ...Object.keys(special)])];
  return {
    ...schema,
    required: keys,
    properties: Object.fromEntries(keys.map((key) => [key, special[key] ?? MESSAGE])),
    additionalProperties: false,
  };
}

/**
 * A checker of content files: `(file, schemaFile, content)` to one `file: pointer: problem`
 * line per mistake. Paths are relative to `root`; each schema is compiled once (an area's
 * English and translated files share it, and Ajv refuses a second schema of the same $id).
 */
export function contentSchemaChecker(
  root: string,
): (file: string, schemaFile: string, content: unknown) => string[] {
  const ajv = createAjv();
  const validators = new Map<string, ReturnType<typeof ajv.compile>>();
  const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
  const validatorOf = (schemaFile: string, area: (typeof MESSAGE_FILES)[number] | undefined) => {
    const known = validators.get(schemaFile);
    if (known) return known;
    const schema = JSON.parse(read(schemaFile)) as JsonObject;
    const validate = ajv.compile(
      area ? areaSchemaOf(schema, readMessages(path.join(root, area.file))) : schema,
    );
    validators.set(schemaFile, validate);
    return validate;
  };
  return (file, schemaFile, content) => {
    const area = MESSAGE_FILES.find((each) => each.schema === schemaFile);
    let validate: ReturnType<typeof ajv.compile>;
    try {
      validate = validatorOf(schemaFile, area);
    } catch (error) {
      return [`${file}: ${(error as Error).message}`];
    }
    if (validate(content)) return [];
    return (validate.errors ?? []).map((error) => {
      const extra =
        error.keyword === 'additionalProperties'
          ? ` ("${String(error.params.additionalProperty)}", which ${area?.file ?? schemaFile} does not have)`
          : '';
      return `${file}: ${error.instancePath || '/'}: ${error.message ?? 'is not valid'}${extra}`;
    });
  };
}
