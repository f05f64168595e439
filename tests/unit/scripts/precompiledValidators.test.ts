import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createPrecompiledValidator,
  customizeValidator,
  type ValidatorFunctions,
} from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import { build, type Rollup } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  generatePrecompiledValidators,
  precompiledValidatorsPlugin,
  type PrecompiledValidators,
} from '../../../scripts/vite-plugin-precompiled-validators';
import { AJV_OPTIONS } from '../../../src/runtime/validation';
import {
  checkExamples,
  createRegistry,
  type Funnel,
  type FunnelPage,
} from '../../../src/runtime/funnel';
import { createPrecompiledCompileValidator } from '../../../src/runtime/validation';
import { conditionKey } from '../../../src/runtime/funnel';
import { projectInput, projectRegistry, registryDir } from '../runtime/projectFiles';
import { isFormatSchema } from '../../../src/runtime/funnel/schema/schemaFiles';
import { readPublishedFiles } from '../../../scripts/lib/registryFiles';
import {
  publishedRegistryInput,
  publishedSchemaId,
  type PublishedVersion,
} from '../../../src/runtime/versions';
import { validationWords } from '../../../src/gateway/infra/validationWords';
import { standaloneRequire } from '../../support/standaloneRequire';

const words = validationWords();

const requireFromHere = standaloneRequire(import.meta.url);

/** Runs generated CommonJS as a bundler would, its requires resolved from this project. */
function loadCommonJs(code: string): ValidatorFunctions {
  const module = { exports: {} as ValidatorFunctions };
  new Function('module', 'exports', 'require', code)(module, module.exports, requireFromHere);
  return module.exports;
}

/** Every funnel's first page validators together, as the funnels' registry parts bring them. */
function firstPageValidators(generated: PrecompiledValidators): ValidatorFunctions {
  return Object.assign({}, ...Object.values(generated.firstPageCodeOf).map(loadCommonJs));
}

/** A copy of funnels/ and schemas/ that a test may break. */
async function copyOfProjectFiles(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'precompiled-validators-'));
  await cp(path.join(registryDir, 'funnels'), path.join(dir, 'funnels'), { recursive: true });
  await cp(path.join(registryDir, 'schemas'), path.join(dir, 'schemas'), { recursive: true });
  return dir;
}

const input = projectInput();
const schemaIds = Object.values(input.schemas).map((schema) => (schema as { $id: string }).$id);
const pageSchemaIds = schemaIds.filter((id) => !isFormatSchema(id));
/** The key of every `next` rule with a `when` (a rule without one is always taken: no check). */
function conditionKeysOf(funnel: Funnel): string[] {
  return funnel.pages.flatMap((page, i) =>
    (page.next ?? []).flatMap((rule, j) =>
      rule.when === undefined ? [] : [conditionKey(funnel, i, j)],
    ),
  );
}
const conditionKeys = Object.values(input.funnels).flatMap((funnel) =>
  conditionKeysOf(funnel as Funnel),
);

/**
 * What a claim on an earlier published version needs besides today's keys: its page schemas
 * that changed since (renamed, publishedSchemaId) and its conditions.
 */
function earlierVersionKeys(): { schemaIds: string[]; conditionKeys: string[] } {
  const current = projectRegistry();
  const snapshots = Object.values(
    readPublishedFiles(path.join(registryDir, 'funnels'), registryDir).parsed,
  ) as PublishedVersion[];
  const earlier = snapshots.filter(
    (snapshot) => current.getFunnel(snapshot.funnelId)?.version !== snapshot.version,
  );
  return {
    schemaIds: earlier.flatMap((snapshot) => {
      const renamedPrefix = publishedSchemaId(snapshot.funnelId, snapshot.version, '');
      return Object.values(publishedRegistryInput(snapshot, current).schemas ?? {})
        .map((schema) => String((schema as { $id: string }).$id))
        .filter((id) => id.startsWith(renamedPrefix));
    }),
    conditionKeys: earlier.flatMap((snapshot) => conditionKeysOf(snapshot.funnel as Funnel)),
  };
}
const earlier = earlierVersionKeys();

let generated: PrecompiledValidators;
let registryExports: ValidatorFunctions;

