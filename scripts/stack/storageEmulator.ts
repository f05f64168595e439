/**
 * Cloud Storage for the local stack: firebase-tools' own Storage emulator (its Node code, the
 * version pinned in package-lock.json) without its rules runtime. That runtime is a Java jar
 * firebase-tools downloads from a host these machines cannot reach, and nothing here needs it:
 * only the gateway reads and writes Storage, through the Admin SDK, whose requests the
 * emulator never checks against rules; browsers only PUT bytes to upload sessions the gateway
 * made. storage.rules denies every client, and with no rules loaded the emulator refuses every
 * request made for a browser user.
 *
 * What this adds to the emulator:
 * - Cloud Storage's chunked resumable uploads (Content-Range, 308 and Range, status queries):
 *   the emulator's own PUT to a session appends whatever it is sent and finalises at once,
 *   so a browser uploading in chunks, or resuming after a dropped connection, would store a
 *   wrong object locally and work differently in production;
 * - CORS on those PUTs as Cloud Storage answers them for a session made with an `origin`;
 * - persistence across restarts, saved incrementally in the emulator's own export format.
 *
 * `npm start` runs it as a process of its own (`node --import tsx
 * scripts/stack/storageEmulator.ts [--data-dir <dir>]`), so a large upload never holds the
 * stack script's event loop; SIGINT, SIGTERM or SIGHUP saves and stops it. It leans on
 * firebase-tools internals: each is named in `checkFirebaseToolsSeam`, which a start runs and
 * tests/integration/stack/storageSeam.test.ts asserts, so a new firebase-tools that moves one
 * fails loudly, naming it.
 */
import { randomUUID } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { parseArgs, stripVTControlCharacters } from 'node:util';
import { DEMO_PROJECT_ID, EMULATOR_HOST, EMULATOR_PORTS } from '../../src/runtime/constants';

// ---------------------------------------------------------------------------------------------
// The firebase-tools internals this module uses, as far as it uses them.

interface StorageEmulatorArgs {
  projectId: string;
  host: string;
  port: number;
  rules?: unknown;
  auto_download?: boolean;
  /** Ours: where the emulator keeps its blobs while it runs (read by getPersistenceTmpDir). */
  blobDir: string;
}

interface StoredMetadata {
  bucket: string;
  name: string;
  generation: number;
}

interface Upload {
  id: string;
  bucketId: string;
  objectId: string;
  status: string;
  /** Bytes received so far. */
  size: number;
}

interface UploadService {
  getResumableUpload(uploadId: string): Upload;
  continueResumableUpload(uploadId: string, data: Buffer): Upload;
  finalizeResumableUpload(uploadId: string): Upload;
}

interface StorageLayer {
  uploadObject(upload: Upload): Promise<StoredMetadata>;
  getMetadata(bucket: string, object: string): StoredMetadata | undefined;
  import(path: string, options: { initiatedBy: string }): void;
}

interface Persistence {
  readonly dirPath: string;
  getDiskFileName(fileName: string): string | undefined;
  getDiskPath(fileName: string): string;
  generateNewDiskName(): string;
  copyFromExternalPath(sourcePath: string, newName: string): void;
  _diskPathMap: Map<string, string>;
}

interface StorageEmulator {
  readonly args: StorageEmulatorArgs;
  readonly storageLayer: StorageLayer;
  readonly adminStorageLayer: StorageLayer;
  readonly uploadService: UploadService;
  getInfo(): { name: string; host: string; port: number };
  getName(): string;
  start(): Promise<void>;
  stop(): Promise<void>;
  getPersistenceTmpDir(): string;
}

/** Fields of the emulator it keeps to itself: the stored objects and where their bytes are. */
interface EmulatorInternals {
  _files: Map<string, { metadata: StoredMetadata }>;
  _buckets: Map<string, unknown>;
  _persistence: Persistence;
  _app?: unknown;
  destroyServer?: () => Promise<void>;
}

type StorageEmulatorClass = new (args: StorageEmulatorArgs) => StorageEmulator;
/** The emulator as this module runs it: with our upload handling and loading in its start(). */
interface LocalStorageEmulator extends StorageEmulator {
  frontage?: Frontage;
  beforeListening?: () => void;
}
type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

interface WinstonTransport {
  readonly level?: string;
}
interface FirebaseTools {
  version: string;
  StorageEmulator: StorageEmulatorClass;
  EmulatorRegistry: {
    start(instance: StorageEmulator): Promise<void>;
    stop(name: string): Promise<void>;
  };
  createApp(projectId: string, emulator: StorageEmulator): Promise<RequestListener>;
  StoredFileMetadata: { toJSON(metadata: StoredMetadata): string };
  CloudStorageObjectMetadata: new (metadata: StoredMetadata) => object;
  UploadStatus: { ACTIVE: string; FINISHED: string; CANCELLED: string };
  NotFoundError: new () => Error;
  constructDefaultAdminSdkConfig(projectId: string): { storageBucket: string };
  logger: { add(transport: WinstonTransport): void; remove(transport: WinstonTransport): void };
  winston: {
    transports: { Stream: new (options: object) => WinstonTransport };
    format: { printf(template: (info: Record<string | symbol, unknown>) => string): unknown };
  };
}

