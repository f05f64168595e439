/**
 * Generates src/runtime/funnel/generated/funnel.ts from schemas/funnel.schema.json, so the
 * funnel file format has one source of truth. funnels-check fails when the committed
 * file differs from what this would write.
 *
 *   npx tsx scripts/generate-types.ts
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compile } from 'json-schema-to-typescript';
import { writeFileAtomic } from './lib/atomicFile';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where the funnel format schema and its generated TypeScript live. */
export const FUNNEL_SCHEMA_FILE = path.join(projectRoot, 'schemas', 'funnel.schema.json');
export const GENERATED_TYPES_FILE = path.join(
  projectRoot,
  'src',
  'runtime',
  'funnel',
  'generated',
  'funnel.ts',
);

const BANNER = `/* eslint-disable */
/**
 * Generated from schemas/funnel.schema.json by scripts/generate-types.ts. Do not edit:
 * change the schema and run \`npx tsx scripts/generate-types.ts\`.
 */
import type { ClaimStages } from '../../lifecycle';`;

/** Renders the TypeScript types of a funnel file from the funnel format schema. */
export async function renderFunnelTypes(funnelSchema: object): Promise<string> {
  // A copy, because json-schema-to-typescript annotates the schema object it is given.
  const schema = structuredClone(funnelSchema) as Parameters<typeof compile>[0];
  // `lifecycle` refers to another format (schemas/claim-stages.schema.json), whose type the
  // runtime writes itself (ClaimStages): nothing outside this schema is read.
  const lifecycle = schema.properties?.lifecycle;
  if (lifecycle) {
    delete lifecycle.$ref;
    lifecycle.tsType = 'ClaimStages';
  }
  return compile(schema, 'Funnel', {
    bannerComment: BANNER,
    // Refs are all local (#/definitions/...); nothing may be fetched from the network.
    $refOptions: { resolve: { http: false, file: false } },
    style: { singleQuote: true, printWidth: 100, trailingComma: 'all' },
  });
}

async function main(): Promise<void> {
  const schema = JSON.parse(await readFile(FUNNEL_SCHEMA_FILE, 'utf8')) as object;
  await writeFileAtomic(GENERATED_TYPES_FILE, await renderFunnelTypes(schema));
  console.log(`wrote ${path.relative(process.cwd(), GENERATED_TYPES_FILE)}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