beforeAll(() => {
  generated = generatePrecompiledValidators(registryDir);
  registryExports = {
    ...firstPageValidators(generated),
    ...loadCommonJs(generated.laterPagesCode),
  };
});

describe('generatePrecompiledValidators', () => {
  it('exports a standalone validator for every schema key the browser registry compiles', () => {
    // The browser's registry is prechecked: it never compiles the format schemas.
    const expected = [
      ...pageSchemaIds,
      ...conditionKeys,
      ...earlier.schemaIds,
      ...earlier.conditionKeys,
    ].sort();
    expect([...generated.registryKeys].sort()).toEqual(expected);
    expect(Object.keys(registryExports).sort()).toEqual(expected);
    for (const key of expected) expect(typeof registryExports[key]).toBe('function');
  });

  it('gives the messages and branching of run-time compilation', () => {
    const result = createRegistry(input, {
      compileValidator: createPrecompiledCompileValidator(registryExports),
      words,
      prechecked: true,
    });
    if (!result.ok) expect.fail(JSON.stringify(result.problems));
    const runTime = projectRegistry();
    // Every example claim, branches included, passes with these validators.
    for (const funnel of result.registry.listFunnels()) {
      const examples = runTime.getExamples(funnel.funnelId);
      expect(examples.length, funnel.funnelId).toBeGreaterThan(0);
      const validatePageAnswers = (page: FunnelPage, answers: unknown) =>
        result.registry.validatePage(funnel.funnelId, page.pageId, answers);
      expect(
        checkExamples(examples, funnel, result.registry.evaluateCondition, validatePageAnswers),
      ).toEqual([]);
    }
    // The same verdict and messages on every page, for nothing and for each example's answers.
    for (const funnel of runTime.listFunnels()) {
      const examples = runTime.getExamples(funnel.funnelId);
      for (const { pageId } of funnel.pages) {
        const answerSets = [{}, ...examples.map((example) => example.answers[pageId] ?? {})];
        for (const answers of answerSets) {
          expect(result.registry.validatePage(funnel.funnelId, pageId, answers)).toEqual(
            runTime.validatePage(funnel.funnelId, pageId, answers),
          );
        }
      }
    }
  });

  it("ships every funnel's first page and every condition with the page, the rest on demand", () => {
    const firstPageSchemas = projectRegistry()
      .listFunnels()
      .map((funnel) => funnel.pages[0]!.schema);
    expect([...generated.firstPageKeys].sort()).toEqual(
      [...new Set([...firstPageSchemas, ...conditionKeys])].sort(),
    );
    const firstPages = firstPageValidators(generated);
    expect(Object.keys(firstPages).sort()).toEqual([...generated.firstPageKeys].sort());
    const later = loadCommonJs(generated.laterPagesCode);
    expect(Object.keys(later).some((key) => generated.firstPageKeys.includes(key))).toBe(false);
    // Each funnel's own: its first page and its conditions, no other funnel's.
    for (const funnel of projectRegistry().listFunnels()) {
      const own = Object.keys(loadCommonJs(generated.firstPageCodeOf[funnel.funnelId]!));
      expect(own, funnel.funnelId).toContain(funnel.pages[0]!.schema);
      for (const key of own.filter((each) => each.includes('#'))) {
        expect(key.startsWith(`${funnel.funnelId}@`), key).toBe(true);
      }
    }

    // A registry given only the first pages' validators validates first pages, and says so
    // for a later page until its validators have loaded.
    const loaded: Record<string, (typeof firstPages)[string]> = { ...firstPages };
    const result = createRegistry(input, {
      compileValidator: createPrecompiledCompileValidator(loaded as never, generated.registryKeys),
      words,
      prechecked: true,
    });
    if (!result.ok) expect.fail(JSON.stringify(result.problems));
    const runTime = projectRegistry();
    const pages = runTime
      .listFunnels()
      .flatMap((funnel) => funnel.pages.map((page) => ({ funnelId: funnel.funnelId, page })));
    const isLater = ({ page }: (typeof pages)[number]) =>
      !generated.firstPageKeys.includes(page.schema);
    for (const { funnelId, page } of pages.filter((entry) => !isLater(entry))) {
      expect(result.registry.validatePage(funnelId, page.pageId, {})).toEqual(
        runTime.validatePage(funnelId, page.pageId, {}),
      );
    }
    for (const { funnelId, page } of pages.filter(isLater)) {
      expect(() => result.registry.validatePage(funnelId, page.pageId, {})).toThrow(
        'has not loaded yet',
      );
    }
    Object.assign(loaded, later);
    for (const { funnelId, page } of pages.filter(isLater)) {
      expect(result.registry.validatePage(funnelId, page.pageId, {})).toEqual(
        runTime.validatePage(funnelId, page.pageId, {}),
      );
    }
  });

  it('exports RJSF precompiled validator functions for every bundled page schema', () => {
    expect(Object.keys(generated.rjsfCode).sort()).toEqual(
      [...pageSchemaIds, ...earlier.schemaIds].sort(),
    );
    const registry = projectRegistry();
    const runTime = customizeValidator({ ajvOptionsOverrides: AJV_OPTIONS });
    for (const id of pageSchemaIds) {
      const validateFns = loadCommonJs(generated.rjsfCode[id]!);
      expect(typeof validateFns[id], id).toBe('function');
      const rootSchema = registry.bundlePageSchema(id) as RJSFSchema;
      // Throws unless the root schema's own validator is among them.
      const validator = createPrecompiledValidator(validateFns, rootSchema);
      for (const data of [{}, { firstName: 'Sam', yearsAtAddress: 'less-than-3' }]) {
        expect(validator.isValid(rootSchema, data, rootSchema), id).toBe(
          runTime.isValid(rootSchema, data, rootSchema),
        );
      }
    }
  });

  it('precompiles the component gallery schema, which no funnel uses', () => {
    expect(generated.registryKeys).toContain('ui-examples');
    expect(Object.keys(generated.rjsfCode)).toContain('ui-examples');
  });

  describe('with broken files', () => {
    let dir: string;
    beforeAll(async () => {
      dir = await copyOfProjectFiles();
    });
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it('throws naming the schema file that does not compile', async () => {
      await writeFile(
        path.join(dir, 'schemas', 'information.schema.json'),
        JSON.stringify({
          $schema: 'http://json-schema.org/draft-07/schema#',
          $id: 'information',
          type: 'object',
          properties: { note: { type: 'text' } },
        }),
      );
      expect(() => generatePrecompiledValidators(dir)).toThrow(
        /^precompiled validators:[^]*\nschemas\/information\.schema\.json: [^\n]*not a valid JSON Schema/,
      );
    });

    it('throws naming a funnel file that is not JSON', async () => {
      await writeFile(path.join(dir, 'funnels', 'broken.json'), '{ "funnelId": ');
      expect(() => generatePrecompiledValidators(dir)).toThrow(
        /\nfunnels\/broken\.json: \(root\): not valid JSON/,
      );
    });
  });
});

