/**
 * How long `npm start` takes to be ready with an empty local store and with 50,000 stored
 * claims shaped as the gateway stores them (realClaims.ts), whether it loaded every document
 * written, how long calls take on it (volumeLatency.ts), how Firestore answers while it
 * saves, its memory, and how long it takes to stop again. Each run gets a throwaway data
 * folder (LOCAL_DATA_DIR), never the developer's `.data/local`, and is started and stopped as
 * a terminal does: in a process group of its own, stopped by SIGINT to that group (Ctrl-C).
 *
 * Alone, for another volume (two years of claims is 150,000), on a machine with nothing on
 * the local stack's ports: npx tsx scripts/bench/startupWithClaims.ts 150000
 * It starts a throwaway stack, sends one claim through the gateway to copy, stops it, then
 * measures `npm start` on an empty store and on that many copies.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { getFirestore } from 'firebase-admin/firestore';
import { adminApp } from '../lib/adminApp';
import { writeFirestoreSnapshot } from '../stack/firestorePersistence';
import { startLocalStack } from '../stack/localStack';
import { descendantsOf } from '../stack/processTree';
import { copiesOf, copyUid, sendClaimToCopy, type ClaimTemplate } from './realClaims';
import { measureVolumeLatency, percentileOf, type VolumeLatency } from './volumeLatency';

const root = resolve(import.meta.dirname, '../..');
export const STORED_CLAIMS = 50_000;
/** Generous: the figure is printed, not asserted; this only ends a start that hangs. */
const GIVE_UP_AFTER_MS = 600_000;

