/**
 * How long `npm start` takes to be ready with an empty local store and with 50,000 stored
 * claims shaped as the gateway stores them (realClaims.ts), how Firestore answers while it
 * saves, and how long it takes to stop again. Each run gets a throwaway data folder
 * (LOCAL_DATA_DIR), never the developer's `.data/local`, and is started and stopped as a
 * terminal does: in a process group of its own, stopped by SIGINT to that group (Ctrl-C).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { getFirestore } from 'firebase-admin/firestore';
import { adminApp } from '../lib/adminApp';
import { writeFirestoreSnapshot } from '../stack/firestorePersistence';
import { copiesOf, type ClaimTemplate } from './realClaims';

const root = resolve(import.meta.dirname, '../..');
export const STORED_CLAIMS = 50_000;
/** Generous: the figure is printed, not asserted; this only ends a start that hangs. */
const GIVE_UP_AFTER_MS = 600_000;

export interface StartupFigure {
  storedClaims: number;
  /** The store on disk before the start, in bytes. */
  storeBytes: number;
  readyMs: number;
  stopMs: number;
  /** What the stack's log says it loaded ("Loaded N Firestore documents"), 0 for none. */
  loadedDocuments: number;
  /** Firestore calls made while the stack saved every few seconds: their times, sorted. */
  callsDuringSavesMs: number[];
}

/** How long the probe keeps calling Firestore: long enough for two autosaves at least. */
const PROBE_MS = 25_000;

/**
 * Writes and reads through Firestore for PROBE_MS while the stack runs (each write makes the
 * next autosave write something): how long calls take while the store is being saved.
 */
async function callsDuringSaves(): Promise<number[]> {
  const db = getFirestore(adminApp());
  const times: number[] = [];
  const until = performance.now() + PROBE_MS;
  for (let i = 0; performance.now() < until; i += 1) {
    const started = performance.now();
    await db.doc(`benchProbe/p${i % 50}`).set({ at: Date.now(), i });
    times.push(performance.now() - started);
    const read = performance.now();
    await db.doc(`benchProbe/p${(i * 7) % 50}`).get();
    times.push(performance.now() - read);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return times.sort((a, b) => a - b);
}

/**
 * Runs `npm start` on a throwaway store of `storedClaims` copies of `template` (a claim as the
 * gateway stored it), until ready; probes Firestore while it saves; then stops it.
 */
export async function measureStartup(
  storedClaims: number,
  template?: ClaimTemplate,
): Promise<StartupFigure> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-startup-'));
  try {
    let storeBytes = 0;
    if (storedClaims > 0) {
      if (!template) throw new Error('no claim to copy');
      await writeFirestoreSnapshot(join(dataDir, 'firestore'), copiesOf(template, storedClaims));
      storeBytes = statSync(join(dataDir, 'firestore', 'snapshot.ndjson')).size;
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
    const callsDuringSavesMs = 'error' in outcome ? [] : await callsDuringSaves();
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
      storeBytes,
      readyMs: outcome.ms,
      stopMs,
      loadedDocuments: loaded ? Number(loaded[1]) : 0,
      callsDuringSavesMs,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
