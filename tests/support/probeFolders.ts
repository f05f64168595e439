import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

/**
 * Throwaway folders of given files for a check that reads a folder, each removed after its
 * test: `probe({ 'a.ts': '…' })` answers the folder's path.
 */
export function probeFolders(prefix: string): (files: Record<string, string>) => string {
  const folders: string[] = [];
  afterEach(() => {
    for (const root of folders.splice(0)) rmSync(root, { recursive: true, force: true });
  });
  return (files) => {
    const root = mkdtempSync(join(tmpdir(), `${prefix}-probe-`));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
    folders.push(root);
    return root;
  };
}
