/**
 * Prerenders the first page of every funnel after the browser bundle is written:
 * src/app/prerender.tsx renders each with react-dom's server renderer, and its markup goes
 * into a copy of the built index.html at the page's own path (`dist/form/start/index.html`),
 * which Firebase Hosting and `vite preview` serve before falling back to the app shell. The
 * browser hydrates it (src/main.tsx). A page that fails to render fails the build.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import type * as Prerender from '../src/app/prerender';
import { REGISTRY_PART_PREFIX } from './vite-plugin-registry-files';
import { readManifest, staticallyImported } from './lib/viteManifest';

const ROOT_ELEMENT = '<div id="root"></div>';

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Shown instead of the prerendered page while index.html's first-paint script hides it for a
 * returning claimant (`data-returning`): outside the app's root, so the app's first render
 * leaves it be; it goes with the attribute, in the frame that draws their page.
 */
const RETURNING_STATUS = '<p class="returning-status" role="status">Loading your answers…</p>';

const APP_SCRIPT_TAGS =
  /<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>|<link rel="modulepreload"[^>]*\/>/g;

/**
 * The built index.html with a prerendered page in its root element and its title. The app's
 * scripts (the entry and its preloads) move into `<template id="app-scripts">`, which
 * index.html's inline script starts once the page is painted: the page is readable and
 * answerable from its HTML, and its first paint does not share the connection with them.
 */
export function pageDocument(
  template: string,
  page: Prerender.PrerenderedPage,
  /**
   * The page's funnel's files (the build's registry part) and the scripts they import, which
   * the app imports before it draws the page: fetched with the app's scripts, as module
   * scripts (they only export) so that a failed fetch is one index.html's inline script waits
   * out, keeping what was typed.
   */
  funnelFilesUrls: readonly string[] = [],
): string {
  if (!template.includes(ROOT_ELEMENT)) {
    throw new Error(`index.html has no empty ${ROOT_ELEMENT} to prerender into`);
  }
  const named = template.match(APP_SCRIPT_TAGS) ?? [];
  const appScripts = [
    ...named,
    ...funnelFilesUrls
      .filter((url) => !named.some((tag) => tag.includes(`"${url}"`)))
      .map((url) => `<script type="module" crossorigin src="${escapeHtml(url)}"></script>`),
  ];
  if (!appScripts.some((tag) => tag.startsWith('<script'))) {
    throw new Error('the built index.html has no <script type="module"> to start the app with');
  }
  // Whose first page this is, and on which version: the first-paint script looks for the
  // claimant's kept claim in that funnel.
  const firstPageOf = page.firstPageOf
    ? ` data-first-page-of="${escapeHtml(page.firstPageOf.funnelId)}" data-funnel-version="${page.firstPageOf.version}"`
    : '';
  return template
    .replace(APP_SCRIPT_TAGS, '')
    .replace(/<html([^>]*)>/, `<html$1${firstPageOf}>`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace(ROOT_ELEMENT, `<div id="root" data-prerendered>${page.html}</div>${RETURNING_STATUS}`)
    .replace('</body>', `<template id="app-scripts">${appScripts.join('')}</template></body>`);
}

export function prerenderPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'vehicle-claims:prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler(error?: Error) {
        if (error || config.build.ssr) return;
        const outDir = path.resolve(config.root, config.build.outDir);
        // The app's modules, run in Node by Vite's module runner with the same plugins (the
        // funnel files, the validators), as the dev server would.
        const server = await createServer({
          root: config.root,
          configFile: config.configFile,
          configLoader: 'runner',
          mode: config.mode,
          logLevel: 'warn',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false, watch: null },
        });
        try {
          const prerender = (await server.ssrLoadModule(
            '/src/app/prerender.tsx',
          )) as typeof Prerender;
          const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
          const manifest = readManifest(outDir);
          // The app loads the funnel's own files before it draws the page (src/main.tsx),
          // with what they import.
          const funnelFilesUrls = (funnelId: string): string[] =>
            staticallyImported(manifest, [`${REGISTRY_PART_PREFIX}${funnelId}`]).map(
              (file) => `${config.base}${file}`,
            );
          const pages = await prerender.prerenderFirstPages();
          for (const page of pages) {
            const file = path.join(outDir, page.path, 'index.html');
            mkdirSync(path.dirname(file), { recursive: true });
            const funnelId = page.firstPageOf?.funnelId;
            writeFileSync(
              file,
              pageDocument(template, page, funnelId ? funnelFilesUrls(funnelId) : []),
            );
          }
          // Served at unknown paths, whose router draws this same page: the browser renders
          // it afresh (no data-prerendered), as the path it was drawn at is not the one opened.
          const notFound = await prerender.prerenderNotFoundPage();
          writeFileSync(
            path.join(outDir, '404.html'),
            pageDocument(template, notFound).replace(
              '<div id="root" data-prerendered>',
              '<div id="root">',
            ),
          );
          config.logger.info(
            `prerendered ${pages.map((page) => page.path).join(', ')} and 404.html`,
          );
        } finally {
          await server.close();
        }
      },
    },
  };
}
