import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Rollup } from 'vite';
import { buildManifestPlugin } from '../../../scripts/vite-plugin-build-manifest';
import routeRules from '../../../src/app/routeRules.json';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'build-manifest-'));
  await writeFile(join(root, 'index.html'), '<script type="module" src="./main.js"></script>');
  await writeFile(join(root, 'main.js'), 'console.log("build", import.meta.env.VITE_BUILD_ID);');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function buildFixture(plugin: ReturnType<typeof buildManifestPlugin>) {
  const result = await build({
    root,
    configFile: false,
    logLevel: 'silent',
    build: { write: false },
    plugins: [plugin],
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  return outputs.flatMap((o) => o.output);
}

function asset(files: Awaited<ReturnType<typeof buildFixture>>, fileName: string): unknown {
  const file = files.find((f) => f.fileName === fileName);
  if (file?.type !== 'asset') throw new Error(`${fileName} was not emitted`);
  return JSON.parse(String(file.source));
}

describe('buildManifestPlugin', () => {
  it('emits builds/latest.json and builds/meta/<id>.json and defines VITE_BUILD_ID', async () => {
    const files = await buildFixture(
      buildManifestPlugin({ routeRules, prerendered: ['/'], buildId: 'b-42', now: () => 1234 }),
    );

    expect(asset(files, 'builds/latest.json')).toEqual({ id: 'b-42', timestamp: 1234 });
    expect(asset(files, 'builds/meta/b-42.json')).toEqual({
      id: 'b-42',
      timestamp: 1234,
      routeRules: {
        '/LandingPage/old': { redirect: '/LandingPage' },
        '/claim': { redirect: '/form/start/' },
      },
      prerendered: ['/'],
    });
    const code = files.flatMap((f) => (f.type === 'chunk' ? [f.code] : [])).join('\n');
    expect(code).toMatch(/console\.log\(.build.,\s*.b-42.\)/);
    expect(code).not.toContain('VITE_BUILD_ID');
  }, 30_000);

  it('makes a fresh id for each build', async () => {
    const plugin = buildManifestPlugin({ routeRules });
    const first = asset(await buildFixture(plugin), 'builds/latest.json');
    const second = asset(await buildFixture(plugin), 'builds/latest.json');
    expect(first).toMatchObject({ id: expect.stringMatching(/^[\da-f-]{36}$/) });
    expect(first).not.toEqual(second);
  }, 30_000);

  it('uses the id "dev" under the dev server', () => {
    const plugin = buildManifestPlugin({ routeRules, buildId: 'ignored' });
    const config = plugin.config as (c: object, env: object) => { define: Record<string, string> };
    expect(config({}, { command: 'serve', mode: 'development' }).define).toEqual({
      'import.meta.env.VITE_BUILD_ID': '"dev"',
    });
  });

  it('fails on invalid route rules', () => {
    expect(() => buildManifestPlugin({ routeRules: { claim: { redirect: '/x' } } })).toThrow(
      /route rule "claim"/,
    );
  });
});
