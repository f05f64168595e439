/**
 * Unknown paths get HTTP 404 from the dev server and `vite preview`, as from Firebase
 * Hosting (firebase.json's rewrite, written from src/app/servedPaths.ts by
 * scripts/lib/hostingRewrites.ts, serves the app only at those paths, and dist/404.html
 * everywhere else): Vite's own history fallback would answer 200 with the app
 * shell. The page is the app's own Not Found page: the build's prerendered dist/404.html in
 * preview, the app shell (whose router draws it) on the dev server.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Connect, Plugin, ResolvedConfig } from 'vite';
import { pathPatternsRegexSource } from '../src/runtime/web';
import { servedPathsWithFunnels } from './lib/servedFormPaths';

/** The app's paths, each funnel's pages named (read again each time on the dev server). */
const servedPaths = (root: string) =>
  new RegExp(pathPatternsRegexSource(servedPathsWithFunnels(root)));

/**
 * The path of a request nothing answers (no page of the app and, by `isFile`, no file), or
 * null for anything else. `isFile` says whether a path with a file extension exists; the dev
 * server cannot tell (its modules are compiled on request), so there such paths are its own.
 */
function unknownPath(
  req: Connect.IncomingMessage,
  base: string,
  isFile: (appPath: string) => boolean | undefined,
  served: () => RegExp,
): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
  } catch {
    return null;
  }
  if (!pathname.startsWith(base)) return null;
  const appPath = `/${pathname.slice(base.length)}`;
  // Vite's own addresses (/@vite/client, /@fs/..., /node_modules/...) are its to answer.
  if (/^\/(@|node_modules\/|__)/.test(appPath)) return null;
  // A file (a script, a style, /builds/latest.json), as Firebase Hosting serves it.
  if (/\.[A-Za-z0-9]+$/.test(appPath)) return isFile(appPath) === false ? appPath : null;
  return served().test(appPath) ? null : appPath;
}

function notFound(
  res: Parameters<Connect.NextHandleFunction>[1],
  html: string,
  headers: Record<string, string> | undefined,
): void {
  res.statusCode = 404;
  for (const [name, value] of Object.entries(headers ?? {})) res.setHeader(name, value);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache');
  res.end(html);
}

export function notFoundPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'vehicle-claims:not-found',
    configResolved(resolved) {
      config = resolved;
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        // A funnel written or fixed while the server runs is served at once; a broken one
        // keeps its pages, where the app names its problems for its owner.
        const unknown = unknownPath(
          req,
          config.base,
          () => undefined,
          () => servedPaths(config.root),
        );
        if (!unknown) return next();
        const shell = readFileSync(path.join(config.root, 'index.html'), 'utf8');
        server
          .transformIndexHtml(unknown, shell, req.originalUrl)
          .then((html) => notFound(res, html, config.server.headers as Record<string, string>))
          .catch(next);
      });
    },
    configurePreviewServer(server) {
      const outDir = path.resolve(config.root, config.build.outDir);
      const page = path.join(outDir, '404.html');
      const isFile = (appPath: string) => existsSync(path.join(outDir, path.normalize(appPath)));
      // The build's funnels: those of the registry it was built from.
      const served = servedPaths(config.root);
      server.middlewares.use((req, res, next) => {
        const unknown = unknownPath(req, config.base, isFile, () => served);
        if (!unknown || !existsSync(page)) return next();
        notFound(res, readFileSync(page, 'utf8'), config.preview.headers as Record<string, string>);
      });
    },
  };
}