describe('precompiledValidatorsPlugin', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await copyOfProjectFiles();
    await writeFile(
      path.join(dir, 'index.html'),
      '<script type="module" src="./main.js"></script>',
    );
    await writeFile(
      path.join(dir, 'main.js'),
      [
        "import registry from 'virtual:precompiled-validators/registry';",
        "import rjsf from 'virtual:precompiled-validators/rjsf';",
        // The app's validators in a build: the precompiled ones, never AJV's compiler.
        "import { createCompileValidator, loadAllValidators } from 'virtual:validators';",
        "import { rjsfValidatorFor } from 'virtual:rjsf-validator';",
        'console.log(registry.keys, Object.keys(rjsf), createCompileValidator, loadAllValidators, rjsfValidatorFor);',
      ].join('\n'),
    );
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('bundles the generated CommonJS with no AJV compiler', async () => {
    const result = await build({
      root: dir,
      configFile: false,
      logLevel: 'silent',
      build: { write: false, minify: false },
      plugins: [precompiledValidatorsPlugin()],
    });
    const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
    const code = outputs
      .flatMap((output) => output.output)
      .map((file) => (file.type === 'chunk' ? file.code : ''))
      .join('\n');
    for (const key of conditionKeys) expect(code).toContain(JSON.stringify(key));
    expect(code).toContain('"ui-examples"');
    // AJV's compiler builds functions from source; precompiled code never does.
    expect(code).not.toMatch(/new Function|opts\.code\.process/);
  });
});
