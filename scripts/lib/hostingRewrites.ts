/**
 * Firebase Hosting serves the app only at the paths it draws a page of, and its 404.html at
 * any other, so a mistyped address is a 404 to a browser and to a crawler alike. Those paths
 * have one source, src/app/servedPaths.ts (the router's patterns) with each funnel's pages
 * named (scripts/lib/servedFormPaths.ts). Hosting's configuration cannot import code, so its
 * rewrite in firebase.json is written from that list here, by `npm run build` (and so by
 * every deploy) and at the start of `npm test`, never by hand.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathPatternsRegexSource } from '../../src/runtime/web';
import { servedPathsWithFunnels } from './servedFormPaths';

interface HostingRewrite {
  regex: string;
  destination: string;
}

/** The one rewrite: every served path to the app's index.html. */
function hostingRewritesOf(patterns: readonly string[]): HostingRewrite[] {
  return [{ regex: pathPatternsRegexSource(patterns), destination: '/index.html' }];
}

/**
 * Writes the rewrites into `root`/firebase.json, leaving every other setting as it is and
 * the file laid out as Prettier lays it out. Returns whether the file changed.
 */
export async function writeHostingRewrites(
  root: string,
  patterns: readonly string[] = servedPathsWithFunnels(root),
): Promise<boolean> {
  const file = resolve(root, 'firebase.json');
  const before = readFileSync(file, 'utf8');
  const config = JSON.parse(before) as { hosting?: Record<string, unknown> };
  if (!config.hosting) throw new Error('firebase.json: no "hosting" section to write rewrites to');
  config.hosting.rewrites = hostingRewritesOf(patterns);
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(file)) ?? {};
  const after = await prettier.format(JSON.stringify(config, null, 2), {
    ...options,
    filepath: file,
  });
  if (after === before) return false;
  writeFileSync(file, after);
  return true;
}
