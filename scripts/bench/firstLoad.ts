/**
 * The first page's JavaScript, read from a build: what `npm run bench` reports and
 * `npm run size:check` holds to its budget, one number for both.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BUILT_IN_FUNNEL_ID } from '../../src/app/builtInFunnel';
import { readManifest } from '../lib/viteManifest';
import { REGISTRY_PART_PREFIX } from '../vite-plugin-registry-files';
import { filesLoaded, totalGzipped } from './bundle';

/**
 * The built-in funnel's first page may load at most this much JavaScript, gzipped: CI fails
 * past it. The page is 119.6 KB today (docs/first-page.md says what it is made of and where
 * more can come from); the budget comes down as the page does, never up.
 */
export const FIRST_LOAD_BUDGET_KB = 120;

/** The built-in funnel's first page, prerendered. */
export const START_PAGE = '/form/start/';

// /form/start/ is the built-in funnel's first page: the generic FormStepRoute, and the
// built-in funnel's files (the registry part src/main.tsx loads before the first render).
export const START_ROUTE_MODULES = [
  'src/app/form/FormStepRoute.tsx',
  `${REGISTRY_PART_PREFIX}${BUILT_IN_FUNNEL_ID}`,
];

/** The JS files the first page loads before it can render, and their gzipped bytes. */
export function firstLoad(outDir: string): { files: string[]; bytes: number } {
  const files = filesLoaded(readManifest(outDir), START_ROUTE_MODULES);
  return { files, bytes: totalGzipped(outDir, files) };
}

/** The scripts a built page's HTML names (its module scripts and module preloads). */
export function scriptsNamedBy(html: string): string[] {
  const named = [
    ...html.matchAll(/<script[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g),
  ].map(([, url]) => url!.replace(/^.*?\/(assets\/)/, '$1'));
  return [...new Set(named)];
}

/**
 * What is wrong with the first page's HTML: a file the page needs before it can render that
 * the HTML does not name (a round trip more before the first question works), or a script
 * named that it does not need (bytes it waits for in vain). Empty when it names exactly them.
 */
export function startPagePreloadProblems(outDir: string): string[] {
  const html = readFileSync(path.join(outDir, ...START_PAGE.split('/'), 'index.html'), 'utf8');
  const named = scriptsNamedBy(html);
  const needed = firstLoad(outDir).files;
  return [
    ...needed
      .filter((file) => !named.includes(file))
      .map((file) => `${START_PAGE} does not name ${file}, which it needs before it can render`),
    ...named
      .filter((file) => !needed.includes(file))
      .map((file) => `${START_PAGE} names ${file}, which it does not need before it can render`),
  ];
}
