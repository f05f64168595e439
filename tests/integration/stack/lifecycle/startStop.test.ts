/**
 * `npm start` started as a developer starts it, then ended every way a terminal or a task
 * runner ends it: Ctrl-C (SIGINT to its process group), SIGTERM and SIGHUP to npm or to its
 * group, and SIGKILL of npm, of the script, of its watchdog and of each process it started.
 * Each time every process it started ends, every port of the stack is free, and (when it
 * could) the data it held is saved for the next start; a write just before a signal to the group
 * is saved every time, and nothing is written beside the project. It also comes up with both cores
 * kept busy. It needs the stack's ports free, so it runs on its own (`npm run test:lifecycle`),
 * not beside the stack the other integration tests use.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  DEMO_PROJECT_ID,
  EMULATOR_HOST,
  EMULATOR_PORTS,
  LOCAL_STORAGE_BUCKET,
} from '../../../../src/runtime/constants';
import { snapshotLineOf } from '../../../../scripts/stack/firestoreEmulator';
import { writeFirestoreSnapshot } from '../../../../scripts/stack/firestorePersistence';
import { isPortInUse } from '../../../../scripts/stack/processes';
import {
  commandOf,
  descendantsOf,
  listProcesses,
  signal,
  type ProcessEntry,
} from '../../../../scripts/stack/processTree';
import { db } from '../../support/emulators';

const root = resolve(import.meta.dirname, '../../../..');
/**
 * Every port the stack opens, firebase-tools' unasked ones (logging, Eventarc, Tasks) and the
 * Storage emulator's included.
 */
const PORTS = Object.values(EMULATOR_PORTS);
/** What the stack promises: everything gone this long after the signal. */
const STOP_PROMISE_MS = 10_000;

/** Polls `probe` every half second; fails naming `what` after `limitMs` (generous). */
async function eventually(what: string, probe: () => Promise<boolean> | boolean, limitMs: number) {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (await probe()) return;
    await new Promise((resolveWait) => setTimeout(resolveWait, 500));
  }
  throw new Error(`Still waiting after ${limitMs / 1000}s for ${what}`);
}

function stillRunning(started: readonly ProcessEntry[]): ProcessEntry[] {
  const running = new Set(listProcesses().map((entry) => `${entry.pid}/${entry.pgid}`));
  return started.filter((entry) => running.has(`${entry.pid}/${entry.pgid}`));
}

async function portsInUse(): Promise<number[]> {
  const used = await Promise.all(PORTS.map((port) => isPortInUse(EMULATOR_HOST, port)));
  return PORTS.filter((_, index) => used[index]);
}

/** Everything the local store holds on disk (its snapshot and journal), as text. */
function storedText(dataDir: string): string {
  const dir = join(dataDir, 'firestore');
  return readdirSync(dir)
    .map((name) => readFileSync(join(dir, name), 'utf8'))
    .join('');
}

/** Names of the stored objects saved in the data folder (the Storage emulator's metadata). */
function storedObjectNames(dataDir: string): string[] {
  const dir = join(dataDir, 'storage', 'metadata');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => (JSON.parse(readFileSync(join(dir, name), 'utf8')) as { name: string }).name);
}

/** Stores an object as the gateway's Admin SDK does (a media upload to the Cloud Storage API). */
async function storeObject(name: string, body: string): Promise<void> {
  const reply = await fetch(
    `http://${EMULATOR_HOST}:${EMULATOR_PORTS.storage}/upload/storage/v1/b/${LOCAL_STORAGE_BUCKET}/o?uploadType=media&name=${encodeURIComponent(name)}`,
    { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body },
  );
  expect(reply.status).toBe(200);
}

/** The end of the stack's own log, for a failure's message. */
function stackLogTail(dataDir: string): string {
  const log = join(dataDir, 'stack.log');
  return existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(-40).join('\n') : '';
}

interface RunningStart {
  npm: ChildProcess;
  dataDir: string;
  /** npm and everything under it when the stack said it was running. */
  everyProcess: ProcessEntry[];
  output: () => string;
}

const runs: RunningStart[] = [];
const spinners: ChildProcess[] = [];

function leaveNothing() {
  for (const run of runs.splice(0)) {
    if (run.npm.pid) signal(-run.npm.pid, 'SIGKILL');
    for (const entry of stillRunning(run.everyProcess)) signal(entry.pid, 'SIGKILL');
    rmSync(run.dataDir, { recursive: true, force: true });
  }
  for (const spinner of spinners.splice(0)) spinner.kill('SIGKILL');
}
afterEach(leaveNothing);
afterAll(leaveNothing);

