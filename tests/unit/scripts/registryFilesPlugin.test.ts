import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ResolvedConfig } from 'vite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  REGISTRY_FILES_ID,
  registryFilesPlugin,
} from '../../../scripts/vite-plugin-registry-files';

let root: string;

/** The module the plugin gives the app, evaluated, for a build or the dev server. */
function loadModule(command: 'build' | 'serve'): {
  funnels: object;
  schemas: object;
  problems: object[];
} {
  const plugin = registryFilesPlugin();
  (plugin.configResolved as (config: ResolvedConfig) => void)({ root, command } as ResolvedConfig);
  const resolved = (plugin.resolveId as (id: string) => string | null)(REGISTRY_FILES_ID)!;
  const code = (plugin.load as (this: unknown, id: string) => string).call(
    { addWatchFile: () => undefined },
    resolved,
  );
  return new Function(code.replace('export default', 'return'))();
}

beforeAll(async () => {
  // The plugin reads REGISTRY_DIR over its root when set (the unit suite may run on a copy):
  // this test gives it a root of its own.
  vi.stubEnv('REGISTRY_DIR', '');
  root = await mkdtemp(path.join(tmpdir(), 'registry-files-'));
  await mkdir(path.join(root, 'funnels'));
  await mkdir(path.join(root, 'schemas'));
  await writeFile(
    path.join(root, 'funnels', 'quotes.json'),
    JSON.stringify({ funnelId: 'quotes', title: 'It\'s a \\ "test" \u2028 with\nlines' }),
  );
  await writeFile(path.join(root, 'schemas', 'funnel.schema.json'), '{"$id":"funnel"}');
  await writeFile(path.join(root, 'schemas', 'page.schema.json'), '{"$id":"page"}');
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await rm(root, { recursive: true, force: true });
});

describe('registryFilesPlugin', () => {
  it('gives the app every funnel exactly as written, quotes, backslashes and line breaks too', () => {
    expect(loadModule('build').funnels).toEqual({
      'funnels/quotes.json': { funnelId: 'quotes', title: 'It\'s a \\ "test" \u2028 with\nlines' },
    });
  });

  it('leaves the format schemas out of a build (its registry is prechecked) but not out of dev', () => {
    expect(Object.keys(loadModule('build').schemas)).toEqual(['schemas/page.schema.json']);
    expect(Object.keys(loadModule('serve').schemas).sort()).toEqual([
      'schemas/funnel.schema.json',
      'schemas/page.schema.json',
    ]);
  });

  it('refuses a build with a file that is not JSON, and passes it on to the dev server', async () => {
    await writeFile(path.join(root, 'funnels', 'broken.json'), '{ "funnelId": ');
    try {
      expect(() => loadModule('build')).toThrow(/funnels\/broken\.json: not valid JSON at line 1/);
      expect(loadModule('serve').problems).toEqual([
        expect.objectContaining({ file: 'funnels/broken.json', pointer: '' }),
      ]);
    } finally {
      await rm(path.join(root, 'funnels', 'broken.json'));
    }
  });
});
