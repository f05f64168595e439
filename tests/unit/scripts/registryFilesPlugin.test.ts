import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ResolvedConfig } from 'vite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  REGISTRY_FILES_ID,
  REGISTRY_PART_PREFIX,
  registryFilesPlugin,
} from '../../../scripts/vite-plugin-registry-files';

let root: string;

interface RegistryFiles {
  funnels: Record<string, unknown>;
  schemas: Record<string, unknown>;
  problems: object[];
  parts?: Record<string, unknown>;
  laterPages?: Record<string, unknown>;
}

/** Evaluates one of the plugin's modules (by its import id), for a build or the dev server. */
function moduleLoader(command: 'build' | 'serve'): (source: string) => RegistryFiles {
  const plugin = registryFilesPlugin();
  (plugin.configResolved as (config: ResolvedConfig) => void)({ root, command } as ResolvedConfig);
  return (source) => {
    const resolved = (plugin.resolveId as (id: string) => string | null)(source)!;
    const code = (plugin.load as (this: unknown, id: string) => string).call(
      { addWatchFile: () => undefined },
      resolved,
    );
    // A funnel's first part imports its first page's validators (another plugin's module).
    const run = code.replace(/^import validators from .*;$/m, 'const validators = {};');
    return new Function(run.replace('export default', 'return'))();
  };
}

/**
 * The module the plugin gives the app, evaluated, for a build or the dev server; a build's
 * parts (each funnel's, and the schemas no funnel uses) loaded into it, as the app does.
 */
function loadModule(command: 'build' | 'serve'): RegistryFiles & { partFiles: string[][] } {
  const load = moduleLoader(command);
  const files = load(REGISTRY_FILES_ID);
  const partFiles: string[][] = [];
  for (const source of [
    ...Object.keys(files.parts ?? {}).map((funnelId) => `${REGISTRY_PART_PREFIX}${funnelId}`),
    ...Object.keys(files.laterPages ?? {}).map(
      (funnelId) => `virtual:registry-files/later-pages/${funnelId}`,
    ),
    ...(files.parts ? ['virtual:registry-files/other-schemas'] : []),
  ]) {
    const part = load(source);
    partFiles.push([...Object.keys(part.funnels), ...Object.keys(part.schemas)]);
    Object.assign(files.funnels, part.funnels);
    Object.assign(files.schemas, part.schemas);
  }
  return { ...files, partFiles };
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
  await writeFile(
    path.join(root, 'funnels', 'trips.json'),
    JSON.stringify({
      funnelId: 'trips',
      pages: [
        { pageId: 'a', schema: 'trip' },
        { pageId: 'b', schema: 'fare' },
      ],
    }),
  );
  await writeFile(
    path.join(root, 'schemas', 'fare.schema.json'),
    JSON.stringify({ $id: 'fare', properties: { from: { $ref: 'place#/definitions/town' } } }),
  );
  await writeFile(
    path.join(root, 'schemas', 'trip.schema.json'),
    JSON.stringify({ $id: 'trip', properties: { from: { $ref: 'place#/definitions/town' } } }),
  );
  await writeFile(
    path.join(root, 'schemas', 'place.schema.json'),
    JSON.stringify({ $id: 'place', definitions: { town: { type: 'string' } } }),
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
    expect(loadModule('build').funnels['funnels/quotes.json']).toEqual({
      funnelId: 'quotes',
      title: 'It\'s a \\ "test" \u2028 with\nlines',
    });
  });

  it('leaves the format schemas out of a build (its registry is prechecked) but not out of dev', () => {
    const schemas = [
      'schemas/fare.schema.json',
      'schemas/page.schema.json',
      'schemas/place.schema.json',
      'schemas/trip.schema.json',
    ];
    expect(Object.keys(loadModule('build').schemas).sort()).toEqual(schemas);
    expect(Object.keys(loadModule('serve').schemas).sort()).toEqual(
      ['schemas/funnel.schema.json', ...schemas].sort(),
    );
  });

  it('gives a build each funnel with its first page in a part, its later pages in another', () => {
    const build = loadModule('build');
    // Nothing comes with the app itself: each part loads on demand.
    expect(Object.keys(build.parts ?? {}).sort()).toEqual(['quotes', 'trips']);
    expect(build.partFiles).toEqual([
      ['funnels/quotes.json'],
      // The first page's schema with the one it refers to…
      ['funnels/trips.json', 'schemas/place.schema.json', 'schemas/trip.schema.json'],
      [],
      // …and the later page's, less what the first page's part holds already.
      ['schemas/fare.schema.json'],
      // The schema no funnel uses.
      ['schemas/page.schema.json'],
    ]);
    // The dev server gives every file at once.
    expect(loadModule('serve').parts).toBeUndefined();
  });

  it("gives a funnel's first page its funnel and shared files as that page reads them, and the later part them whole", async () => {
    const claim = {
      funnelId: 'claims',
      pages: [
        { pageId: 'who', schema: 'who', uiSchema: { name: { 'ui:width': '20' } } },
        {
          pageId: 'sign',
          title: 'Sign',
          schema: 'fare',
          description: 'Read it first.',
          uiSchema: { from: { 'ui:help': 'Where from' } },
          letterOfAuthority: { version: '1', title: 'Letter', text: 'I appoint you.' },
          next: [{ goto: 'who' }],
        },
      ],
    };
    const shared = {
      $id: 'people',
      description: 'Shared definitions.',
      definitions: { name: { $ref: '#/definitions/text' }, text: { type: 'string' }, age: {} },
    };
    await writeFile(path.join(root, 'funnels', 'claims.json'), JSON.stringify(claim));
    await writeFile(path.join(root, 'schemas', 'people.schema.json'), JSON.stringify(shared));
    await writeFile(
      path.join(root, 'schemas', 'who.schema.json'),
      JSON.stringify({ $id: 'who', properties: { name: { $ref: 'people#/definitions/name' } } }),
    );
    try {
      const part = moduleLoader('build');
      const first = part(`${REGISTRY_PART_PREFIX}claims`);
      // Every page is listed (navigation and progress read the list); the later one without
      // what only it draws, the shared file with only what the first page refers to.
      expect(first.funnels['funnels/claims.json']).toEqual({
        funnelId: 'claims',
        pages: [
          claim.pages[0],
          { pageId: 'sign', title: 'Sign', schema: 'fare', next: [{ goto: 'who' }] },
        ],
      });
      expect(first.schemas['schemas/people.schema.json']).toEqual({
        $id: 'people',
        description: 'Shared definitions.',
        definitions: { name: { $ref: '#/definitions/text' }, text: { type: 'string' } },
      });
      // Loaded after it, the later part puts back the whole files.
      const files = { funnels: { ...first.funnels }, schemas: { ...first.schemas } };
      const later = part('virtual:registry-files/later-pages/claims');
      Object.assign(files.funnels, later.funnels);
      Object.assign(files.schemas, later.schemas);
      expect(files.funnels['funnels/claims.json']).toEqual(claim);
      expect(files.schemas['schemas/people.schema.json']).toEqual(shared);
    } finally {
      for (const file of [
        'funnels/claims.json',
        'schemas/people.schema.json',
        'schemas/who.schema.json',
      ])
        await rm(path.join(root, file));
    }
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
