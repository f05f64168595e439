/** Bundle figures of `npm run bench`, read from Vite's build manifest (`build.manifest`). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { staticallyImported, type Manifest } from '../lib/viteManifest';

/**
 * The JS files a page loads before it can render: the HTML entry's chunk and the chunks of
 * the given route modules (those that are chunks of their own: the route and the modules it
 * lazy-loads), with every chunk they import statically (the browser fetches those before
 * running them); other dynamic imports are left out.
 */
export function filesLoaded(manifest: Manifest, routeModules: readonly string[]): string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('the build manifest has no entry chunk');
  // A route module that is not a chunk of its own was bundled into the entry (or a chunk it
  // imports), which is already counted.
  const routes = routeModules.filter((module) => manifest[module]);
  return staticallyImported(manifest, [entry, ...routes]).filter((file) => file.endsWith('.js'));
}

/** Gzipped size in bytes of a built file, as a server compressing at level 9 sends it. */
export function gzippedSize(outDir: string, file: string): number {
  return gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length;
}

export function totalGzipped(outDir: string, files: readonly string[]): number {
  return files.reduce((sum, file) => sum + gzippedSize(outDir, file), 0);
}
