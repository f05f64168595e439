/**
 * Test helpers: the project's real funnel and schema files, and small funnels built in
 * code for behaviour the real ones do not show.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createRegistry,
  type Funnel,
  type FunnelRegistry,
  type RegistryInput,
} from '../../../src/runtime/funnel';
import { createAjvCompileValidator } from '../../../src/runtime/validation/ajvCompiler';
import { registryRoot } from '../../../scripts/lib/registryFiles';
import { validationWords } from '../../../src/gateway/infra/validationWords';

const words = validationWords();

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/**
 * Where funnels/ and schemas/ are read from: the project, or REGISTRY_DIR when set (the unit
 * suite runs with a copy holding generated funnels too, tests/support/withGeneratedRegistry.ts).
 * A test that reads the registry derives what it checks from these files.
 */
export const registryDir = registryRoot(projectRoot);

function readJsonDirectory(relative: string): Record<string, unknown> {
  const directory = path.join(registryDir, relative);
  return Object.fromEntries(
    readdirSync(directory)
      .filter((name) => name.endsWith('.json'))
      .map((name) => [
        `${relative}/${name}`,
        JSON.parse(readFileSync(path.join(directory, name), 'utf8')),
      ]),
  );
}

/** funnels/, schemas/ and funnels/examples/ of registryDir, as createRegistry takes them. */
export function projectInput(): Required<RegistryInput> {
  return {
    funnels: readJsonDirectory('funnels'),
    schemas: readJsonDirectory('schemas'),
    examples: readJsonDirectory('funnels/examples'),
  };
}

/** The registry of the real project files; fails the test if they have problems. */
export function projectRegistry(): FunnelRegistry {
  const result = createRegistry(projectInput(), {
    compileValidator: createAjvCompileValidator(),
    words,
  });
  if (!result.ok)
    throw new Error(result.problems.map((p) => `${p.file}: ${p.pointer}: ${p.message}`).join('\n'));
  return result.registry;
}

/** The format schemas (funnel, funnel-examples, and claim-stages, which a funnel's lifecycle follows) and a few tiny page schemas. */
export function formatAndTinySchemas(): Record<string, unknown> {
  const { schemas } = projectInput();
  const object = (id: string, properties: Record<string, unknown>, required: string[] = []) => ({
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: id,
    type: 'object',
    required,
    properties,
  });
  return {
    'schemas/funnel.schema.json': schemas['schemas/funnel.schema.json'],
    'schemas/funnel-examples.schema.json': schemas['schemas/funnel-examples.schema.json'],
    'schemas/claim-stages.schema.json': schemas['schemas/claim-stages.schema.json'],
    'schemas/name.schema.json': object(
      'name',
      { name: { type: 'string', title: 'Name', minLength: 1 } },
      ['name'],
    ),
    'schemas/choice.schema.json': object(
      'choice',
      { choice: { type: 'string', enum: ['a', 'b', 'c'] } },
      ['choice'],
    ),
    // A sign page must ask for a signature (funnels:check refuses one that does not).
    'schemas/sign.schema.json': object(
      'sign',
      { agree: { type: 'boolean', const: true }, signature: tinySignature() },
      ['agree', 'signature'],
    ),
    'schemas/info.schema.json': object('info', {}),
  };
}

/**
 * A minimal signature field, inline, for tiny sign schemas in registries without the real
 * signature schema (answered as `{ method: 'typed', name: 'Sam' }`).
 */
export function tinySignature(): Record<string, unknown> {
  return {
    type: 'object',
    required: ['method'],
    properties: { method: { type: 'string' }, name: { type: 'string' } },
  };
}

/** A funnel file around the given pages. */
export function funnelOf(funnelId: string, pages: Funnel['pages']): Funnel {
  return {
    $schema: '../schemas/funnel.schema.json',
    funnelId,
    version: 1,
    title: `Funnel ${funnelId}`,
    pages,
  };
}

/** A `when` matching answers where page `pageId` has `field` equal to `value`. */
export function whenAnswer(pageId: string, field: string, value: unknown): Record<string, unknown> {
  return {
    required: [pageId],
    properties: { [pageId]: { required: [field], properties: { [field]: { const: value } } } },
  };
}

/** Builds a registry of synthetic funnels over formatAndTinySchemas(), or throws with its problems. */
export function registryOf(...funnels: Funnel[]): FunnelRegistry {
  const result = createRegistry(
    {
      funnels: Object.fromEntries(funnels.map((f) => [`funnels/${f.funnelId}.json`, f])),
      schemas: formatAndTinySchemas(),
    },
    { compileValidator: createAjvCompileValidator(), words },
  );
  if (!result.ok)
    throw new Error(result.problems.map((p) => `${p.file}: ${p.pointer}: ${p.message}`).join('\n'));
  return result.registry;
}
