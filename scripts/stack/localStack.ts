import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import {
  COLLECTIONS,
  DEMO_PROJECT_ID,
  EMULATOR_HOST,
  EMULATOR_PORTS,
  FUNCTIONS_REGION,
} from '../../src/runtime/constants';
import { startFirestoreEmulator, type RunningFirestoreEmulator } from './firestoreEmulator';
import { firestorePersistence, type FirestorePersistence } from './firestorePersistence';
import { restoreAnonymousSessions } from './anonymousSessions';
import {
  isPortInUse,
  startProcess,
  stopProcess,
  waitWhileProgressing,
  type ManagedProcess,
} from './processes';
import { descendantsOf, listProcesses, signal } from './processTree';

const root = resolve(import.meta.dirname, '../..');
/** Where a stack with no data folder of its own lets firebase-tools write (`npm start`'s). */
const DEFAULT_DATA_DIR = join(root, '.data', 'local');
const bin = (name: string) => join(root, 'node_modules/.bin', name);

export const GATEWAY_URL = `http://${EMULATOR_HOST}:${EMULATOR_PORTS.functions}/${DEMO_PROJECT_ID}/${FUNCTIONS_REGION}/gateway`;
export const WEB_URL = `http://${EMULATOR_HOST}:${EMULATOR_PORTS.web}`;
export const STORAGE_URL = `http://${EMULATOR_HOST}:${EMULATOR_PORTS.storage}`;

export interface LocalStackOptions {
  /** Where local data is kept across runs; undefined means start empty and keep nothing. */
  dataDir?: string;
  /**
   * `dev`: Vite dev server with hot reload; `preview`: a production build served as is;
   * `none`: the backend only (the bench serves its own build).
   */
  web: 'dev' | 'preview' | 'none';
  /**
   * `firestore`: only the Firestore emulator, saved by this process as on every stop, with the
   * watchdog; nothing else (the stack's own tests stop that many times over, cheaply).
   */
  only?: 'firestore';
  log: (line: string) => void;
  /** Extra environment for the gateway (for example outside-service base URLs in tests). */
  gatewayEnv?: Record<string, string>;
  /** Where `log` keeps its lines: named when a start fails. */
  logFile?: string;
  /** Told now and then while a slow machine is still starting something. */
  onStillStarting?: (what: string, seconds: number) => void;
  /**
   * A process of the running stack (or its watchdog) ended by itself: killed, or crashed. The
   * stack is no longer whole; the caller decides (`npm start` stops everything and says so).
   */
  onProcessEnded?: (name: string, how: string) => void;
  /**
   * Told of every document the local Firestore writes (created, changed or deleted), as it
   * writes it: the bench counts how often any one document is written.
   */
  onFirestoreWrite?: (path: string) => void;
}

/**
 * How long a process being waited for may show no sign of work (no output, no CPU time)
 * before a start gives up. A start that is still working is never cut short: a busy laptop
 * took nearly five minutes to load the gateway.
 */
const START_STALL_MS = 180_000;

export interface LocalStack {
  stop(): Promise<void>;
  /** The Firestore emulator, which runs in this process: its memory can be read directly. */
  firestore: RunningFirestoreEmulator;
}

async function gatewayAnswers(): Promise<boolean> {
  // A CORS preflight is answered by the callable itself (204) once the function is loaded,
  // without running the gateway, so start-up logs no rejected call; until then the
  // emulator answers 404 (or nothing at all).
  const response = await fetch(GATEWAY_URL, {
    method: 'OPTIONS',
    headers: {
      Origin: WEB_URL,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type',
    },
  });
  return response.status === 204;
}

/** The Storage emulator's Cloud Storage API answers (it listens once saved objects are loaded). */
async function storageAnswers(): Promise<boolean> {
  return (await fetch(`${STORAGE_URL}/b`)).ok;
}

/**
 * firebase-tools writes its debug log, and exports into a temporary folder before swapping it
 * in, in the folder it runs in: the data folder, so neither is ever left beside the project's
 * files (a killed run left claimants' accounts there). `--config` still names the project.
 */