/**
 * `npm start` on a throwaway data folder, in a process group of its own, as a terminal runs it;
 * `only: 'firestore'` starts just its Firestore part (LOCAL_STACK_ONLY, see scripts/start.ts).
 */
async function startNpm({ only }: { only?: 'firestore' } = {}): Promise<RunningStart> {
  expect(await portsInUse(), 'the stack ports must be free before the test').toEqual([]);
  const dataDir = mkdtempSync(join(tmpdir(), 'stack-lifecycle-'));
  await writeFirestoreSnapshot(join(dataDir, 'firestore'), [
    snapshotLineOf(DEMO_PROJECT_ID, 'lifecycle/before', { kept: 'from the last start' }),
  ]);
  let output = '';
  const npm = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      LOCAL_DATA_DIR: dataDir,
      ...(only ? { LOCAL_STACK_ONLY: only } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  npm.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  npm.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const run: RunningStart = { npm, dataDir, everyProcess: [], output: () => output };
  runs.push(run);
  await eventually(
    'npm start to say it is running',
    () => {
      if (npm.exitCode !== null) throw new Error(`npm start ended:\n${output}`);
      return output.includes('is running');
    },
    // A start that still makes progress is waited for (the stack has no ceiling of its own).
    900_000,
  );
  run.everyProcess = [
    ...listProcesses().filter((entry) => entry.pid === npm.pid),
    ...descendantsOf(npm.pid!),
  ];
  return run;
}

/** The one process of the run whose command matches. */
function processOf(run: RunningStart, command: RegExp): ProcessEntry {
  const found = run.everyProcess.filter((entry) => command.test(commandOf(entry.pid) ?? ''));
  expect(found.length, `${command} among ${JSON.stringify(run.everyProcess)}`).toBeGreaterThan(0);
  return found[0]!;
}

/** Everything it started has ended and every port is free; returns how long that took. */
async function expectAllGone(run: RunningStart, since: number): Promise<number> {
  await eventually(
    'every process npm start started to end, and every port to be free',
    async () => stillRunning(run.everyProcess).length === 0 && (await portsInUse()).length === 0,
    // Generous for a busy CI machine; the time it took is printed against the promise.
    60_000,
  ).catch((error: Error) => {
    throw new Error(
      `${error.message}: ${JSON.stringify(stillRunning(run.everyProcess))}\n${run.output()}`,
    );
  });
  const tookMs = Date.now() - since;
  console.log(
    `stopped in ${(tookMs / 1000).toFixed(1)} s (promised ≤ ${STOP_PROMISE_MS / 1000} s)`,
  );
  return tookMs;
}

describe('npm start stops clean', () => {
  it('Ctrl-C stops every process it started, frees every port and saves the data', async () => {
    const run = await startNpm();
    // The saved document was loaded, and one written now is saved at the stop.
    expect((await db().doc('lifecycle/before').get()).data()).toEqual({
      kept: 'from the last start',
    });
    await db().doc('lifecycle/during').set({ written: 'while it ran' });
    await storeObject('lifecycle/during.txt', 'stored while it ran');
    const groups = new Set(run.everyProcess.map((entry) => entry.pgid));
    // The web server, the emulators, the Storage emulator and the gateway's build watcher each
    // have a group.
    expect(groups.size, JSON.stringify(run.everyProcess)).toBeGreaterThanOrEqual(5);

    const since = Date.now();
    signal(-run.npm.pid!, 'SIGINT');
    await expectAllGone(run, since);
    const saved = storedText(run.dataDir);
    expect(saved).toContain('from the last start');
    expect(saved).toContain('while it ran');
    expect(existsSync(join(run.dataDir, 'auth', 'firebase-export-metadata.json'))).toBe(true);
    expect(storedObjectNames(run.dataDir)).toContain('lifecycle/during.txt');
  });

  it.each([
    ['SIGTERM', 'npm'],
    ['SIGHUP', 'npm'],
    ['SIGHUP', 'its group'],
    ['SIGTERM', 'its group'],
  ] as const)('%s to %s stops everything and saves', async (signalName, target) => {
    const run = await startNpm();
    await db()
      .doc('lifecycle/during')
      .set({ written: `before ${signalName}` });
    const since = Date.now();
    signal(target === 'npm' ? run.npm.pid! : -run.npm.pid!, signalName);
    await expectAllGone(run, since);
    expect(storedText(run.dataDir), stackLogTail(run.dataDir)).toContain(`before ${signalName}`);
  });

  it.each([
    ['npm', /(^|\/)npm(\s|$)|npm-cli\.js/],
    ['the script', /scripts\/start\.ts/],
    ['its watchdog', /scripts\/stack\/reaper\.ts/],
    ['the emulators', /firebase(-tools)?\S* emulators:start/],
    ['the Storage emulator', /scripts\/stack\/storageEmulator\.ts/],
    ['the web server', /vite\S* --configLoader/],
    ['the gateway build watcher', /build-functions\.ts --watch/],
  ] as const)('SIGKILL of %s stops everything', async (_name, command) => {
    const run = await startNpm();
    const since = Date.now();
    signal(processOf(run, command).pid, 'SIGKILL');
    await expectAllGone(run, since);
  });
});

/**
 * What a signal to the whole group must never lose, checked many times over: once in a few dozen
 * stops the signal used to land while the script's watch on npm was listing processes, killing
 * that listing and, with it, the save. Each round starts `npm start` with only its Firestore
 * part: the same npm, shell and scripts/start.ts in one process group, the same watch on npm,
 * watchdog and stop on SIGINT/SIGTERM/SIGHUP, and the same Firestore emulator that this process
 * saves as it stops, without the minute the gateway, the emulators and the web app take to
 * start (the tests above stop the whole stack each way).
 */
const ROUNDS = 20;

function groupMembers(pgid: number): number[] {
  return listProcesses()
    .filter((entry) => entry.pgid === pgid)
    .map((entry) => entry.pid);
}

describe('a signal to the whole group, many times over', () => {
  it.each(['SIGINT', 'SIGTERM', 'SIGHUP'] as const)(
    `%s to the group saves the last write, ${ROUNDS} times`,
    async (signalName) => {
      for (let round = 1; round <= ROUNDS; round += 1) {
        const run = await startNpm({ only: 'firestore' });
        // For a little over one tick of the script's once-a-second watch on npm (the signal
        // then lands at a different moment of it each round), nothing may join npm's group: a
        // process the script runs there would be killed by the signal mid-way.
        const members = new Set(groupMembers(run.npm.pid!));
        const joined = new Set<string>();
        const until = Date.now() + 1_000 + Math.random() * 1_000;
        while (Date.now() < until) {
          for (const pid of groupMembers(run.npm.pid!)) {
            if (!members.has(pid)) joined.add(commandOf(pid) ?? String(pid));
          }
          await new Promise((resolveWait) => setTimeout(resolveWait, 5));
        }
        expect([...joined], `round ${round}`).toEqual([]);
        const marker = `${signalName} round ${round}`;
        await db().doc('lifecycle/marker').set({ marker });
        const since = Date.now();
        signal(-run.npm.pid!, signalName);
        await expectAllGone(run, since);
        expect(groupMembers(run.npm.pid!), `round ${round}`).toEqual([]);
        expect(storedText(run.dataDir), `round ${round}\n${run.output()}`).toContain(marker);
        leaveNothing();
      }
    },
  );
});

/**
 * The project root's own entries, each file with its size and time; its data folder aside, and
 * the gateway's build (the code firebase.json has the Functions emulator load, which any build
 * makes; checked to hold that code alone).
 */
function rootListing(): string[] {
  return readdirSync(root)
    .filter((name) => name !== '.data' && name !== 'build')
    .map((name) => {
      const stat = statSync(join(root, name));
      return stat.isDirectory() ? `${name}/` : `${name} ${stat.size} ${stat.mtimeMs}`;
    })
    .sort();
}

describe('npm start writes only in its data folder', () => {
  it('a killed script leaves no accounts or logs beside the project', async () => {
    const before = rootListing();
    const run = await startNpm();
    // An account, so the emulators' export on their way out has a claimant's data to write.
    const signUp = await fetch(
      `http://${EMULATOR_HOST}:${EMULATOR_PORTS.auth}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=local`,
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' },
    );
    expect(signUp.status).toBe(200);
    // firebase-tools' debug log (it deletes it on a clean exit) is in the data folder.
    expect(existsSync(join(run.dataDir, 'firebase-debug.log'))).toBe(true);
    const since = Date.now();
    signal(processOf(run, /scripts\/start\.ts/).pid, 'SIGKILL');
    await expectAllGone(run, since);
    expect(rootListing()).toEqual(before);
    // The build (and the next one, which a stop can leave half made) of the gateway only.
    for (const name of readdirSync(join(root, 'build'))) expect(name).toMatch(/^functions\b/);
  });
});

describe('npm start on a busy machine', () => {
  it('comes up with both cores kept busy, however long that takes', async () => {
    for (let core = 0; core < 2; core += 1) {
      spinners.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
    }
    const run = await startNpm();
    expect(run.output()).toContain('is running');
    const since = Date.now();
    signal(-run.npm.pid!, 'SIGINT');
    await expectAllGone(run, since);
  });
});
