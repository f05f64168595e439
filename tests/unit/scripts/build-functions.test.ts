/**
 * The gateway's build: for deployment it refuses a broken funnel file and leaves the last good
 * build in place; as `npm start` builds it (--dev) the same file takes out only its funnel.
 */
import { cp, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../../../scripts/build-functions';
import { projectRoot } from '../runtime/projectFiles';

let work: string;
let registryDir: string;
let outDir: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'gateway-build-'));
  registryDir = path.join(work, 'registry');
  outDir = path.join(work, 'functions');
  for (const folder of ['funnels', 'schemas']) {
    await cp(path.join(projectRoot, folder), path.join(registryDir, folder), { recursive: true });
  }
});

afterAll(() => rm(work, { recursive: true, force: true }));

describe('building the gateway', () => {
  it('builds from sound files', async () => {
    await buildGateway({ registryDir, outDir, dev: false }, 'silent');
    expect((await stat(path.join(outDir, 'index.js'))).size).toBeGreaterThan(0);
    expect(JSON.parse(await readFile(path.join(outDir, 'package.json'), 'utf8')).main).toBe(
      'index.js',
    );
  }, 60_000);

  it('refuses a funnel file that is not JSON for deployment, keeping the last good build', async () => {
    const before = await readFile(path.join(outDir, 'index.js'), 'utf8');
    await writeFile(path.join(registryDir, 'funnels', 'tow-away-appeal.json'), '{ "funnelId": ');
    await expect(buildGateway({ registryDir, outDir, dev: false }, 'silent')).rejects.toThrow(
      /funnels\/tow-away-appeal\.json: not valid JSON at line 1/,
    );
    expect(await readFile(path.join(outDir, 'index.js'), 'utf8')).toBe(before);
  }, 60_000);

  it('builds with it under npm start, the broken file passed on for the gateway to leave out', async () => {
    await buildGateway({ registryDir, outDir, dev: true }, 'silent');
    const bundle = await readFile(path.join(outDir, 'index.js'), 'utf8');
    // Tested without printing the 1.6 MB bundle on a failure.
    expect(/servesBrokenFunnels"?:\s*true/.test(bundle)).toBe(true);
    expect(bundle.includes('"funnels/tow-away-appeal.json"')).toBe(true);
  }, 60_000);
});
