import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import routeRules from './src/app/routeRules.json';
import { buildManifestPlugin } from './scripts/vite-plugin-build-manifest';
import { messagesPlugin } from './scripts/vite-plugin-messages';
import { precompiledValidatorsPlugin } from './scripts/vite-plugin-precompiled-validators';
import { prerenderPlugin } from './scripts/vite-plugin-prerender';
import { registryFilesPlugin } from './scripts/vite-plugin-registry-files';
import { studioPlugin } from './scripts/vite-plugin-studio';
import { localSecurityHeaders } from './scripts/lib/securityHeaders';
import { dependenciesToPreload } from './scripts/lib/modulePreloadRule';
import { siteContentPlugin, siteIdentityPlugin } from './scripts/vite-plugin-site-content';
import { notFoundPlugin } from './scripts/vite-plugin-not-found';
import { reactRouterTreeshakePlugin } from './scripts/vite-plugin-react-router-treeshake';

const HOST = '127.0.0.1';
const PORT = 5173;
/** The dev server's scripts and styles carry it (see localSecurityHeaders); builds have none. */
const DEV_NONCE = 'vehicle-claims-dev-server';

/**
 * React Router's build without its development warnings. The package's exports name only its
 * `development` build (the same code, with `ENABLE_DEV_WARNINGS` on); a production build of
 * the app takes the package's own `production` build instead (0.5 KB gz on every page).
 */
const REACT_ROUTER_PRODUCTION = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command, isPreview }) => {
  const devServer = command === 'serve' && !isPreview;
  return {
    // The app can be served under a sub-path (history mode with a base path, VITE_BASE_PATH).
    base: process.env.VITE_BASE_PATH ?? '/',
    plugins: [
      react(),
      registryFilesPlugin(),
      siteContentPlugin(import.meta.dirname),
      siteIdentityPlugin(import.meta.dirname),
      messagesPlugin(),
      // The funnel studio's save (dev server only: `apply: 'serve'`, and it refuses in preview).
      ...(devServer ? [studioPlugin()] : []),
      buildManifestPlugin({ routeRules }),
      precompiledValidatorsPlugin(),
      prerenderPlugin(),
      notFoundPlugin(),
      reactRouterTreeshakePlugin(),
    ],
    ...(devServer ? { html: { cspNonce: DEV_NONCE } } : {}),
    ...(command === 'build'
      ? { resolve: { alias: [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] } }
      : {}),
    // The compiled messages (virtual:messages/*) import the messageformat runtime, which the
    // dev server's scan of our files cannot see: bundled up front, the first staff page opened
    // does not make the dev server re-bundle its dependencies and reload the page.
    // Bundled for the dev server before the first page, with React: a package first met on a
    // later page (RJSF's, on the first page drawn by RJSF) would otherwise be bundled mid-visit
    // with a React of its own, and that page would fail ("reading 'useCallback'").
    optimizeDeps: {
      include: [
        '@messageformat/runtime',
        '@messageformat/runtime/lib/cardinals',
        '@rjsf/core',
        '@rjsf/utils',
        '@rjsf/validator-ajv8',
      ],
    },
    // Every local server sends the production security headers (firebase.json), so the app
    // is developed and tested under the policy it is deployed with.
    server: {
      host: HOST,
      port: PORT,
      strictPort: true,
      headers: localSecurityHeaders(import.meta.dirname, {
        nonce: DEV_NONCE,
        socketOrigin: `ws://${HOST}:${PORT}`,
      }),
    },
    preview: {
      host: HOST,
      port: PORT,
      strictPort: true,
      headers: localSecurityHeaders(import.meta.dirname, null),
    },
    // The manifest lets npm run bench follow the chunks a funnel step loads. Source maps are
    // written for error reports but not linked from the code, and firebase.json leaves them
    // out of the hosted site: the public gets no sources.
    build: {
      sourcemap: 'hidden',
      manifest: true,
      // A lazy file the first page's script imports is fetched by its own imports, not
      // preloaded, so that script does not name each of its files; nor does any list name the
      // files every page has loaded already (scripts/lib/modulePreloadRule.ts).
      // Every browser the build targets but Safari 16 preloads modules itself; there, the files
      // arrive through the imports, a little later. The polyfill cost every page 0.5 KB gz.
      modulePreload: {
        polyfill: false,
        resolveDependencies: (_file, deps, context) => dependenciesToPreload(deps, context),
      },
      rolldownOptions: {
        // src/runtime is declarations only (no work at the top of a module, no import for its
        // effect; `npm run effects:check` holds it to that), and JSON is data: a module none
        // of whose exports is used is left out, even when a room's index.ts re-exports it.
        // Without this, the first page carried what only later pages call (the answer
        // summary, the CSV, the stages file) because the shell imports a room's index.
        treeshake: {
          moduleSideEffects: (id: string) => !/[\\/]src[\\/]runtime[\\/]|\.json$/.test(id),
        },
        output: {
          codeSplitting: {
            groups: [
              // What every page runs (React, the router, the store) as one file, rather than a
              // file per sharing pattern: one request, and one compression window.
              {
                name: 'framework',
                test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|react-redux|redux|redux-thunk|immer|reselect|use-sync-external-store|@reduxjs[\\/]toolkit[\\/]dist(?![\\/]query))[\\/]/,
              },
              // What the first page runs of our own (every module the entry imports statically)
              // as one file too: 27 small files compressed apart cost some 5 KB gz more, and a
              // request each.
              { name: 'shell', tags: ['$initial'] },
            ],
          },
        },
      },
    },
  };
});