const toolsRoot = dirname(createRequire(import.meta.url).resolve('firebase-tools/package.json'));
const toolsRequire = createRequire(join(toolsRoot, 'package.json'));

/**
 * Every module path and exported name used, with what each must be. A new firebase-tools
 * that moves one is named here, rather than failing somewhere in the middle of a start.
 */
const SEAM_EXPORTS: Record<string, Record<string, 'function' | 'object'>> = {
  'lib/emulator/storage/index.js': { StorageEmulator: 'function' },
  'lib/emulator/registry.js': { EmulatorRegistry: 'function' },
  'lib/emulator/storage/server.js': { createApp: 'function' },
  'lib/emulator/storage/metadata.js': {
    StoredFileMetadata: 'function',
    CloudStorageObjectMetadata: 'function',
  },
  'lib/emulator/storage/upload.js': { UploadStatus: 'object' },
  'lib/emulator/storage/errors.js': { NotFoundError: 'function' },
  'lib/emulator/adminSdkConfig.js': { constructDefaultAdminSdkConfig: 'function' },
  'lib/logger.js': { logger: 'object' },
};

/** Methods (on the class, its prototype or an instance) each must still have. */
const SEAM_METHODS: Record<string, readonly string[]> = {
  'EmulatorRegistry (static)': ['start', 'stop'],
  'StoredFileMetadata (static)': ['toJSON'],
  StorageEmulator: ['start', 'stop', 'getInfo', 'getName', 'getPersistenceTmpDir'],
  'StorageEmulator.storageLayer': ['import', 'export', 'getMetadata', 'uploadObject'],
  'StorageEmulator.uploadService': [
    'startResumableUpload',
    'getResumableUpload',
    'continueResumableUpload',
    'finalizeResumableUpload',
  ],
  'StorageEmulator._persistence': [
    'getDiskFileName',
    'getDiskPath',
    'generateNewDiskName',
    'copyFromExternalPath',
    'deleteAll',
  ],
};

/**
 * The bodies of the methods StorageEmulatorWithoutRules replaces or copies, as firebase-tools 15.34.2
 * has them (whitespace aside). When one changes, what it now does must be looked at: a new
 * step in start() may be one the stack needs too.
 */
const SEAM_SOURCES: Record<string, string> = {
  'StorageEmulator.start':
    'async start() { const { host, port } = this.getInfo(); await this._rulesRuntime.start(this.args.auto_download); await this._rulesManager.start(); this._app = await (0, server_1.createApp)(this.args.projectId, this); const server = this._app.listen(port, host); this.destroyServer = utils.createDestroyer(server); }',
  'StorageEmulator.stop':
    'async stop() { await this._persistence.deleteAll(); await this._rulesRuntime.stop(); await this._rulesManager.stop(); return this.destroyServer ? this.destroyServer() : Promise.resolve(); }',
  'Persistence.copyFromExternalPath':
    'copyFromExternalPath(sourcePath, newName) { this._diskPathMap.set(newName, this.generateNewDiskName()); fse.copyFileSync(sourcePath, this.getDiskPath(newName)); }',
};

const squeeze = (source: string) => source.replace(/\s+/g, ' ').trim();

function requireTools(path: string): Record<string, unknown> {
  return toolsRequire(join(toolsRoot, path)) as Record<string, unknown>;
}

/** What is missing or changed among the modules and names (empty when all is as expected). */
function checkExports(): string[] {
  const problems: string[] = [];
  for (const [path, names] of Object.entries(SEAM_EXPORTS)) {
    let module: Record<string, unknown>;
    try {
      module = requireTools(path);
    } catch (error) {
      problems.push(`firebase-tools/${path} cannot be loaded: ${(error as Error).message}`);
      continue;
    }
    for (const [name, type] of Object.entries(names)) {
      if (typeof module[name] !== type) {
        problems.push(`firebase-tools/${path} no longer exports ${name} (a ${type})`);
      }
    }
  }
  try {
    toolsRequire('winston');
  } catch {
    problems.push('winston (the logger firebase-tools writes through) cannot be loaded');
  }
  return problems;
}

function methodProblems(where: string, target: unknown): string[] {
  return (SEAM_METHODS[where] ?? [])
    .filter((name) => typeof (target as Record<string, unknown> | undefined)?.[name] !== 'function')
    .map((name) => `${where}.${name} is no longer a function`);
}

let loaded: FirebaseTools | undefined;

