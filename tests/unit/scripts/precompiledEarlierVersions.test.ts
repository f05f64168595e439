/**
 * A production build precompiles what a claim on an earlier published version needs: that
 * version's changed page schemas (AJV standalone and RJSF) with the later pages, never with
 * the first page, so the browser checks it on its own version with no AJV compiler.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishFunnels } from '../../../scripts/funnels-publish';
import {
  generatePrecompiledValidators,
  type PrecompiledValidators,
} from '../../../scripts/vite-plugin-precompiled-validators';
import { readPublishedFiles, readRegistryDirectories } from '../../../scripts/lib/registryFiles';
import { compileOncePerKey, createPrecheckedRegistry } from '../../../src/runtime/funnel';
import { createFunnelVersions, type PublishedVersion } from '../../../src/runtime/versions';
import {
  createPrecompiledCompileValidator,
  type StandaloneValidateFunction,
} from '../../../src/runtime/validation';
import { validationWords } from '../../../src/gateway/infra/validationWords';
import { standaloneRequire } from '../../support/standaloneRequire';

const words = validationWords();

const FIXTURE = path.resolve('tests/e2e/authoring/versions');
const requireFromHere = standaloneRequire(import.meta.url);
const OLD_NOTICE = 'published-fine-appeal-1-fine-notice';

function loadCommonJs(code: string): Record<string, StandaloneValidateFunction> {
  const module = { exports: {} as Record<string, StandaloneValidateFunction> };
  new Function('module', 'exports', 'require', code)(module, module.exports, requireFromHere);
  return module.exports;
}

/** Every funnel's first page validators together, as the funnels' registry parts bring them. */
function firstPageValidators(
  generated: PrecompiledValidators,
): Record<string, StandaloneValidateFunction> {
  return Object.assign({}, ...Object.values(generated.firstPageCodeOf).map(loadCommonJs));
}

let project: string;
let generated: PrecompiledValidators;

beforeAll(async () => {
  project = await mkdtemp(path.join(tmpdir(), 'precompiled-versions-'));
  await cp('funnels', path.join(project, 'funnels'), { recursive: true });
  await cp('schemas', path.join(project, 'schemas'), { recursive: true });
  await cp(path.join(FIXTURE, 'v1'), project, { recursive: true });
  await publishFunnels([project], project);
  await cp(path.join(FIXTURE, 'v2'), project, { recursive: true });
  generated = generatePrecompiledValidators(project);
});
afterAll(() => rm(project, { recursive: true, force: true }));

describe('precompiled validators of earlier versions', () => {
  it('precompiles a changed schema under its own key, with the later pages only', () => {
    expect(generated.registryKeys).toContain(OLD_NOTICE);
    expect(generated.firstPageKeys).not.toContain(OLD_NOTICE);
    // An unchanged schema keeps today's key and code: nothing twice.
    expect(generated.registryKeys.filter((key) => key.includes('fine-reason'))).toEqual([
      'fine-reason',
    ]);
    expect(Object.keys(generated.rjsfCode)).toContain(OLD_NOTICE);
  });

  it('lets the browser check a claim on version 1 with precompiled code alone', () => {
    const validators = {
      ...firstPageValidators(generated),
      ...loadCommonJs(generated.laterPagesCode),
    };
    const compile = compileOncePerKey(
      createPrecompiledCompileValidator(validators, generated.registryKeys),
    );
    const { files } = readRegistryDirectories(project);
    const current = createPrecheckedRegistry(files, { compileValidator: compile, words });
    if (!current.ok) throw new Error(JSON.stringify(current.problems));
    const published = Object.values(
      readPublishedFiles(path.join(project, 'funnels'), project).parsed,
    ) as PublishedVersion[];
    const versions = createFunnelVersions(current.registry, published, {
      compileValidator: compile,
      words,
    });
    const v1 = versions.at('fine-appeal', 1)!;
    expect(v1.validatePage('fine-appeal', 'fine', { pcnNumber: 'BL12345678' }).valid).toBe(true);
    expect(v1.validatePage('fine-appeal', 'fine', { noticeNumber: 'BL12345678' }).valid).toBe(
      false,
    );
    const v2 = versions.at('fine-appeal', 2)!;
    expect(v2.validatePage('fine-appeal', 'fine', { noticeNumber: 'BL12345678' }).valid).toBe(true);
  });
});
