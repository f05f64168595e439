/**
 * Adding a funnel never turns `npm test` red: on a copy of the project, a funnel written by
 * `npm run funnels:new` and given a page as docs/product-owner.md says (its own stages and claim noun, an
 * amount of money, a file question, a subject role), published, and a language started with
 * `npm run language:start`, is accepted by every helper the suites read funnels through: the
 * unit suite's generated registry, the test locales (both test locales, every funnel offered
 * in en-XA, its own stages too) and the registry's checks. The project's own files are never
 * written: everything happens in the copy.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeSkeleton } from '../../../scripts/funnels-new';
import { publishFunnels } from '../../../scripts/funnels-publish';
import { startLanguage } from '../../../scripts/lib/languageStart';
import {
  createRegistry,
  formatProblem,
  funnelLocales,
  type RegistryResult,
} from '../../../src/runtime/funnel';
import { createAjvCompileValidator } from '../../../src/runtime/validation/ajvCompiler';
import { validationWords } from '../../../src/gateway/infra/validationWords';
import { writeGeneratedFunnels } from '../../support/generatedFunnels';
import { writeTestFunnelLocales } from '../../support/testLocales';
import { PSEUDO_LOCALE } from '../../support/pseudoLocale';
import { projectRoot } from '../runtime/projectFiles';

type Json = Record<string, unknown>;
/** An id no funnel of the project has (a product owner's `policy-check` may be one already). */
function freeFunnelId(): string {
  const funnels = readdirSync(path.join(projectRoot, 'funnels'));
  const schemas = readdirSync(path.join(projectRoot, 'schemas'));
  for (let n = 1; ; n++) {
    const id = n === 1 ? 'policy-check' : `policy-check-${n}`;
    const free =
      !funnels.includes(`${id}.json`) && !schemas.some((file) => file.startsWith(`${id}-`));
    if (free) return id;
  }
}
const FUNNEL_ID = freeFunnelId();

let root: string;
const registryBefore = process.env.REGISTRY_DIR;
const read = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Json;
const write = (file: string, value: unknown) =>
  writeFileSync(path.join(root, file), `${JSON.stringify(value, null, 2)}\n`);

/** A question page of another trade, written as the product owner's guide (docs/product-owner.md) says. */
function addPolicyPage(): void {
  write(`schemas/${FUNNEL_ID}-policy.schema.json`, {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: `${FUNNEL_ID}-policy`,
    type: 'object',
    required: ['policyNumber', 'repairCost'],
    properties: {
      policyNumber: { type: 'string', title: 'Policy number', minLength: 1, maxLength: 30 },
      repairCost: {
        type: 'string',
        format: 'money',
        title: 'How much did the repair cost, in pounds?',
        formatMinimum: '1',
        formatMaximum: '10000',
      },
      damagePhotos: {
        type: 'array',
        title: 'Photos of the damage',
        description: 'Up to 5 photos. Include one of the whole room.',
        items: { $ref: 'common#/definitions/evidenceFile' },
        maxItems: 5,
        'x-evidence': { accept: ['jpeg', 'png', 'heic'], maxFileMB: 10 },
      },
    },
    'x-errorMessages': {
      policyNumber: { required: 'Enter your policy number' },
      repairCost: { formatMinimum: 'Enter an amount of £1 or more' },
    },
  });
  const funnel = read(`funnels/${FUNNEL_ID}.json`);
  const pages = funnel.pages as Json[];
  pages.splice(1, 0, { pageId: 'policy', title: 'Your policy', schema: `${FUNNEL_ID}-policy` });
  funnel.wording = {
    claimNoun: 'insurance claim',
    whatHappensNext: 'We will check your insurance claim within 2 working days.',
  };
  funnel.roles = {
    name: ['/details/fullName'],
    email: '/details/email',
    subject: { field: '/policy/policyNumber', label: 'Policy number' },
  };
  write(`funnels/${FUNNEL_ID}.json`, funnel);
  const examples = read(`funnels/examples/${FUNNEL_ID}.json`) as unknown as Array<{
    answers: Json;
  }>;
  examples[0]!.answers.policy = { policyNumber: 'HX-0042', repairCost: '1,150.50' };
  write(`funnels/examples/${FUNNEL_ID}.json`, examples);
}

function registryOfCopy(): RegistryResult {
  const files = (folder: string) => {
    const directory = path.join(root, folder);
    return Object.fromEntries(
      readdirSync(directory)
        .filter((name) => name.endsWith('.json'))
        .map((name) => [`${folder}/${name}`, read(`${folder}/${name}`)]),
    );
  };
  return createRegistry(
    { funnels: files('funnels'), schemas: files('schemas'), examples: files('funnels/examples') },
    { compileValidator: createAjvCompileValidator(), words: validationWords() },
  );
}

beforeEach(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'new-funnel-'));
  for (const folder of ['funnels', 'schemas', 'src/content']) {
    cpSync(path.join(projectRoot, folder), path.join(root, folder), { recursive: true });
  }
  // Whatever reads the registry (language:start, the checks) reads the copy.
  process.env.REGISTRY_DIR = root;
  await writeSkeleton(FUNNEL_ID, root);
  addPolicyPage();
});

afterEach(() => {
  if (registryBefore === undefined) delete process.env.REGISTRY_DIR;
  else process.env.REGISTRY_DIR = registryBefore;
  rmSync(root, { recursive: true, force: true });
});

describe('a funnel added with funnels:new', { timeout: 60_000 }, () => {
  it('passes the checks, and is published', async () => {
    const result = await publishFunnels([], root);
    expect(result.problems.map(formatProblem)).toEqual([]);
    expect(
      result.written.some((line) => line.startsWith(`funnels/published/${FUNNEL_ID}/1.json`)),
    ).toBe(true);
  });

  it('is accepted by the unit suite’s generated registry and by the test locales', async () => {
    expect((await publishFunnels([], root)).problems.map(formatProblem)).toEqual([]);
    // Each throws, with funnels:check's lines, when what it writes does not pass.
    await writeGeneratedFunnels(root);
    await writeTestFunnelLocales(root, root);
    const funnel = read(`funnels/${FUNNEL_ID}.json`);
    expect(funnelLocales(funnel as never)).toContain(PSEUDO_LOCALE);
    // Its own stages and its claim noun are said in the test locale too, as the format takes them.
    const stages = (funnel.lifecycle as { translations: Record<string, Json> }).translations;
    expect(Object.keys(stages[PSEUDO_LOCALE]!)).toContain('/stages/received/claimantText');
    expect(
      (funnel.translations as Record<string, Json>)[PSEUDO_LOCALE]!['/wording/claimNoun'],
    ).toMatch(/^[a-zß-öø-ÿĀ-ɏ][a-zß-öø-ÿĀ-ɏ ]{0,39}$/);
  });

  it('is listed for translation, and not failed, once language:start has started a language', async () => {
    const started = await startLanguage(root, 'cy', (_file, json) => Promise.resolve(json));
    expect(started.written).toContain(`funnels/${FUNNEL_ID}.json`);
    const result = registryOfCopy();
    expect(result.ok ? [] : result.problems.map(formatProblem)).toEqual([]);
    const keys = (result.toTranslate ?? [])
      .filter((text) => text.file === `funnels/${FUNNEL_ID}.json`)
      .map((text) => text.key);
    expect(keys).toContain('/wording/claimNoun');
    expect(keys).toContain('/lifecycle/stages/received/claimantText');
    // And the suites' helpers still accept the registry with a language in progress.
    expect((await publishFunnels([], root)).problems.map(formatProblem)).toEqual([]);
    await writeGeneratedFunnels(root);
  });
});
