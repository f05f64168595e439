import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  readAllStudioFiles,
  readStudioFile,
  saveStudioFile,
  studioFilePath,
  StudioFileError,
} from '../../../scripts/lib/studioFiles';
import { isSameOrigin } from '../../../scripts/vite-plugin-studio';

let root: string;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'studio-files-'));
  for (const folder of ['funnels/examples', 'schemas', 'src']) {
    mkdirSync(path.join(root, folder), { recursive: true });
  }
  writeFileSync(path.join(root, 'funnels/a.json'), '{"funnelId":"a"}\n');
  writeFileSync(path.join(root, 'funnels/examples/a.json'), '[]\n');
  writeFileSync(path.join(root, 'schemas/s.schema.json'), '{}\n');
  writeFileSync(path.join(root, 'src/secret.json'), '{"secret":true}\n');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

const refusal = (run: () => unknown): StudioFileError => {
  try {
    run();
  } catch (error) {
    if (error instanceof StudioFileError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('studioFilePath', () => {
  it('accepts a JSON file directly in funnels/, funnels/examples/ or schemas/', () => {
    expect(studioFilePath(root, 'funnels/a.json')).toBe(path.join(root, 'funnels/a.json'));
    expect(studioFilePath(root, 'funnels/examples/a.json')).toBe(
      path.join(root, 'funnels/examples/a.json'),
    );
    expect(studioFilePath(root, 'schemas/new.schema.json')).toBe(
      path.join(root, 'schemas/new.schema.json'),
    );
  });

  it('refuses every other path, traversal included, with 403', () => {
    for (const bad of [
      '../package.json',
      'funnels/../package.json',
      'funnels/../../etc/passwd.json',
      'schemas/../src/secret.json',
      'src/secret.json',
      '/etc/passwd.json',
      'funnels/lifecycle/claim-stages.json',
      'funnels/a.js',
      'funnels/.hidden.json',
      'funnels\\..\\package.json',
      'funnels/..json',
      'funnels/a.json/',
    ]) {
      expect(refusal(() => studioFilePath(root, bad)).status, bad).toBe(403);
    }
    expect(refusal(() => studioFilePath(root, '')).status).toBe(400);
    expect(refusal(() => studioFilePath(root, 42)).status).toBe(400);
  });
});

describe('links out of the registry', () => {
  it('refuses to read or overwrite through a *.json symlink that leads outside, and lists none', async () => {
    symlinkSync(path.join(root, 'src/secret.json'), path.join(root, 'funnels/leak.json'));
    expect(refusal(() => studioFilePath(root, 'funnels/leak.json')).status).toBe(403);
    await expect(readStudioFile(root, 'funnels/leak.json')).rejects.toMatchObject({ status: 403 });
    await expect(saveStudioFile(root, 'funnels/leak.json', '{"x":1}')).rejects.toMatchObject({
      status: 403,
    });
    expect(readFileSync(path.join(root, 'src/secret.json'), 'utf8')).toBe('{"secret":true}\n');
    expect(Object.keys(await readAllStudioFiles(root))).not.toContain('funnels/leak.json');
  });

  it('refuses a dangling link, which a write would follow to create a file outside', async () => {
    symlinkSync(path.join(root, 'src/new.json'), path.join(root, 'schemas/new.schema.json'));
    await expect(saveStudioFile(root, 'schemas/new.schema.json', '{}')).rejects.toMatchObject({
      status: 403,
    });
  });

  it('still accepts a link that stays inside its own folder', () => {
    symlinkSync(path.join(root, 'funnels/a.json'), path.join(root, 'funnels/b.json'));
    expect(studioFilePath(root, 'funnels/b.json')).toBe(path.join(root, 'funnels/b.json'));
  });
});

describe('the save endpoint’s origin check', () => {
  it('accepts only the dev server’s own origin: not another site, none, or null', () => {
    expect(isSameOrigin('http://127.0.0.1:5173', '127.0.0.1:5173')).toBe(true);
    expect(isSameOrigin('http://evil.example', '127.0.0.1:5173')).toBe(false);
    expect(isSameOrigin(undefined, '127.0.0.1:5173')).toBe(false);
    expect(isSameOrigin('null', '127.0.0.1:5173')).toBe(false);
  });
});

describe('saveStudioFile', () => {
  it('writes the text formatted as Prettier formats JSON, and returns it', async () => {
    const saved = await saveStudioFile(root, 'funnels/a.json', '{"funnelId":"a","pages":[ ]}');
    const onDisk = readFileSync(path.join(root, 'funnels/a.json'), 'utf8');
    expect(onDisk).toBe('{ "funnelId": "a", "pages": [] }\n');
    expect(saved).toEqual({ path: 'funnels/a.json', text: onDisk });
  });

  it('lays the file out with the project’s Prettier settings, not the registry copy’s', async () => {
    const project = mkdtempSync(path.join(tmpdir(), 'studio-project-'));
    try {
      writeFileSync(path.join(project, '.prettierrc'), '{ "printWidth": 20 }');
      await saveStudioFile(root, 'funnels/a.json', '{"funnelId":"a","pages":[]}', project);
      expect(readFileSync(path.join(root, 'funnels/a.json'), 'utf8')).toBe(
        '{\n  "funnelId": "a",\n  "pages": []\n}\n',
      );
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });

  it('refuses text that is not JSON, naming the file and line, and writes nothing', async () => {
    await expect(
      saveStudioFile(root, 'funnels/a.json', '{\n  "funnelId": "a",\n}'),
    ).rejects.toThrow(/^funnels\/a\.json: not valid JSON at line 3, column 1/);
    expect(readFileSync(path.join(root, 'funnels/a.json'), 'utf8')).toBe('{"funnelId":"a"}\n');
  });

  it('refuses a path outside the registry folders before writing', async () => {
    await expect(saveStudioFile(root, '../evil.json', '{}')).rejects.toMatchObject({ status: 403 });
    await expect(saveStudioFile(root, 'src/secret.json', '{}')).rejects.toMatchObject({
      status: 403,
    });
    expect(readFileSync(path.join(root, 'src/secret.json'), 'utf8')).toBe('{"secret":true}\n');
  });
});

describe('reading studio files', () => {
  it('reads one file, says 404 for a missing one, and lists every registry file', async () => {
    expect(await readStudioFile(root, 'schemas/s.schema.json')).toBe('{}\n');
    await expect(readStudioFile(root, 'schemas/none.json')).rejects.toMatchObject({ status: 404 });
    expect(Object.keys(await readAllStudioFiles(root)).sort()).toEqual([
      'funnels/a.json',
      'funnels/examples/a.json',
      'schemas/s.schema.json',
    ]);
  });
});