function firebaseToolsDir(dataDir: string | undefined): string {
  const dir = dataDir ?? DEFAULT_DATA_DIR;
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** firebase-tools' temporary export folder: `firebase-export-<ms>` and mkdtemp's six characters. */
const UNFINISHED_EXPORT = /^firebase-export-\d+[A-Za-z0-9]{6}$/;

/**
 * Removes exports a killed run left unfinished (the finished one was swapped into place): in
 * the data folder, and in the project's root, where versions before this one made them.
 */
function removeUnfinishedExports(dirs: readonly string[]): void {
  for (const dir of dirs) {
    for (const name of readdirSync(dir)) {
      if (UNFINISHED_EXPORT.test(name)) rmSync(join(dir, name), { recursive: true, force: true });
    }
  }
}

async function runToCompletion(proc: ManagedProcess): Promise<void> {
  const code = await proc.exited;
  if (code !== 0) throw new Error(`${proc.name} failed with exit code ${code}`);
}

/**
 * The fields the gateway's queries compare for equality (src/gateway/repositories), by
 * collection: their indexes (firestoreQueryIndex.ts) are built as the store loads. Any other
 * field's is built on its first query.
 */
const GATEWAY_EQUALITY_QUERIES: readonly (readonly [string, string])[] = [
  [COLLECTIONS.claims, 'userId'],
  [COLLECTIONS.claims, 'status'],
  [COLLECTIONS.evidenceFiles, 'uid'],
  [COLLECTIONS.evidenceFiles, 'claimId'],
  [COLLECTIONS.emailLinks, 'uid'],
  [COLLECTIONS.saveAndReturn, 'uid'],
  ['mail', 'claimId'],
];

/** How often `npm start` saves local data while it runs. */
export const AUTOSAVE_EVERY_MS = 10_000;

/**
 * A stop (Ctrl-C) ends every process within 10 seconds: up to 2 s for the Auth export, then
 * the emulators get 6 s to shut down (exporting the accounts again on their way out; an
 * autosave at most 10 seconds old is there if neither finished), as does the Storage emulator
 * (saving the objects that changed), the web server and the gateway's build watcher 3 s, all
 * at once, and what is left is killed.
 */
const EMULATORS_STOP_GRACE_MS = 6_000;
const OTHERS_STOP_GRACE_MS = 3_000;
/** How long a stop waits for the Auth export before telling the emulators to stop. */
const AUTH_SAVE_AT_STOP_MS = 2_000;
/** The processes that save data on their way out, given the longer grace. */
const SAVING_PROCESSES: readonly string[] = ['emulators', 'storage'];

interface Reaper {
  pid: number | undefined;
  /** Resolves when the watchdog exits (it should not before the stack stops). */
  exited: Promise<string>;
  /** Tells the watchdog the stack stopped cleanly, so it exits without acting. */
  done(): Promise<void>;
}

/** Starts scripts/stack/reaper.ts: it stops what this process started if this one is killed. */
function startReaper(): Reaper {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'scripts/stack/reaper.ts')],
    {
      cwd: root,
      detached: true,
      stdio: ['pipe', 'ignore', 'ignore'],
    },
  );
  // It must not keep this process alive, nor be waited for.
  child.unref();
  (child.stdin as unknown as { unref?: () => void }).unref?.();
  return {
    pid: child.pid,
    exited: new Promise((resolve) =>
      child.on('exit', (code, signalName) => resolve(signalName ?? `exit code ${code}`)),
    ),
    done: () =>
      new Promise<void>((resolve) => {
        if (!child.stdin || child.exitCode !== null) return resolve();
        child.stdin.once('error', () => resolve());
        child.stdin.end('done\n', () => resolve());
      }),
  };
}

/**
 * Kills whatever is left of `started` (pid and group as recorded, so a reused id is spared):
 * a process that put itself in a group of its own is not reached by a signal to its parent's.
 */
