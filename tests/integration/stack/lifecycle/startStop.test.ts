/**
 * `npm start` started as a developer starts it, then stopped as Ctrl-C stops it (SIGINT to its
 * process group): every process it started has ended, whatever process group each put itself
 * in, every port of the stack is free, and the data it held is saved for the next start.
 * It needs the stack's ports free, so it runs on its own (`npm run test:lifecycle`), not
 * beside the stack the other integration tests use.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PROJECT_ID, EMULATOR_HOST, EMULATOR_PORTS } from '../../../../src/runtime/constants';
import { writeFirestoreStateFile } from '../../../../scripts/stack/firestoreEmulator';
import { isPortInUse } from '../../../../scripts/stack/processes';
import {
  descendantsOf,
  listProcesses,
  signal,
  type ProcessEntry,
} from '../../../../scripts/stack/processTree';
import { db } from '../../support/emulators';

const root = resolve(import.meta.dirname, '../../../..');
/** firebase-tools' logging emulator listens here as well, unasked. */
const LOGGING_PORT = 4500;
const PORTS = [...Object.values(EMULATOR_PORTS), LOGGING_PORT];

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

const dataDir = mkdtempSync(join(tmpdir(), 'stack-lifecycle-'));
let npmStart: ChildProcess | undefined;
let everyProcess: ProcessEntry[] = [];

afterAll(() => {
  // Whatever the test found, leave nothing running behind it.
  if (npmStart?.pid) signal(-npmStart.pid, 'SIGKILL');
  for (const entry of stillRunning(everyProcess)) signal(entry.pid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start stops clean', () => {
  it('Ctrl-C stops every process it started, frees every port and saves the data', async () => {
    expect(await portsInUse(), 'the stack ports must be free before the test').toEqual([]);
    writeFirestoreStateFile(join(dataDir, 'firestore.json'), DEMO_PROJECT_ID, [
      { path: 'lifecycle/before', data: { kept: 'from the last start' } },
    ]);

    let output = '';
    // In a process group of its own, as a terminal runs a command.
    npmStart = spawn('npm', ['start'], {
      cwd: root,
      detached: true,
      env: { ...process.env, LOCAL_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    npmStart.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npmStart.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const pid = npmStart.pid!;
    await eventually(
      'npm start to say it is running',
      () => {
        if (npmStart!.exitCode !== null) throw new Error(`npm start ended:\n${output}`);
        return output.includes('is running');
      },
      300_000,
    );

    // The saved document was loaded, and one written now is saved at the stop.
    expect((await db().doc('lifecycle/before').get()).data()).toEqual({
      kept: 'from the last start',
    });
    await db().doc('lifecycle/during').set({ written: 'while it ran' });

    everyProcess = descendantsOf(pid);
    const groups = new Set(everyProcess.map((entry) => entry.pgid));
    // The web server, the emulators and the gateway's build watcher each have a group.
    expect(groups.size, JSON.stringify(everyProcess)).toBeGreaterThanOrEqual(4);

    signal(-pid, 'SIGINT');
    await eventually(
      'every process npm start started to end',
      () => stillRunning(everyProcess).length === 0,
      120_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}: ${JSON.stringify(stillRunning(everyProcess))}`);
    });
    await eventually(
      'every port to be free',
      async () => (await portsInUse()).length === 0,
      60_000,
    );

    const saved = readFileSync(join(dataDir, 'firestore.json'), 'utf8');
    expect(saved).toContain('from the last start');
    expect(saved).toContain('while it ran');
    expect(existsSync(join(dataDir, 'auth', 'firebase-export-metadata.json'))).toBe(true);
  });
});
