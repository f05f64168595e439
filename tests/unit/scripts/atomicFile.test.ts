/**
 * writeFileAtomic: a file is replaced whole or not at all, so a reader meanwhile (a running
 * stack watching funnels/) reads the old text or the new, never half; and every command that
 * writes funnel files writes through it.
 */
import { mkdtemp, readFile, readdir, rm, stat, chmod, writeFile, mkdir } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../../scripts/lib/atomicFile';

const projectRoot = path.resolve(import.meta.dirname, '../../..');
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'atomic-file-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('writeFileAtomic', () => {
  it('writes a new file and replaces one, leaving nothing else beside it', async () => {
    const file = path.join(dir, 'funnel.json');
    await writeFileAtomic(file, '{"version": 1}\n');
    expect(await readFile(file, 'utf8')).toBe('{"version": 1}\n');
    await writeFileAtomic(file, '{"version": 2}\n');
    expect(await readFile(file, 'utf8')).toBe('{"version": 2}\n');
    expect(await readdir(dir)).toEqual(['funnel.json']);
  });

  it('keeps the permissions of the file it replaces', async () => {
    const file = path.join(dir, 'funnel.json');
    await writeFile(file, 'old');
    await chmod(file, 0o640);
    await writeFileAtomic(file, 'new');
    expect((await stat(file)).mode & 0o777).toBe(0o640);
  });

  it('never shows a reader half a file while it is replaced', async () => {
    const file = path.join(dir, 'funnel.json');
    // Large enough that a plain write is seen truncated or partly written.
    const versions = ['a', 'b'].map((letter) => `{"text": "${letter.repeat(4_000_000)}"}\n`);
    await writeFileAtomic(file, versions[0]!);
    let writing = true;
    const seen = new Set<number>();
    const reader = (async () => {
      while (writing) {
        const text = await readFile(file, 'utf8');
        seen.add(versions.indexOf(text));
      }
    })();
    for (let round = 1; round <= 12; round++) await writeFileAtomic(file, versions[round % 2]!);
    writing = false;
    await reader;
    expect([...seen].every((index) => index >= 0)).toBe(true);
  });

  it('refuses an existing file when exclusive, leaving it as it was', async () => {
    const file = path.join(dir, '1.json');
    await writeFile(file, 'published');
    await expect(writeFileAtomic(file, 'other', { exclusive: true })).rejects.toMatchObject({
      code: 'EEXIST',
    });
    expect(await readFile(file, 'utf8')).toBe('published');
    expect(await readdir(dir)).toEqual(['1.json']);
    await writeFileAtomic(path.join(dir, '2.json'), 'new', { exclusive: true });
    expect(await readFile(path.join(dir, '2.json'), 'utf8')).toBe('new');
  });

  it('leaves the file as it was, and no new file, when the write fails', async () => {
    // A folder where the file would go: the final rename fails.
    const target = path.join(dir, 'funnel.json');
    await mkdir(path.join(target, 'inside'), { recursive: true });
    await expect(writeFileAtomic(target, 'new')).rejects.toThrow();
    expect(await readdir(dir)).toEqual(['funnel.json']);
  });
});

describe('the commands that write funnel files', () => {
  // funnels:new, funnels:publish, funnels:check --fix, language:start, the studio's Save and
  // the generated types.
  const writers = [
    'scripts/funnels-new.ts',
    'scripts/funnels-publish.ts',
    'scripts/funnels-check.ts',
    'scripts/lib/languageStart.ts',
    'scripts/lib/studioFiles.ts',
    'scripts/generate-types.ts',
  ];

  it.each(writers)('%s writes through writeFileAtomic only', (file) => {
    const source = readFileSync(path.join(projectRoot, file), 'utf8');
    expect(source).toContain('writeFileAtomic(');
    expect(source).not.toMatch(/\bwriteFile(Sync)?\(/);
  });
});