function killLeftovers(started: readonly { pid: number; pgid: number }[]): void {
  const running = new Set(listProcesses().map((entry) => `${entry.pid}/${entry.pgid}`));
  for (const entry of started) {
    if (running.has(`${entry.pid}/${entry.pgid}`)) signal(entry.pid, 'SIGKILL');
  }
}

/**
 * Saves Auth accounts through the emulator hub's export (which also swaps a finished folder
 * in): only while the emulators run. A failed save is logged; the last good save stays.
 */
async function saveAuthAccounts(
  authDir: string,
  log: (line: string) => void,
  timeoutMs?: number,
): Promise<boolean> {
  try {
    const reply = await fetch(`http://${EMULATOR_HOST}:${EMULATOR_PORTS.hub}/_admin/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: authDir, initiatedBy: 'npm start autosave' }),
      ...(timeoutMs ? { signal: AbortSignal.timeout(timeoutMs) } : {}),
    });
    if (reply.ok) return true;
    log(`[autosave] Auth accounts not saved: ${reply.status} ${await reply.text()}`);
  } catch (error) {
    log(`[autosave] Auth accounts not saved: ${(error as Error).message}`);
  }
  return false;
}

/**
 * Appends the Firestore documents that changed since the last save to the local store's
 * journal (firestorePersistence.ts): only what changed, never the whole store. Returns how
 * many were written, or null when none had changed or the save failed (logged; it is tried
 * again with the next save, nothing dropped).
 */
async function saveFirestoreDocuments(
  store: FirestorePersistence,
  log: (line: string) => void,
): Promise<number | null> {
  if (!store.hasUnsavedChanges()) return null;
  try {
    return await store.save();
  } catch (error) {
    log(`[autosave] Firestore documents not saved: ${(error as Error).message}`);
    return null;
  }
}

/**
 * A digest of every Auth account as the Auth emulator lists them (accounts:batchGet, a page
 * at a time): the autosave exports the accounts only when it has changed. Null when the
 * emulator could not be asked (then they are exported anyway).
 */
async function authAccountsDigest(): Promise<string | null> {
  const hash = createHash('sha256');
  const base = `http://${EMULATOR_HOST}:${EMULATOR_PORTS.auth}/identitytoolkit.googleapis.com/v1/projects/${DEMO_PROJECT_ID}/accounts:batchGet?maxResults=1000`;
  try {
    let pageToken: string | undefined;
    do {
      const reply = await fetch(
        pageToken ? `${base}&nextPageToken=${encodeURIComponent(pageToken)}` : base,
        { headers: { authorization: 'Bearer owner' }, signal: AbortSignal.timeout(5_000) },
      );
      if (!reply.ok) return null;
      const page = (await reply.json()) as { users?: unknown[]; nextPageToken?: string };
      hash.update(JSON.stringify(page.users ?? []));
      pageToken = page.users?.length ? page.nextPageToken : undefined;
    } while (pageToken);
    return hash.digest('hex');
  } catch {
    return null;
  }
}

/**
 * Both saves, as the autosave makes them every few seconds; tried again at the next tick.
 * Each writes only when something changed: the documents that changed, and the accounts
 * when any account did (`lastAuth` holds the digest of the accounts last exported).
 */
async function saveLocalData(
  store: FirestorePersistence,
  authDir: string,
  log: (line: string) => void,
  lastAuth: { digest: string | null },
): Promise<void> {
  await saveFirestoreDocuments(store, log);
  const digest = await authAccountsDigest();
  if (digest !== null && digest === lastAuth.digest) return;
  if (await saveAuthAccounts(authDir, log)) lastAuth.digest = digest;
}

/**
 * Refuses to start beside another stack: each emulator needs its fixed port, and one already
 * taken means another `npm start` or `npm test` is running. A step of its own so the start reads
 * as what it starts.
 */
async function assertEmulatorPortsFree(): Promise<void> {
  for (const [name, port] of Object.entries(EMULATOR_PORTS)) {
    if (await isPortInUse(EMULATOR_HOST, port)) {
      throw new Error(
        `Port ${port} (${name}) on ${EMULATOR_HOST} is already in use. Is another \`npm start\` or \`npm test\` running? Stop it first.`,
      );
    }
  }
}

/**
 * The environment every process of the stack runs with: pointed at the local emulators and tuned
 * for them. Pure, so the reasons for each setting stay together, apart from the start's order.
 */
function stackEnvironment(options: LocalStackOptions): NodeJS.ProcessEnv {
  const firestoreHost = `${EMULATOR_HOST}:${EMULATOR_PORTS.firestore}`;
  return {
    ...process.env,
    FIRESTORE_EMULATOR_HOST: firestoreHost,
    // The gateway's Admin SDK (firebase-admin reads the first, @google-cloud/storage the
    // second) talks to the Storage emulator this stack starts, not to Cloud Storage.
    FIREBASE_STORAGE_EMULATOR_HOST: `${EMULATOR_HOST}:${EMULATOR_PORTS.storage}`,
    STORAGE_EMULATOR_HOST: STORAGE_URL,
    // firebase-admin otherwise looks for a GCP metadata server this machine does not have.
    METADATA_SERVER_DETECTION: 'none',
    // The Functions emulator starts a Node process per call in flight (up to 50), each
    // loading the gateway: under many claimants at once it spent minutes starting them and
    // calls failed. A few workers, reused, with the other calls queued, keep up instead.
    // firebase-tools asks the npm registry for firebase-functions' latest version on every
    // load of the gateway (`npm show`): offline it waits for the network to fail. npm's own
    // offline mode answers from its cache at once.
    npm_config_offline: 'true',
    FUNCTIONS_EMULATOR_PARALLEL: String(Math.max(2, Math.min(8, availableParallelism()))),
    // Seconds the Functions emulator gives the gateway's code to load after each rebuild
    // (firebase-tools' own is 10): on a busy machine loading it took longer, the emulator gave
    // up on the new build, and calls failed until the next one.
    FUNCTIONS_DISCOVERY_TIMEOUT: process.env.FUNCTIONS_DISCOVERY_TIMEOUT ?? '60',
    ...options.gatewayEnv,
  };
}

/**
 * How a start waits for one of its processes: as long as it shows signs of work, telling the
 * caller now and then. One place, so every wait of the start gives up by the same rule.
 */
function waitForStart(
  what: string,
  answers: () => Promise<boolean>,
  worker: ManagedProcess,
  options: LocalStackOptions,
  stillWaiting: string,
): Promise<void> {
  return waitWhileProgressing(what, answers, {
    worker,
    stallMs: START_STALL_MS,
    logFile: options.logFile,
    onStillWaiting: (seconds) => options.onStillStarting?.(stillWaiting, seconds),
  });
}

/**
 * Starts the Storage emulator and builds the gateway (watching it too under `npm start`). Each
 * process is added to `processes` as it starts, so a stop after a failed build stops it too.
 * Returns the Storage process, still loading: the start waits for it later.
 */
async function startStorageAndBuildGateway(
  options: LocalStackOptions,
  env: NodeJS.ProcessEnv,
  processes: ManagedProcess[],
): Promise<ManagedProcess> {
  const { log } = options;
  // A process of its own, so a large upload never holds this one's event loop. Started
  // first: it loads its saved objects while the gateway builds.
  const storage = startProcess(
    'storage',
    process.execPath,
    [
      '--import',
      'tsx',
      join(root, 'scripts/stack/storageEmulator.ts'),
      ...(options.dataDir ? ['--data-dir', join(options.dataDir, 'storage')] : []),
      '--save-every-ms',
      String(AUTOSAVE_EVERY_MS),
    ],
    env,
    log,
  );
  processes.push(storage);

  log('Building the gateway function…');
  const watchGateway = options.web === 'dev';
  // As `npm start` builds it, a broken funnel or schema file leaves out only its funnels
  // (the watching build below prints their problems); a test stack's build refuses it.
  const build = startProcess(
    'gateway-build',
    bin('tsx'),
    ['scripts/build-functions.ts', ...(watchGateway ? ['--dev'] : [])],
    env,
    log,
  );
  await runToCompletion(build);
  if (watchGateway) {
    processes.push(
      startProcess(
        'gateway-build',
        bin('tsx'),
        ['scripts/build-functions.ts', '--watch'],
        env,
        log,
      ),
    );
  }
  return storage;
}

/**
 * Starts the Firestore emulator in this process, telling `options.onFirestoreWrite` of every
 * write. Apart from loading its data, so a stop after a failed load still stops it.
 */
async function startFirestore(options: LocalStackOptions): Promise<RunningFirestoreEmulator> {
  const firestore = await startFirestoreEmulator(EMULATOR_HOST, EMULATOR_PORTS.firestore);
  const onWrite = options.onFirestoreWrite;
  if (onWrite) {
    const told = ({ document }: { document: { getDocumentPath(): string } }) =>
      onWrite(document.getDocumentPath());
    for (const event of ['create-document', 'update-document', 'delete-document'] as const) {
      firestore.server.state.emitter.on(event, told);
    }
  }
  return firestore;
}

/**
 * Loads the Firestore documents saved in `dataDir` and builds the gateway's query indexes. The
 * store is handed to `onStore` before it loads, as the stop's saving needs it even then.
 */
async function loadFirestoreData(
  firestore: RunningFirestoreEmulator,
  dataDir: string,
  log: (line: string) => void,
  onStore: (store: FirestorePersistence) => void,
): Promise<void> {
  const dir = join(dataDir, 'firestore');
  // Earlier versions kept everything in one firestore.json: read once, then rewritten.
  const store = firestorePersistence(firestore, dir, join(dataDir, 'firestore.json'));
  onStore(store);
  const loaded = await store.load();
  if (loaded > 0) log(`Loaded ${loaded} Firestore documents from ${dir}`);
  // Built now, so no claimant's call waits for a scan of a large store to build one.
  const documents = `projects/${DEMO_PROJECT_ID}/databases/(default)/documents`;
  for (const [collection, field] of GATEWAY_EQUALITY_QUERIES)
    firestore.queries.build(`${documents}/${collection}`, field);
}

/**
 * Gives back the anonymous sessions saved with the Auth accounts in `authDir`, so a claimant's
 * browser finds its session again after a restart.
 */
async function restoreSavedSessions(authDir: string, log: (line: string) => void): Promise<void> {
  const restored = await restoreAnonymousSessions(
    `http://${EMULATOR_HOST}:${EMULATOR_PORTS.auth}`,
    DEMO_PROJECT_ID,
    authDir,
    log,
  );
  if (restored > 0) log(`Restored ${restored} anonymous sessions from ${authDir}`);
}

/**
 * Once the stack is whole, reports a process (or the watchdog) that ends by itself, once; an end
 * while the stack is stopping is expected and not reported.
 */
function reportUnexpectedEnds(
  processes: readonly ManagedProcess[],
  reaper: Reaper,
  isStopping: () => boolean,
  onProcessEnded: LocalStackOptions['onProcessEnded'],
): void {
  for (const proc of processes) {
    void proc.exited.then((code) => {
      if (!isStopping()) {
        onProcessEnded?.(proc.name, proc.child.signalCode ?? `exit code ${code}`);
      }
    });
  }
  void reaper.exited.then((how) => {
    if (!isStopping()) onProcessEnded?.('the watchdog', how);
  });
}

/**
 * Saves local accounts and documents every few seconds as well as on a clean stop, so a crash, a
 * killed terminal or a power cut loses at most the last few seconds of them. Returns the timer
 * (cleared by the stop) and the save the stop runs before the emulators are told to stop.
 */
function startAutosave(
  store: FirestorePersistence,
  authDir: string,
  log: (line: string) => void,
  isStopping: () => boolean,
): { autosave: ReturnType<typeof setInterval>; saveAuthBeforeStop: () => Promise<void> } {
  // Bounded, so a stop stays within 10 s on a busy machine: the emulators export the
  // accounts again on their way out (--export-on-exit) when this one does not finish.
  const saveAuthBeforeStop = async () =>
    void (await saveAuthAccounts(authDir, log, AUTH_SAVE_AT_STOP_MS));
  const lastAuth = { digest: null as string | null };
  let saving = false;
  const autosave = setInterval(() => {
    if (saving || isStopping()) return;
    saving = true;
    void saveLocalData(store, authDir, log, lastAuth).finally(() => (saving = false));
  }, AUTOSAVE_EVERY_MS);
  autosave.unref();
  return { autosave, saveAuthBeforeStop };
}

/**
 * The arguments firebase-tools' Auth and Functions emulators start with: with a folder for Auth
 * accounts, they load the last export (when there is one) and export again as they stop.
 */
function authAndFunctionsEmulatorArgs(authDir: string | undefined): string[] {
  const emulatorArgs = [
    'emulators:start',
    '--config',
    join(root, 'firebase.json'),
    '--project',
    DEMO_PROJECT_ID,
    '--only',
    'auth,functions',
  ];
  if (authDir) {
    if (existsSync(join(authDir, 'firebase-export-metadata.json')))
      emulatorArgs.push('--import', authDir);
    emulatorArgs.push('--export-on-exit', authDir);
  }
  return emulatorArgs;
}

/**
 * Starts the web app as `options.web` asks (a production build served as is, Vite's dev server,
 * or nothing) and waits until it answers; the process is added to `processes` as it starts.
 */
async function startWebApp(
  options: LocalStackOptions,
  env: NodeJS.ProcessEnv,
  processes: ManagedProcess[],
): Promise<void> {
  const { log } = options;
  const webEnv = { ...env, VITE_USE_EMULATORS: '1' };
  const webArgs = ['--host', EMULATOR_HOST, '--port', String(EMULATOR_PORTS.web), '--strictPort'];
  // vite.config.ts imports our TypeScript build plugins; Vite's module runner loads them as
  // the app's own modules are loaded, rather than bundling the config.
  const configLoader = ['--configLoader', 'runner'];
  let web: ManagedProcess | undefined;
  if (options.web === 'preview') {
    log('Building the web app…');
    await runToCompletion(
      startProcess('web-build', bin('vite'), ['build', ...configLoader], webEnv, log),
    );
    web = startProcess('web', bin('vite'), ['preview', ...configLoader, ...webArgs], webEnv, log);
  } else if (options.web === 'dev') {
    web = startProcess('web', bin('vite'), [...configLoader, ...webArgs], webEnv, log);
  }
  if (web) {
    processes.push(web);
    await waitForStart(
      'the web app',
      async () => (await fetch(WEB_URL)).ok,
      web,
      options,
      'the web app is starting',
    );
  }
}

/**
 * Every process the stack started, whatever group each put itself in: its own processes and
 * their descendants only. Not every descendant of this process: a caller such as
 * scripts/with-stack.ts also runs the test command (and its browser) beside the stack, and
 * restarting the stack must leave that running.
 */
function processesStartedBy(processes: readonly ManagedProcess[]) {
  const table = listProcesses();
  return processes.flatMap((proc) => {
    const pid = proc.child.pid;
    if (pid === undefined) return [];
    return [...table.filter((entry) => entry.pid === pid), ...descendantsOf(pid, table)];
  });
}

/**
 * Tells each of the stack's processes to stop, all at once, the emulators given longer to save
 * their data. Resolves once every one has ended.
 */
function signalStackToStop(processes: readonly ManagedProcess[]): Promise<unknown> {
  return Promise.all(
    processes.map((proc) =>
      stopProcess(
        proc,
        'SIGINT',
        SAVING_PROCESSES.includes(proc.name) ? EMULATORS_STOP_GRACE_MS : OTHERS_STOP_GRACE_MS,
      ),
    ),
  );
}

/**
 * Starts the whole local backend and the web app: the Node Firestore emulator, the Auth and
 * Functions emulators of firebase-tools, and Vite, in that order, each waited for; and
 * firebase-tools' Storage emulator (scripts/stack/storageEmulator.ts, a process of its own),
 * started first so it loads while the gateway builds, and waited for before the Functions
 * emulator starts. stop() stops them and, with a dataDir, saves Auth accounts (firebase's
 * export-on-exit), Firestore documents (our own export) and stored objects (the Storage
 * process, as it stops) so the next start resumes.
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const { log } = options;
  await assertEmulatorPortsFree();
  const processes: ManagedProcess[] = [];
  let firestore: RunningFirestoreEmulator | undefined;
  let store: FirestorePersistence | undefined;
  // Saving is only safe once loading finished: a half-loaded state must not overwrite the file.
  let firestoreLoaded = false;
  let stopping: Promise<void> | undefined;
  let autosave: ReturnType<typeof setInterval> | undefined;
  // Set once the stack serves with local data: a stop saves it first, while every emulator
  // still answers, rather than counting on the emulators' own export in their last seconds.
  let saveAuthBeforeStop: (() => Promise<void>) | undefined;
  const reaper = startReaper();
  const stop = () => {
    stopping ??= (async () => {
      clearInterval(autosave);
      // Auth accounts are exported through the emulators, so before they are told to stop.
      await saveAuthBeforeStop?.();
      const started = processesStartedBy(processes);
      // Each is signalled at once; they shut down while this process saves its own data.
      const stopped = signalStackToStop(processes);
      // The Firestore emulator runs in this process: what changed is saved while the others
      // stop, then once more for a write that landed meanwhile (a snapshot being written in
      // the background is finished first).
      if (store && firestoreLoaded) {
        const saved = await saveFirestoreDocuments(store, log);
        if (saved !== null) log(`Saved ${saved} changed Firestore documents`);
      }
      await stopped;
      if (store && firestoreLoaded) await store.close().catch(() => null);
      firestore?.stop();
      killLeftovers(started);
      await reaper.done();
    })();
    return stopping;
  };
  try {
    const env = stackEnvironment(options);
    const storage =
      options.only !== 'firestore'
        ? await startStorageAndBuildGateway(options, env, processes)
        : undefined;
    firestore = await startFirestore(options);
    if (options.dataDir)
      await loadFirestoreData(firestore, options.dataDir, log, (loading) => (store = loading));
    firestoreLoaded = true;
    // Only the Firestore part was asked for (storage is started with the whole stack).
    if (!storage) return { stop, firestore };

    await waitForStart(
      'the Storage emulator',
      storageAnswers,
      storage,
      options,
      'the Storage emulator is starting',
    );

    const authDir = options.dataDir ? join(options.dataDir, 'auth') : undefined;
    const toolsDir = firebaseToolsDir(options.dataDir);
    removeUnfinishedExports([toolsDir, root]);
    const emulatorArgs = authAndFunctionsEmulatorArgs(authDir);
    const emulators = startProcess('emulators', bin('firebase'), emulatorArgs, env, log, toolsDir);
    processes.push(emulators);
    await waitForStart(
      'the Functions emulator to load the gateway',
      gatewayAnswers,
      emulators,
      options,
      'the Functions emulator is loading the gateway',
    );
    if (authDir) await restoreSavedSessions(authDir, log);

    await startWebApp(options, env, processes);
    // From here the stack is whole: a process that ends by itself is reported, once.
    const isStopping = () => stopping !== undefined;
    reportUnexpectedEnds(processes, reaper, isStopping, options.onProcessEnded);
    if (authDir && store)
      ({ autosave, saveAuthBeforeStop } = startAutosave(store, authDir, log, isStopping));
  } catch (error) {
    // Leave nothing running behind a failed start.
    await stop();
    throw error;
  }
  return { stop, firestore };
}
