/**
 * How long `npm start` takes to be ready with an empty local store and with 50,000 stored
 * claims, and to stop again. Each run gets a throwaway data folder (LOCAL_DATA_DIR), never the
 * developer's `.data/local`, and is started and stopped as a terminal does: in a process group
 * of its own, stopped by SIGINT to that group (Ctrl-C).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEMO_PROJECT_ID } from '../../src/runtime/constants';
import { sentClaimDocument } from '../../tests/support/sentClaims';
import { writeFirestoreStateFile } from '../stack/firestoreEmulator';

const root = resolve(import.meta.dirname, '../..');
export const STORED_CLAIMS = 50_000;
/** Generous: the figure is printed, not asserted; this only ends a start that hangs. */
const GIVE_UP_AFTER_MS = 600_000;

export interface StartupFigure {
  storedClaims: number;
  readyMs: number;
  stopMs: number;
  /** What the stack's log says it loaded ("Loaded N Firestore documents"), 0 for none. */
  loadedDocuments: number;
}

function* sentClaims(count: number) {
  for (let i = 0; i < count; i++) {
    const claimId = `bench-startup-${i}`;
    yield {
      path: `claims/${claimId}`,
      data: sentClaimDocument({
        claimId,
        funnelId: 'vehicle-claim',
        submittedAt: new Date(Date.UTC(2025, 0, 1) + i * 1000),
        reference: `BENCH-${i}`,
      }) as Record<string, unknown>,
    };
  }
}

/** Runs `npm start` on a throwaway store of `storedClaims` sent claims, until ready, then stops it. */
export async function measureStartup(storedClaims: number): Promise<StartupFigure> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-startup-'));
  try {
    if (storedClaims > 0) {
      writeFirestoreStateFile(
        join(dataDir, 'firestore.json'),
        DEMO_PROJECT_ID,
        sentClaims(storedClaims),
      );
    }
    const started = performance.now();
    const child = spawn('npm', ['start'], {
      cwd: root,
      detached: true,
      env: { ...process.env, LOCAL_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<number | null>((done) => child.once('exit', done));
    const ready = new Promise<number>((done, fail) => {
      const timer = setTimeout(
        () => fail(new Error(`npm start was not ready after ${GIVE_UP_AFTER_MS / 1000} s`)),
        GIVE_UP_AFTER_MS,
      );
      const onOutput = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('is running')) {
          clearTimeout(timer);
          done(performance.now() - started);
        }
      };
      child.stdout!.on('data', onOutput);
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      void exited.then((code) => {
        clearTimeout(timer);
        fail(new Error(`npm start ended with ${code} before it was ready:\n${output}`));
      });
    });
    // Stopped whether or not it became ready, so nothing is left running.
    const outcome = await ready.then(
      (ms) => ({ ms }),
      (error: Error) => ({ error }),
    );
    const stopping = performance.now();
    try {
      process.kill(-child.pid!, 'SIGINT');
    } catch {
      // Already gone.
    }
    await exited;
    const stopMs = performance.now() - stopping;
    if ('error' in outcome) throw outcome.error;
    const log = readFileSync(join(dataDir, 'stack.log'), 'utf8');
    const loaded = /Loaded (\d+) Firestore documents/.exec(log);
    return {
      storedClaims,
      readyMs: outcome.ms,
      stopMs,
      loadedDocuments: loaded ? Number(loaded[1]) : 0,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
