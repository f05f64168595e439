import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/lib/compileSchemaValidatorsCode.js';
import { createPrecompiledValidator, type ValidatorFunctions } from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import {
  bundledPageSchemas,
  compileRjsfPageValidators,
} from '../../../scripts/lib/rjsfPageValidators';
import { AJV_OPTIONS } from '../../../src/runtime/validation';
import type { FunnelExample } from '../../../src/runtime/funnel';
import { projectInput, projectRegistry } from '../runtime/projectFiles';
import { standaloneRequire } from '../../support/standaloneRequire';

const requireFromHere = standaloneRequire(import.meta.url);

function loadCommonJs(code: string): ValidatorFunctions {
  const module = { exports: {} as ValidatorFunctions };
  new Function('module', 'exports', 'require', code)(module, module.exports, requireFromHere);
  return module.exports;
}

const input = projectInput();
const pages = bundledPageSchemas(input.schemas, projectRegistry());

/** Every answer the examples give a page with this schema, plus answers that fail it. */
function answersFor(schemaId: string): unknown[] {
  const answers: unknown[] = [{}, { firstName: 7, postcode: 'nope', email: 'x' }];
  for (const [file, funnel] of Object.entries(input.funnels)) {
    const examples = input.examples[file.replace('funnels/', 'funnels/examples/')] as
      FunnelExample[] | undefined;
    for (const page of (funnel as { pages: Array<{ pageId: string; schema: string }> }).pages) {
      if (page.schema !== schemaId) continue;
      for (const example of examples ?? []) {
        const given = example.answers[page.pageId];
        if (given !== undefined) answers.push(given, { ...(given as object), unknownField: 1 });
      }
    }
  }
  return answers;
}

describe('compileRjsfPageValidators', () => {
  const shared = compileRjsfPageValidators(pages);

  it('compiles every page schema of the project', () => {
    expect(shared.problems).toEqual([]);
    expect(Object.keys(shared.code).sort()).toEqual(pages.map((page) => page.schemaId).sort());
  });

  it("judges every page's answers exactly as RJSF's own compileSchemaValidatorsCode", () => {
    for (const page of pages) {
      const own = loadCommonJs(
        compileSchemaValidatorsCode(page.schema as RJSFSchema, {
          ajvOptionsOverrides: { ...AJV_OPTIONS, code: { lines: false } },
        }),
      );
      const ours = loadCommonJs(shared.code[page.schemaId]!);
      expect(Object.keys(ours).sort(), page.schemaId).toEqual(Object.keys(own).sort());
      const root = page.schema as RJSFSchema;
      const viaOwn = createPrecompiledValidator(own, root);
      const viaOurs = createPrecompiledValidator(ours, root);
      for (const answers of answersFor(page.schemaId)) {
        expect(viaOurs.validateFormData(answers, root).errors, page.schemaId).toEqual(
          viaOwn.validateFormData(answers, root).errors,
        );
      }
    }
  });

  it('names a page RJSF cannot precompile, and still compiles the pages after it', () => {
    const broken = {
      file: 'schemas/broken.schema.json',
      schemaId: 'broken',
      schema: {
        $id: 'broken',
        type: 'object',
        properties: { a: { $ref: '#/definitions/missing' } },
      },
    };
    const result = compileRjsfPageValidators([broken, ...pages]);
    expect(result.problems).toEqual([
      {
        file: 'schemas/broken.schema.json',
        pointer: '',
        message: expect.stringMatching(/^RJSF cannot precompile it: .*#\/definitions\/missing/),
      },
    ]);
    expect(Object.keys(result.code).sort()).toEqual(pages.map((page) => page.schemaId).sort());
  });

  it('compiles the same without optimisation passes (what funnels:check runs)', () => {
    const unoptimised = compileRjsfPageValidators(pages, { unoptimised: true });
    expect(unoptimised.problems).toEqual([]);
    for (const page of pages) {
      const root = page.schema as RJSFSchema;
      const a = createPrecompiledValidator(loadCommonJs(shared.code[page.schemaId]!), root);
      const b = createPrecompiledValidator(loadCommonJs(unoptimised.code[page.schemaId]!), root);
      for (const answers of answersFor(page.schemaId)) {
        expect(b.validateFormData(answers, root).errors).toEqual(
          a.validateFormData(answers, root).errors,
        );
      }
    }
  });
});