/** The firebase-tools internals, checked; throws naming every one that moved. */
export function firebaseTools(): FirebaseTools {
  if (loaded) return loaded;
  const problems = checkExports();
  if (problems.length > 0) throw seamError(problems);
  const upload = requireTools('lib/emulator/storage/upload.js');
  const metadata = requireTools('lib/emulator/storage/metadata.js');
  const tools: FirebaseTools = {
    version: (toolsRequire('./package.json') as { version: string }).version,
    StorageEmulator: requireTools('lib/emulator/storage/index.js')
      .StorageEmulator as StorageEmulatorClass,
    EmulatorRegistry: requireTools('lib/emulator/registry.js')
      .EmulatorRegistry as FirebaseTools['EmulatorRegistry'],
    createApp: requireTools('lib/emulator/storage/server.js')
      .createApp as FirebaseTools['createApp'],
    StoredFileMetadata: metadata.StoredFileMetadata as FirebaseTools['StoredFileMetadata'],
    CloudStorageObjectMetadata:
      metadata.CloudStorageObjectMetadata as FirebaseTools['CloudStorageObjectMetadata'],
    UploadStatus: upload.UploadStatus as FirebaseTools['UploadStatus'],
    NotFoundError: requireTools('lib/emulator/storage/errors.js')
      .NotFoundError as FirebaseTools['NotFoundError'],
    constructDefaultAdminSdkConfig: requireTools('lib/emulator/adminSdkConfig.js')
      .constructDefaultAdminSdkConfig as FirebaseTools['constructDefaultAdminSdkConfig'],
    logger: requireTools('lib/logger.js').logger as FirebaseTools['logger'],
    winston: toolsRequire('winston') as FirebaseTools['winston'],
  };
  loaded = tools;
  return tools;
}

function seamError(problems: readonly string[]): Error {
  let version = 'unknown';
  try {
    version = (toolsRequire('./package.json') as { version: string }).version;
  } catch {
    // Reported below anyway.
  }
  return new Error(
    `firebase-tools ${version} moved what scripts/stack/storageEmulator.ts relies on ` +
      `(written against 15.34.2):\n- ${problems.join('\n- ')}`,
  );
}

/** What an emulator instance lacks of what this module reaches into. */
function instanceProblems(emulator: StorageEmulator): string[] {
  const tools = firebaseTools();
  const internals = emulator as unknown as EmulatorInternals;
  const problems = [
    ...methodProblems('EmulatorRegistry (static)', tools.EmulatorRegistry),
    ...methodProblems('StoredFileMetadata (static)', tools.StoredFileMetadata),
    ...methodProblems('StorageEmulator', emulator),
    ...methodProblems('StorageEmulator.storageLayer', emulator.storageLayer),
    ...methodProblems('StorageEmulator.storageLayer', emulator.adminStorageLayer).map((problem) =>
      problem.replace('storageLayer', 'adminStorageLayer'),
    ),
    ...methodProblems('StorageEmulator.uploadService', emulator.uploadService),
    ...methodProblems('StorageEmulator._persistence', internals._persistence),
  ];
  if (!(internals._files instanceof Map)) problems.push('StorageEmulator._files is not a Map');
  if (!(internals._buckets instanceof Map)) problems.push('StorageEmulator._buckets is not a Map');
  if (!(internals._persistence?._diskPathMap instanceof Map)) {
    problems.push('StorageEmulator._persistence._diskPathMap is not a Map');
  }
  if (internals._persistence?.dirPath !== emulator.args.blobDir) {
    problems.push(
      'StorageEmulator no longer keeps its blobs where getPersistenceTmpDir() says (its constructor changed)',
    );
  }
  const status = tools.UploadStatus;
  if (status.ACTIVE !== 'active' || status.FINISHED !== 'final' || !status.CANCELLED) {
    problems.push(`UploadStatus changed: ${JSON.stringify(status)}`);
  }
  const sources: Record<string, unknown> = {
    'StorageEmulator.start': tools.StorageEmulator.prototype.start,
    'StorageEmulator.stop': tools.StorageEmulator.prototype.stop,
    'Persistence.copyFromExternalPath': internals._persistence?.copyFromExternalPath,
  };
  for (const [name, method] of Object.entries(sources)) {
    const source = typeof method === 'function' ? squeeze(String(method)) : '(missing)';
    if (source !== squeeze(SEAM_SOURCES[name]!)) {
      problems.push(`${name} changed; review storageEmulator.ts against it. It is now: ${source}`);
    }
  }
  return problems;
}

/**
 * Everything this module relies on in firebase-tools, checked on a throwaway emulator (never
 * started): an empty list when all is as it was written against. A start runs it too.
 */
