/** Vite's build manifest (`build.manifest`): which chunk each source became, and what it imports. */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** One chunk of `dist/.vite/manifest.json`, keyed by its source (or `_<name>` for shared chunks). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export function readManifest(outDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/**
 * The files of the chunks `keys` name and of every chunk they import statically (the browser
 * fetches those before running them), each once, in the order first reached; dynamic imports
 * are left out.
 * @throws Error naming a key the manifest has no chunk for.
 */
export function staticallyImported(manifest: Manifest, keys: readonly string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest has no chunk "${key}"`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files];
}
