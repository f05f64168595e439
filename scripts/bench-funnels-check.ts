/**
 * Benchmark of funnels-check: 100 generated funnels of 10 pages, each page with its own
 * schema (1,000 page schemas, refs into common, one branch per funnel) and one example claim.
 *
 *   npx tsx scripts/bench-funnels-check.ts
 *
 * Times the whole check as the CLI runs it (read, parse, createRegistry, generated-types
 * check), excluding Node start-up. Exits 1 when over budget.
 */
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { checkFunnels, formatProblem } from './funnels-check';
import { registryDirectories } from './lib/registryFiles';

const FUNNELS = 100;
const PAGES = 10;
const BUDGET_MS = 2000;
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

/** A page schema; the sign page's asks for a signature too, as every sign page must. */
function pageSchema(id: string, signs = false): object {
  return {
    $schema: DRAFT_07,
    $id: id,
    type: 'object',
    required: ['name', 'postcode', 'choice', ...(signs ? ['signature'] : [])],
    properties: {
      ...(signs ? { signature: { $ref: 'signature#/properties/signature' } } : {}),
      name: { $ref: 'common#/definitions/personName', title: 'Name' },
      postcode: { $ref: 'common#/definitions/ukPostcode' },
      when: { $ref: 'common#/definitions/calendarDate', title: 'Date' },
      choice: {
        type: 'string',
        title: 'Choice',
        oneOf: [
          { const: 'yes', title: 'Yes' },
          { const: 'no', title: 'No' },
        ],
      },
    },
    'x-errorMessages': { name: { required: 'Enter your name' } },
  };
}

function funnel(f: number): object {
  const pages = Array.from({ length: PAGES }, (_, p) => ({
    pageId: `page-${p}`,
    title: `Page ${p}`,
    schema: `bench-${f}-${p}`,
    uiSchema: {
      name: { 'ui:autocomplete': 'name' },
      postcode: { 'ui:autocomplete': 'postal-code' },
    },
    ...(p === PAGES - 1 ? { kind: 'review-and-sign' } : {}),
    // Page 3 skips page 4 when the claimant answers "no".
    ...(p === 3
      ? {
          next: [
            {
              when: {
                required: ['page-3'],
                properties: { 'page-3': { properties: { choice: { const: 'no' } } } },
              },
              goto: 'page-5',
            },
          ],
        }
      : {}),
  }));
  return {
    $schema: '../schemas/funnel.schema.json',
    funnelId: `bench-${f}`,
    version: 1,
    title: `Bench ${f}`,
    pages,
  };
}

function example(): object {
  const answers = Object.fromEntries(
    Array.from({ length: PAGES }, (_, p) => [
      `page-${p}`,
      {
        name: 'Sam',
        postcode: 'SW1A 2AA',
        choice: 'yes',
        ...(p === PAGES - 1 ? { signature: { method: 'typed', name: 'Sam Smith' } } : {}),
      },
    ]),
  );
  return [{ name: 'every page answered', answers }];
}

/** Writes the generated project (funnels/, funnels/examples/, schemas/) under `root`. */
export async function writeProject(root: string): Promise<void> {
  const funnelsDir = path.join(root, 'funnels');
  const schemasDir = path.join(root, 'schemas');
  await mkdir(path.join(funnelsDir, 'examples'), { recursive: true });
  await mkdir(schemasDir, { recursive: true });
  // The formats of our own files (a funnel's lifecycle is the claim stages' format), and the
  // page schemas the generated pages refer to.
  for (const name of [
    'funnel.schema.json',
    'claim-stages.schema.json',
    'funnel-examples.schema.json',
    'common.schema.json',
    'signature.schema.json',
  ]) {
    await copyFile(path.join(projectRoot, 'schemas', name), path.join(schemasDir, name));
  }
  const writes: Array<Promise<void>> = [];
  for (let f = 0; f < FUNNELS; f++) {
    writes.push(
      writeFile(path.join(funnelsDir, `bench-${f}.json`), JSON.stringify(funnel(f), null, 2)),
    );
    writes.push(
      writeFile(
        path.join(funnelsDir, 'examples', `bench-${f}.json`),
        JSON.stringify(example(), null, 2),
      ),
    );
    for (let p = 0; p < PAGES; p++) {
      const id = `bench-${f}-${p}`;
      writes.push(
        writeFile(
          path.join(schemasDir, `${id}.schema.json`),
          JSON.stringify(pageSchema(id, p === PAGES - 1), null, 2),
        ),
      );
    }
  }
  await Promise.all(writes);
}

async function main(): Promise<number> {
  const root = await mkdtemp(path.join(tmpdir(), 'bench-funnels-'));
  try {
    await writeProject(root);
    const started = performance.now();
    const { problems } = await checkFunnels(registryDirectories(root));
    const elapsed = Math.round(performance.now() - started);
    if (problems.length > 0) {
      problems.slice(0, 10).forEach((problem) => console.error(formatProblem(problem)));
      console.error('bench: the generated funnels should be valid');
      return 1;
    }
    const verdict = elapsed <= BUDGET_MS ? '' : ' OVER BUDGET';
    console.log(
      `funnels:check on ${FUNNELS} funnels x ${PAGES} pages: ${elapsed} ms (budget ${BUDGET_MS} ms)${verdict}`,
    );
    return elapsed <= BUDGET_MS ? 0 : 1;
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