export function checkFirebaseToolsSeam(): string[] {
  const problems = checkExports();
  if (problems.length > 0) return problems;
  const blobDir = mkdtempSync(join(tmpdir(), 'storage-seam-'));
  try {
    return instanceProblems(createEmulator({ host: EMULATOR_HOST, port: 0, blobDir }));
  } finally {
    rmSync(blobDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// The emulator, started without its rules runtime, behind our upload handling.

/** Cloud Storage's chunk granularity: every chunk but the last is a multiple of it. */
export const CHUNK_GRANULARITY = 256 * 1024;
/** The largest request body taken: the emulator's own limit on an upload's body. */
const MAX_REQUEST_BYTES = 130 * 1024 * 1024;
const UPLOAD_PATH = /^\/upload\/storage\/v1\/b\/([^/]+)\/o$/;

interface Frontage {
  /** Answers the request itself and returns true, or returns false to leave it to the emulator. */
  handle(request: IncomingMessage, response: ServerResponse): boolean;
}

let createdClass: StorageEmulatorClass | undefined;

/** The emulator class with start() and stop() that leave out the rules runtime and manager. */
function localEmulatorClass(): StorageEmulatorClass {
  if (createdClass) return createdClass;
  const tools = firebaseTools();
  class StorageEmulatorWithoutRules extends tools.StorageEmulator {
    server: Server | undefined;
    frontage: Frontage | undefined;
    /** Run once the registry knows the emulator (importing buckets asks it for the address). */
    beforeListening: (() => void) | undefined;

    // Called by the base constructor (this.args is set first), and again by reset().
    override getPersistenceTmpDir(): string {
      return this.args.blobDir;
    }

    override async start(): Promise<void> {
      const { host, port } = this.getInfo();
      const app = await tools.createApp(this.args.projectId, this);
      (this as unknown as EmulatorInternals)._app = app;
      this.beforeListening?.();
      const frontage = this.frontage;
      const server = createServer((request, response) => {
        if (!frontage?.handle(request, response)) app(request, response);
      });
      await new Promise<void>((listening, failed) => {
        server.once('error', failed);
        server.listen(port, host, () => {
          server.off('error', failed);
          listening();
        });
      });
      this.server = server;
    }

    override async stop(): Promise<void> {
      const server = this.server;
      this.server = undefined;
      if (server) {
        await new Promise<void>((closed) => {
          server.close(() => closed());
          // An upload in flight is cut off: its session dies with this process anyway.
          server.closeAllConnections();
        });
      }
      rmSync(this.args.blobDir, { recursive: true, force: true });
    }
  }
  createdClass = StorageEmulatorWithoutRules as unknown as StorageEmulatorClass;
  return createdClass;
}

function createEmulator(options: {
  host: string;
  port: number;
  blobDir: string;
}): LocalStorageEmulator {
  const Emulator = localEmulatorClass();
  return new Emulator({
    projectId: DEMO_PROJECT_ID,
    host: options.host,
    port: options.port,
    auto_download: false,
    blobDir: options.blobDir,
  });
}

// `bytes */TOTAL` or `bytes */*` asks how much has been received (and finishes, at TOTAL);
// `bytes FIRST-LAST/TOTAL` carries bytes, LAST or TOTAL `*` when not known (a `*` LAST: up to
// the end of the body).
type ContentRange =
  | { kind: 'query'; total: number | undefined }
  | { kind: 'bytes'; first: number; last: number | undefined; total: number | undefined };

const numberOrUnknown = (text: string) => (text === '*' ? undefined : Number(text));

/** A Content-Range header as Cloud Storage reads it on a resumable upload; undefined if not one. */
export function parseContentRange(header: string): ContentRange | undefined {
  const query = /^bytes \*\/(\d+|\*)$/i.exec(header.trim());
  if (query) return { kind: 'query', total: numberOrUnknown(query[1]!) };
  const bytes = /^bytes (\d+)-(\d+|\*)\/(\d+|\*)$/i.exec(header.trim());
  if (!bytes) return undefined;
  return {
    kind: 'bytes',
    first: Number(bytes[1]),
    last: numberOrUnknown(bytes[2]!),
    total: numberOrUnknown(bytes[3]!),
  };
}

class TooLarge extends Error {}

function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((done, failed) => {
    const parts: Buffer[] = [];
    let length = 0;
    request.on('data', (part: Buffer) => {
      length += part.length;
      // The rest is read and dropped, so the answer (413) reaches the client.
      if (length > limit) return failed(new TooLarge());
      parts.push(part);
    });
    request.on('end', () => done(Buffer.concat(parts)));
    request.on('error', failed);
  });
}

/**
 * Our handling of what the emulator gets wrong for browsers: chunked PUTs to a resumable
 * session and their CORS. Everything else goes to the emulator's own app unchanged.
 */
function frontageFor(emulator: StorageEmulator, log: (line: string) => void): Frontage {
  const tools = firebaseTools();
  const uploads = emulator.uploadService;
  const layer = emulator.adminStorageLayer;
  /** The origin each session was made for, as Cloud Storage keeps it (null: made without one). */
  const origins = new Map<string, string | null>();

  const sessionOf = (uploadId: string): Upload | undefined => {
    try {
      return uploads.getResumableUpload(uploadId);
    } catch (error) {
      if (error instanceof tools.NotFoundError) return undefined;
      throw error;
    }
  };

  /**
   * CORS headers for a request to a session: the session's origin when the request comes from
   * it; none for another origin or a session made without one (the browser then refuses the
   * answer, as with Cloud Storage). A session unknown here (ended by a restart) answers any
   * origin, so the page can read the 404 and start a new session.
   */
  const corsHeaders = (request: IncomingMessage, uploadId: string): Record<string, string> => {
    const origin = request.headers.origin;
    if (!origin) return {};
    const known = sessionOf(uploadId) !== undefined;
    if (known && origins.get(uploadId) !== origin) return { Vary: 'Origin' };
    return {
      'Access-Control-Allow-Origin': origin,
      'Access-Control-Expose-Headers': 'Range',
      Vary: 'Origin',
    };
  };

  const send = (
    response: ServerResponse,
    status: number,
    headers: Record<string, string>,
    body?: unknown,
  ) => {
    if (body === undefined) {
      response.writeHead(status, headers).end();
      return;
    }
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    response
      .writeHead(status, {
        ...headers,
        'Content-Type':
          typeof body === 'string'
            ? 'text/plain; charset=utf-8'
            : 'application/json; charset=utf-8',
      })
      .end(text);
  };

  /** 308 Resume Incomplete, with the bytes kept so far (no Range when there are none). */
  const incomplete = (response: ServerResponse, cors: Record<string, string>, received: number) =>
    send(response, 308, received > 0 ? { ...cors, Range: `bytes=0-${received - 1}` } : cors);

  const objectOf = (metadata: StoredMetadata) => new tools.CloudStorageObjectMetadata(metadata);

  async function finish(uploadId: string): Promise<object> {
    const upload = uploads.finalizeResumableUpload(uploadId);
    origins.delete(uploadId);
    return objectOf(await layer.uploadObject(upload));
  }

  async function put(
    request: IncomingMessage,
    response: ServerResponse,
    uploadId: string,
    range: ContentRange,
  ): Promise<void> {
    // The body first: the session's state is looked at after it has all arrived, when no
    // other request to the session can change it before this one is answered.
    let body: Buffer;
    try {
      body = await readBody(request, MAX_REQUEST_BYTES);
    } catch (error) {
      if (error instanceof TooLarge) return send(response, 413, corsHeaders(request, uploadId));
      throw error;
    }
    const cors = corsHeaders(request, uploadId);
    const upload = sessionOf(uploadId);
    if (!upload) {
      return send(response, 404, cors, 'No such upload session (ended, or lost in a restart)');
    }
    if (upload.status === tools.UploadStatus.FINISHED) {
      // A retry of the request that finished it, whose answer was lost: the object, again.
      const stored = layer.getMetadata(upload.bucketId, upload.objectId);
      return stored ? send(response, 200, cors, objectOf(stored)) : send(response, 404, cors);
    }
    if (upload.status !== tools.UploadStatus.ACTIVE) {
      return send(response, 410, cors, 'This upload session was cancelled');
    }
    const received = upload.size;
    if (range.kind === 'query') {
      if (body.length > 0) return send(response, 400, cors, 'A status query carries no bytes');
      if (range.total !== undefined && range.total < received) {
        return send(response, 400, cors, `Already received ${received} bytes`);
      }
      if (range.total === received) return send(response, 200, cors, await finish(uploadId));
      return incomplete(response, cors, received);
    }
    const { first, last, total } = range;
    if (last !== undefined && (last < first || body.length !== last - first + 1)) {
      return send(
        response,
        400,
        cors,
        `Content-Range does not match the ${body.length} bytes sent`,
      );
    }
    if (first !== received) {
      // A chunk sent again after its answer was lost, or out of order: its bytes are dropped
      // and the client learns from Range where to go on.
      return incomplete(response, cors, received);
    }
    const end = received + body.length;
    if (total !== undefined && end > total) {
      return send(response, 400, cors, `Content-Range goes past the object's ${total} bytes`);
    }
    // The object is whole when its total is reached, or at the end of a request that sent
    // "the rest" (`FIRST-*`) without saying a total (the Node client's one-request upload).
    const completes = total !== undefined ? end === total : last === undefined;
    if (!completes && last !== undefined && body.length % CHUNK_GRANULARITY !== 0) {
      return send(
        response,
        400,
        cors,
        `Every chunk but the last must be a multiple of ${CHUNK_GRANULARITY} bytes; this one has ${body.length}`,
      );
    }
    if (body.length > 0) uploads.continueResumableUpload(uploadId, body);
    if (completes) return send(response, 200, cors, await finish(uploadId));
    return incomplete(response, cors, end);
  }

  function preflight(request: IncomingMessage, response: ServerResponse, uploadId: string) {
    const cors = corsHeaders(request, uploadId);
    const allowed = 'Access-Control-Allow-Origin' in cors;
    send(
      response,
      200,
      allowed
        ? {
            ...cors,
            'Access-Control-Allow-Methods': 'PUT',
            'Access-Control-Allow-Headers': 'Content-Range, Content-Type',
            'Access-Control-Max-Age': '3600',
          }
        : cors,
    );
  }

  /** Notes the origin a session is made for, from the Location the emulator answers with. */
  function watchSessionStart(request: IncomingMessage, response: ServerResponse) {
    const origin = typeof request.headers.origin === 'string' ? request.headers.origin : null;
    const setHeader = response.setHeader.bind(response);
    response.setHeader = (name: string, value: number | string | readonly string[]) => {
      if (name.toLowerCase() === 'location') {
        try {
          const uploadId = new URL(String(value)).searchParams.get('upload_id');
          if (uploadId) origins.set(uploadId, origin);
        } catch {
          // Not a session's address: nothing to note.
        }
      }
      return setHeader(name, value);
    };
  }

  return {
    handle(request, response) {
      const url = new URL(request.url ?? '/', 'http://storage.local');
      if (!UPLOAD_PATH.test(url.pathname)) return false;
      const uploadId = url.searchParams.get('upload_id');
      if (request.method === 'POST' && !uploadId) {
        watchSessionStart(request, response);
        return false;
      }
      if (!uploadId) return false;
      if (request.method === 'OPTIONS') {
        preflight(request, response, uploadId);
        return true;
      }
      const header = request.headers['content-range'];
      // Without Content-Range a PUT is the whole object: the emulator's own handling is right.
      if (request.method !== 'PUT' || header === undefined) return false;
      const range = parseContentRange(header);
      if (!range) {
        send(response, 400, corsHeaders(request, uploadId), `Unreadable Content-Range: ${header}`);
        return true;
      }
      put(request, response, uploadId, range).catch((error: Error) => {
        log(`Error answering a PUT to upload session ${uploadId}: ${error.stack ?? error.message}`);
        if (!response.headersSent) send(response, 500, {}, 'Internal error');
        else response.destroy();
      });
      return true;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Persistence: the emulator's export format, written incrementally.

interface SavedObject {
  /** Its file name in blobs/ (and, with .json, in metadata/). */
  blob: string;
  /** The emulator's name for its bytes when they were saved: a new one means new bytes. */
  liveBlob: string;
  /** Its metadata as saved. */
  json: string;
}

export interface SaveResult {
  /** Objects whose bytes or metadata were written. */
  written: number;
  /** Objects removed because they were deleted. */
  removed: number;
}

/** A hard link when it can be (same file system), a copy otherwise. */
function linkOrCopy(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

function writeAtomically(file: string, text: string): void {
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
}

function removeQuietly(file: string): void {
  rmSync(file, { force: true });
}

/**
 * Stored objects kept in `dir` in the layout of the emulator's own export (buckets.json,
 * metadata/<blob>.json, blobs/<blob>), which its StorageLayer.import reads. A save writes only
 * the objects added, replaced or changed, and removes the deleted ones: never every blob. Bytes
 * are hard links to the emulator's own files, which it never writes to once an object is
 * stored (a new upload or copy gets a new file). Each step leaves a readable store if the
 * process dies: a blob is in place before its metadata, and load() tidies what a cut-short
 * save left.
 */
class StorageStore {
  private readonly saved = new Map<string, SavedObject>();
  private savedBuckets: string | undefined;
  private readonly blobs: string;
  private readonly metadata: string;

  constructor(
    private readonly dir: string,
    private readonly emulator: StorageEmulator,
    private readonly log: (line: string) => void,
  ) {
    this.blobs = join(dir, 'blobs');
    this.metadata = join(dir, 'metadata');
  }

  private get internals(): EmulatorInternals {
    return this.emulator as unknown as EmulatorInternals;
  }

  /** Loads the saved objects into the emulator; returns how many. */
  load(): number {
    mkdirSync(this.blobs, { recursive: true });
    mkdirSync(this.metadata, { recursive: true });
    const kept = this.tidy();
    const bucketsFile = join(this.dir, 'buckets.json');
    if (!existsSync(bucketsFile)) {
      const ids = [...new Set([...kept.values()].map((entry) => entry.bucket))];
      writeAtomically(bucketsFile, JSON.stringify({ buckets: ids.map((id) => ({ id })) }, null, 2));
    }
    this.savedBuckets = readFileSync(bucketsFile, 'utf8');
    // The emulator's import copies every blob into its own folder; a link does the same
    // without the copying (its own copyFromExternalPath, but for the link).
    const persistence = this.internals._persistence;
    persistence.copyFromExternalPath = (sourcePath, newName) => {
      persistence._diskPathMap.set(newName, persistence.generateNewDiskName());
      linkOrCopy(sourcePath, persistence.getDiskPath(newName));
    };
    try {
      this.emulator.storageLayer.import(this.dir, { initiatedBy: 'npm start' });
    } finally {
      delete (persistence as Partial<Persistence>).copyFromExternalPath;
    }
    // What was loaded counts as saved, under the names the emulator now has for its bytes.
    const { StoredFileMetadata } = firebaseTools();
    for (const [key, file] of this.internals._files) {
      const blob = kept.get(`${file.metadata.bucket}\n${file.metadata.name}`)?.blob;
      const liveBlob = persistence.getDiskFileName(key);
      if (!blob || !liveBlob) continue;
      this.saved.set(key, { blob, liveBlob, json: StoredFileMetadata.toJSON(file.metadata) });
    }
    return this.saved.size;
  }

  /**
   * Removes what a save cut short left behind: temporary files, metadata without its blob (a
   * removal cut short), blobs without metadata (a write cut short), and an object's older
   * version when a replacement was cut short before the old one went. Returns what is kept,
   * by bucket and object name.
   */
  private tidy(): Map<string, { blob: string; bucket: string; generation: number }> {
    const kept = new Map<string, { blob: string; bucket: string; generation: number }>();
    const drop = (blob: string) => {
      removeQuietly(join(this.metadata, `${blob}.json`));
      removeQuietly(join(this.blobs, blob));
    };
    for (const name of readdirSync(this.metadata)) {
      const file = join(this.metadata, name);
      if (name.endsWith('.tmp')) {
        removeQuietly(file);
        continue;
      }
      if (!name.endsWith('.json')) continue;
      const blob = name.slice(0, -'.json'.length);
      if (!existsSync(join(this.blobs, blob))) {
        removeQuietly(file);
        continue;
      }
      let metadata: StoredMetadata;
      try {
        metadata = JSON.parse(readFileSync(file, 'utf8')) as StoredMetadata;
      } catch (error) {
        // The import would stop at it; put aside (it is not read again), not deleted.
        renameSync(file, `${file}.unreadable`);
        console.error(
          `Warning: saved Storage metadata ${file} is unreadable (${(error as Error).message}); kept as ${file}.unreadable`,
        );
        continue;
      }
      const id = `${metadata.bucket}\n${metadata.name}`;
      const other = kept.get(id);
      if (other && other.generation >= metadata.generation) {
        drop(blob);
        continue;
      }
      if (other) drop(other.blob);
      kept.set(id, { blob, bucket: metadata.bucket, generation: metadata.generation });
    }
    const blobsKept = new Set([...kept.values()].map((entry) => entry.blob));
    for (const name of readdirSync(this.blobs)) {
      if (!blobsKept.has(name)) removeQuietly(join(this.blobs, name));
    }
    return kept;
  }

  /** Writes what changed since the last save (synchronously: the emulator cannot change meanwhile). */
  save(): SaveResult {
    const { StoredFileMetadata } = firebaseTools();
    const { _files: files, _buckets: buckets, _persistence: persistence } = this.internals;
    const result: SaveResult = { written: 0, removed: 0 };
    const bucketList = JSON.stringify(
      { buckets: [...buckets.keys()].map((id) => ({ id })) },
      null,
      2,
    );
    if (bucketList !== this.savedBuckets) {
      writeAtomically(join(this.dir, 'buckets.json'), bucketList);
      this.savedBuckets = bucketList;
    }
    for (const [key, file] of files) {
      const liveBlob = persistence.getDiskFileName(key);
      if (!liveBlob) continue;
      const json = StoredFileMetadata.toJSON(file.metadata);
      const before = this.saved.get(key);
      if (before?.liveBlob === liveBlob && before.json === json) continue;
      try {
        if (before?.liveBlob === liveBlob) {
          // Same bytes, new metadata (a download token, a metadata update).
          writeAtomically(join(this.metadata, `${before.blob}.json`), json);
          this.saved.set(key, { ...before, json });
        } else {
          const blob = randomUUID();
          const target = join(this.blobs, blob);
          linkOrCopy(join(persistence.dirPath, liveBlob), `${target}.tmp`);
          renameSync(`${target}.tmp`, target);
          writeAtomically(join(this.metadata, `${blob}.json`), json);
          if (before) {
            removeQuietly(join(this.metadata, `${before.blob}.json`));
            removeQuietly(join(this.blobs, before.blob));
          }
          this.saved.set(key, { blob, liveBlob, json });
        }
        result.written += 1;
      } catch (error) {
        // Tried again at the next save; the last saved version stays meanwhile.
        this.log(`Error saving Storage object ${key}: ${(error as Error).message}`);
      }
    }
    for (const [key, before] of this.saved) {
      if (files.has(key)) continue;
      removeQuietly(join(this.metadata, `${before.blob}.json`));
      removeQuietly(join(this.blobs, before.blob));
      this.saved.delete(key);
      result.removed += 1;
    }
    return result;
  }
}

// ---------------------------------------------------------------------------------------------

export interface StorageEmulatorOptions {
  host: string;
  port: number;
  /** Where stored objects are kept across runs; undefined means start empty and keep nothing. */
  dataDir?: string;
  /** How often what changed is saved (with a dataDir). */
  saveEveryMs?: number;
  /** Where firebase-tools' log lines and our own go. */
  log: (line: string) => void;
}

export interface RunningStorageEmulator {
  /** How many stored objects were loaded from the dataDir. */
  loaded: number;
  /** The emulator's own folder for the bytes it holds, this run's alone; removed at stop. */
  blobDir: string;
  /** Saves what changed now (nothing without a dataDir). */
  save(): SaveResult;
  /** Saves, stops serving and removes the emulator's own blob folder. */
  stop(): Promise<void>;
}

/**
 * The emulator's warnings when a client request meets no rules, which blame a syntax error in
 * rules it never loaded: said as what happened here instead.
 */
const NO_RULESET = /no Storage ruleset is currently loaded|SDK request with no loaded ruleset/;
const CLIENT_REFUSED =
  '⚠  Refused a request to the Firebase Storage API (a browser SDK call): only the gateway ' +
  'uses Storage, and browsers upload to sessions it makes (storage.rules denies every client).';

/** Routes firebase-tools' logger (silent by default, outside its CLI) to `log`, info and up. */
function routeToolsLog(log: (line: string) => void): WinstonTransport {
  const { winston, logger } = firebaseTools();
  const splat = Symbol.for('splat');
  const transport = new winston.transports.Stream({
    level: 'info',
    stream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n')) if (line.trim()) log(line);
        done();
      },
    }),
    format: winston.format.printf((info) => {
      const parts = [info.message, ...((info[splat] as unknown[] | undefined) ?? [])];
      const text = stripVTControlCharacters(
        parts.filter((part) => typeof part === 'string').join(' '),
      );
      return `[${String(info.level)}] ${NO_RULESET.test(text) ? CLIENT_REFUSED : text}`;
    }),
  });
  logger.add(transport);
  return transport;
}

/**
 * Starts the Storage emulator through firebase-tools' emulator registry (which the emulator
 * asks for its own address), with what dataDir holds loaded. Refuses, naming what changed,
 * when firebase-tools no longer has what this module relies on.
 */
export async function startStorageEmulator(
  options: StorageEmulatorOptions,
): Promise<RunningStorageEmulator> {
  const tools = firebaseTools();
  // A folder of its own per run (not firebase-tools' shared one in the temp folder), so two
  // stacks never share it. Beside the saved data when there is some, so saving is linking.
  let blobDir: string;
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    removeStaleRunFolders(options.dataDir);
    blobDir = mkdtempSync(join(options.dataDir, `.run-${process.pid}-`));
  } else {
    blobDir = mkdtempSync(join(tmpdir(), 'storage-emulator-'));
  }
  const transport = routeToolsLog(options.log);
  let emulator: LocalStorageEmulator | undefined;
  try {
    emulator = createEmulator({ host: options.host, port: options.port, blobDir });
    const problems = instanceProblems(emulator);
    if (problems.length > 0) throw seamError(problems);
    emulator.frontage = frontageFor(emulator, options.log);
    const store = options.dataDir
      ? new StorageStore(options.dataDir, emulator, options.log)
      : undefined;
    let loaded = 0;
    emulator.beforeListening = () => (loaded = store?.load() ?? 0);
    await tools.EmulatorRegistry.start(emulator);
    const save = (): SaveResult => store?.save() ?? { written: 0, removed: 0 };
    const autosave = store
      ? setInterval(() => {
          const { written, removed } = save();
          if (written + removed > 0) {
            options.log(`Saved ${written} changed and removed ${removed} deleted Storage objects`);
          }
        }, options.saveEveryMs ?? 10_000)
      : undefined;
    autosave?.unref();
    let stopping: Promise<void> | undefined;
    const running = emulator;
    return {
      loaded,
      blobDir,
      save,
      stop: () =>
        (stopping ??= (async () => {
          clearInterval(autosave);
          const { written, removed } = save();
          if (written + removed > 0) {
            options.log(`Saved ${written} changed and removed ${removed} deleted Storage objects`);
          }
          await tools.EmulatorRegistry.stop(running.getName());
          // The registry swallows a failed stop; the folder must go either way.
          rmSync(blobDir, { recursive: true, force: true });
          tools.logger.remove(transport);
        })()),
    };
  } catch (error) {
    if (emulator) await tools.EmulatorRegistry.stop(emulator.getName()).catch(() => undefined);
    rmSync(blobDir, { recursive: true, force: true });
    tools.logger.remove(transport);
    throw error;
  }
}

/** Blob folders of earlier runs in `dir` whose process is gone (killed before it could tidy). */
function removeStaleRunFolders(dir: string): void {
  for (const name of readdirSync(dir)) {
    const match = /^\.run-(\d+)-/.exec(name);
    if (!match) continue;
    const pid = Number(match[1]);
    let alive = pid !== process.pid;
    if (alive) {
      try {
        process.kill(pid, 0);
      } catch {
        alive = false;
      }
    }
    if (!alive) rmSync(join(dir, name), { recursive: true, force: true });
  }
}

/** `node --import tsx scripts/stack/storageEmulator.ts [--data-dir <dir>] [--save-every-ms <n>]` */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      'save-every-ms': { type: 'string' },
    },
  });
  const dataDir = values['data-dir'] ? resolve(values['data-dir']) : undefined;
  const log = (line: string) => console.log(line);
  let running: RunningStorageEmulator;
  try {
    running = await startStorageEmulator({
      host: EMULATOR_HOST,
      port: EMULATOR_PORTS.storage,
      dataDir,
      saveEveryMs: values['save-every-ms'] ? Number(values['save-every-ms']) : undefined,
      log,
    });
  } catch (error) {
    console.error(`Storage emulator failed to start: ${(error as Error).message}`);
    process.exit(1);
  }
  log(
    `Storage emulator on http://${EMULATOR_HOST}:${EMULATOR_PORTS.storage}` +
      (dataDir ? `, ${running.loaded} stored objects loaded from ${dataDir}` : ', keeping nothing'),
  );
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    running.stop().then(
      () => process.exit(0),
      (error: Error) => {
        console.error(`Storage emulator failed to stop cleanly: ${error.message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.on('SIGHUP', stop);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