export interface StartupFigure {
  storedClaims: number;
  /** The store on disk before the start, in bytes. */
  storeBytes: number;
  /** Documents written to that store (every copy of every document of the claim). */
  writtenDocuments: number;
  /** The most memory the process holding the Firestore emulator used (VmHWM), or null. */
  peakRssBytes: number | null;
  /** Calls one after another once it was ready. */
  volume: VolumeLatency;
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
    let writtenDocuments = 0;
    if (storedClaims > 0) {
      if (!template) throw new Error('no claim to copy');
      writtenDocuments = await writeFirestoreSnapshot(
        join(dataDir, 'firestore'),
        copiesOf(template, storedClaims),
      );
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
    const figures = async () => {
      // Claimants of the store (spread over it) for the direct query; any uid when it is empty.
      const uidOf = (i: number) =>
        template && storedClaims > 0
          ? copyUid(template, (i * 7919) % storedClaims)
          : `no-such-claimant-${i}`;
      const volume = await measureVolumeLatency(uidOf);
      const peakRssBytes = peakRssOf(child.pid!);
      return { volume, peakRssBytes, callsDuringSavesMs: await callsDuringSaves() };
    };
    const measured = 'error' in outcome ? null : await figures().catch((error: Error) => error);
    const stopping = performance.now();
    try {
      process.kill(-child.pid!, 'SIGINT');
    } catch {
      // Already gone.
    }
    await exited;
    const stopMs = performance.now() - stopping;
    if ('error' in outcome) throw outcome.error;
    if (measured instanceof Error) throw measured;
    const log = readFileSync(join(dataDir, 'stack.log'), 'utf8');
    const loaded = /Loaded (\d+) Firestore documents/.exec(log);
    return {
      storedClaims,
      storeBytes,
      writtenDocuments,
      readyMs: outcome.ms,
      stopMs,
      loadedDocuments: loaded ? Number(loaded[1]) : 0,
      ...measured!,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The peak resident memory of the `npm start` process (it holds the Firestore emulator), from
 * /proc; null where there is none (macOS).
 */
function peakRssOf(npmPid: number): number | null {
  // npm runs it through a shell whose command line names the script too: the largest is Node.
  let peak: number | null = null;
  for (const { pid } of descendantsOf(npmPid)) {
    const cmdline = `/proc/${pid}/cmdline`;
    if (!existsSync(cmdline) || !readFileSync(cmdline, 'utf8').includes('scripts/start.ts'))
      continue;
    const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    if (hwm) peak = Math.max(peak ?? 0, Number(hwm[1]) * 1024);
  }
  return peak;
}

export interface StartupLine {
  label: string;
  figure: string;
  budget: string;
  within: boolean;
}

/** The p99 of a call on the full store may be this many times the empty store's. */
export const VOLUME_P99_FACTOR = 2;

const ms = (values: readonly number[], share: number) =>
  `${percentileOf(values, share).toFixed(0)} ms`;

/**
 * Whether the store loaded what was written (a store that loaded less measured something
 * else), and the volume latency: each call's p50/p99 on the full store against the empty one.
 */
export function volumeLines(empty: StartupFigure, full: StartupFigure): StartupLine[] {
  const claims = full.storedClaims.toLocaleString('en-GB');
  const loadedAll = full.writtenDocuments > 0 && full.loadedDocuments === full.writtenDocuments;
  const lines: StartupLine[] = [
    {
      label: `(h) documents of ${claims} sent claims written to the store, and loaded by npm start`,
      figure: `${full.writtenDocuments.toLocaleString('en-GB')} written, ${full.loadedDocuments.toLocaleString('en-GB')} loaded`,
      budget: 'every document written is loaded',
      within: loadedAll,
    },
  ];
  for (const [name, key] of [
    ["a direct Firestore query (a claimant's claims)", 'directMs'],
    ['getClaim through the gateway', 'getClaimMs'],
  ] as const) {
    const [on, off] = [full.volume[key], empty.volume[key]];
    lines.push({
      label: `(h) volume latency: ${name}, ${on.length} calls one after another, ${claims} claims vs an empty store`,
      figure: `p50 ${ms(on, 0.5)} vs ${ms(off, 0.5)}, p99 ${ms(on, 0.99)} vs ${ms(off, 0.99)}`,
      budget: `p99 within ${VOLUME_P99_FACTOR}x of empty`,
      within: loadedAll && percentileOf(on, 0.99) <= VOLUME_P99_FACTOR * percentileOf(off, 0.99),
    });
  }
  return lines;
}

const mb = (bytes: number | null) =>
  bytes === null ? 'unknown' : `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** One claim sent through a throwaway stack's gateway, as the gateway stored it. */
async function sentClaimTemplate(): Promise<ClaimTemplate> {
  const stack = await startLocalStack({ web: 'none', log: () => undefined });
  try {
    return await sendClaimToCopy(stack.firestore);
  } finally {
    await stack.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const claims = Number(process.argv[2] ?? STORED_CLAIMS);
  const template = await sentClaimTemplate();
  console.log(
    `A sent claim made ${template.lines.length} documents (${template.bytes} bytes); measuring npm start...`,
  );
  for (const { path } of template.lines)
    console.log(
      `    ${path
        .replace(/^.*?\/documents\//, '')
        .split(template.uid)
        .join('{uid}')}`,
    );
  const empty = await measureStartup(0);
  const full = await measureStartup(claims, template);
  const loadSeconds = ((full.readyMs - empty.readyMs) / 1000).toFixed(1);
  console.log(
    `npm start with ${claims.toLocaleString('en-GB')} sent claims (${mb(full.storeBytes)} on disk): ready in ${(full.readyMs / 1000).toFixed(1)} s (loading adds ${loadSeconds} s), peak RSS ${mb(full.peakRssBytes)} (${mb(empty.peakRssBytes)} empty), stopped in ${(full.stopMs / 1000).toFixed(1)} s`,
  );
  let held = true;
  for (const line of volumeLines(empty, full)) {
    console.log(
      `${line.label}: ${line.figure} (budget ${line.budget})${line.within ? '  ok' : '  OVER BUDGET'}`,
    );
    held &&= line.within;
  }
  process.exitCode = held ? 0 : 1;
}
