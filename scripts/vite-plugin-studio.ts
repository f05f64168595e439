import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';
import { registryRoot } from './lib/registryFiles';
import { checkStudioEdits } from './lib/studioCheck';
import {
  readAllStudioFiles,
  readStudioFile,
  saveStudioFile,
  StudioFileError,
} from './lib/studioFiles';

/** The studio's endpoints under the dev server; src/app/pages/examples/studio/studioFiles.ts calls them. */
export const STUDIO_FILE_URL = '/__studio/file';
export const STUDIO_FILES_URL = '/__studio/files';
export const STUDIO_CHECK_URL = '/__studio/check';

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
 * out by Prettier, and `POST /__studio/check {edits}` to run funnels:check on the files as
 * edited (scripts/lib/studioCheck.ts). Only `funnels/*.json`, `funnels/examples/*.json` and
 * `schemas/*.json` of the registry root (REGISTRY_DIR when set) are reachable; errors are
 * `{error}` with a status. A saved file reloads the app like any edit
 * (vite-plugin-registry-files.ts).
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
        if (![STUDIO_FILE_URL, STUDIO_FILES_URL, STUDIO_CHECK_URL].includes(url.pathname)) {
          return next();
        }
        try {
          if (url.pathname === STUDIO_CHECK_URL && request.method === 'POST') {
            // Same origin only, like saving: the answer quotes the registry's files.
            refuseOtherOrigins(request);
            const body = parseBody<{ edits?: unknown }>(await readBody(request), '{"edits"}');
            return send(response, 200, await checkStudioEdits(root, body?.edits));
          }
          if (url.pathname === STUDIO_FILES_URL && request.method === 'GET') {
            return send(response, 200, { files: await readAllStudioFiles(root) });
          }
          if (url.pathname === STUDIO_FILE_URL && request.method === 'GET') {
            const path = url.searchParams.get('path');
            return send(response, 200, { path, text: await readStudioFile(root, path) });
          }
          if (url.pathname === STUDIO_FILE_URL && request.method === 'PUT') {
            refuseOtherOrigins(request, 'saving');
            const body = parseBody<{ path?: unknown; text?: unknown }>(
              await readBody(request),
              '{"path", "text"}',
            );
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

/**
 * Only the app itself saves or checks: a page of another site open in the same browser cannot
 * write the product owner's files through their dev server, or read them back in a check's
 * answer. A browser sends Origin with every PUT and POST; none, or `null` (a sandboxed frame, a
 * file), is refused like another site.
 */
function refuseOtherOrigins(request: IncomingMessage, what = 'checking'): void {
  if (!isSameOrigin(request.headers.origin, request.headers.host)) {
    throw new StudioFileError(
      `${what} is refused from ${request.headers.origin ?? 'a request without an Origin'}`,
      403,
    );
  }
}

function parseBody<T>(text: string, shape: string): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new StudioFileError(`the request body must be JSON: ${shape}`);
  }
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
