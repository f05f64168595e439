import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';
import { registryRoot } from './lib/registryFiles';
import {
  readAllStudioFiles,
  readStudioFile,
  saveStudioFile,
  StudioFileError,
} from './lib/studioFiles';

/** The studio's endpoints under the dev server; src/app/pages/examples/studio/studioFiles.ts calls them. */
export const STUDIO_FILE_URL = '/__studio/file';
export const STUDIO_FILES_URL = '/__studio/files';

/** Bodies larger than this are refused: the largest registry file is a few kilobytes. */
const MAX_BODY_BYTES = 1_000_000;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) reject(new StudioFileError('the request is too large', 413));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.statusCode = status;
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('Cache-Control', 'no-store');
  response.end(JSON.stringify(body));
}

/**
 * The funnel studio's file access under `npm start` (never in a build or preview): read the
 * registry's JSON files as written, and `PUT /__studio/file {path, text}` to save one, laid
 * out by Prettier. Only `funnels/*.json`, `funnels/examples/*.json` and `schemas/*.json` of
 * the registry root (REGISTRY_DIR when set) are reachable; errors are `{error}` with a
 * status. A saved file reloads the app like any edit (vite-plugin-registry-files.ts).
 */
export function studioPlugin(): Plugin {
  let root = process.cwd();
  let projectRoot = root;
  return {
    name: 'vehicle-claims:studio',
    apply: 'serve',
    configResolved(config) {
      projectRoot = config.root;
      root = registryRoot(config.root);
    },
    configureServer(server) {
      server.middlewares.use(async (request, response, next) => {
        const url = new URL(request.url ?? '/', 'http://localhost');
        if (url.pathname !== STUDIO_FILE_URL && url.pathname !== STUDIO_FILES_URL) return next();
        try {
          if (url.pathname === STUDIO_FILES_URL && request.method === 'GET') {
            return send(response, 200, { files: await readAllStudioFiles(root) });
          }
          if (url.pathname === STUDIO_FILE_URL && request.method === 'GET') {
            const path = url.searchParams.get('path');
            return send(response, 200, { path, text: await readStudioFile(root, path) });
          }
          if (url.pathname === STUDIO_FILE_URL && request.method === 'PUT') {
            // Only the app itself saves: a page of another site open in the same browser
            // cannot write the product owner's files through their dev server. A browser
            // sends Origin with every PUT; none, or `null` (a sandboxed frame, a file), is
            // refused like another site.
            if (!isSameOrigin(request.headers.origin, request.headers.host)) {
              throw new StudioFileError(
                `saving is refused from ${request.headers.origin ?? 'a request without an Origin'}`,
                403,
              );
            }
            let body: { path?: unknown; text?: unknown };
            try {
              body = JSON.parse(await readBody(request)) as typeof body;
            } catch (error) {
              if (error instanceof StudioFileError) throw error;
              throw new StudioFileError('the request body must be JSON: {"path", "text"}');
            }
            return send(
              response,
              200,
              await saveStudioFile(root, body?.path, body?.text, projectRoot),
            );
          }
          send(response, 405, { error: `${request.method} is not allowed on ${url.pathname}` });
        } catch (error) {
          const status = error instanceof StudioFileError ? error.status : 500;
          send(response, status, { error: (error as Error).message });
        }
      });
    },
  };
}

/** Whether an Origin header names this server (a missing or unparsable one does not). */
export function isSameOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (!origin || !host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
