/**
 * `npm run bench`: measures each performance budget of the funnel runtime and prints
 * it against its budget, one line each. It measures, it does not assert: the exit code is 0
 * unless a measurement could not be taken.
 *
 * It builds the app (VITE_USE_EMULATORS=1) into a temporary directory, serves it with
 * `vite preview` on port 4173 and drives it with headless Chromium against a local backend
 * of its own: emulators started empty for the run and thrown away after, so nothing it seeds
 * reaches the developer's `.data/local` (stop `npm start` first: they share ports). Then it
 * times `npm start` itself on throwaway stores. Every server it starts is stopped before it
 * exits.
 *
 * `npx tsx scripts/bench.ts --only uploads` builds, starts the same stack and preview, and
 * measures the evidence uploads (i) alone.
 */
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from '@playwright/test';
import { PREVIEW_ORIGIN, launchBrowser, startPreview, type PreviewServer } from './bench/browser';
import { totalGzipped } from './bench/bundle';
import { FIRST_LOAD_BUDGET_KB, firstLoad } from './bench/firstLoad';
import { measureContinue, type ContinueSample } from './bench/claimantStep';
import { measureFirstPage, prerenderedPaths, type FirstPageSample } from './bench/firstPages';
import { measureFunnelPages } from './bench/funnelPages';
import { lighthouseRuns } from './bench/lighthouse';
import { benchStaffList } from './bench/staffList';
import { benchFunnelsCheckCache } from './bench/funnelsCheckCache';
import { CLAIMANT_COUNTS, describeLoad, loadHeld, runClaimantLoad } from './bench/claimantLoad';
import { hotDocuments, kindOfPath, writeRecorder, type DocumentWrite } from './bench/hotDocuments';
import { sendClaimToCopy, type ClaimTemplate } from './bench/realClaims';
import { measureStartup, STORED_CLAIMS, volumeLines } from './bench/startupWithClaims';
import { measureWritesPerPage } from './bench/writesPerPage';
import {
  FILES_PER_CLAIMANT,
  LOAD_CLAIMANTS,
  measureSlowLink,
  measureThroughput,
  runUploadLoad,
  SLOW_4G,
  UPLOAD_RUNS,
} from './bench/evidenceUploads';
import { AUTOSAVE_EVERY_MS, startLocalStack, type LocalStack } from './stack/localStack';
import { isPortInUse } from './stack/processes';
import { EMULATOR_HOST, EMULATOR_PORTS } from '../src/runtime/constants';
import { COUNTED_IN_THEIR_TRANSACTION } from '../src/gateway/handlers/countedInTransaction';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const BUDGETS = {
  firstLoadKb: FIRST_LOAD_BUDGET_KB,
  furtherStepKb: 0,
  continueMs: 50,
  gatewayCallsPerPage: 1,
  firestoreWritesPerPage: 2,
  /** Firestore sustains about one write a second on one document. */
  writesPerDocumentPerSecond: 1,
  funnelsCheckMs: 2000,
  funnelsCheckCache: { coldMs: 3000, oneFileChangedMs: 500, unchangedMs: 300 },
  storeLoadMs: 30_000,
  /** A Firestore call made while the local store is being saved. */
  callDuringSaveP99Ms: 200,
  lighthouseMobile: 95,
  /** One claimant's 10 MB upload on the local stack, startUpload to finishUpload (MB/s). */
  uploadMBps: 5,
  /** Over the slow-4G link's line rate for a 10 MB photo's bytes. */
  slowLinkOverheadPercent: 15,
  uploadsLost: 0,
};
const CONTINUE_RUNS = 5;
const FIRST_PAGE_RUNS = 5;
const LIGHTHOUSE_RUNS = 5;

function report(label: string, figure: string, budget: string, within: boolean | undefined): void {
  const verdict = within === undefined ? '' : within ? '  ok' : '  OVER BUDGET';
  console.log(`${label}: ${figure} (budget ${budget})${verdict}`);
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Runs a command to completion, resolving with its output; rejects on a non-zero exit. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`));
    });
  });
}

async function benchFirstLoad(outDir: string): Promise<void> {
  const { files, bytes } = firstLoad(outDir);
  report(
    '(a) first load of a funnel step (/form/start/), gzipped JS',
    `${kb(bytes)} in ${files.length} files`,
    `${BUDGETS.firstLoadKb} KB`,
    bytes <= BUDGETS.firstLoadKb * 1024,
  );
}

/** Every funnel's first page, prerendered, throttled like a mid-range phone on slow 4G. */
async function benchFirstPages(outDir: string, browser: Browser): Promise<void> {
  for (const pagePath of prerenderedPaths(outDir)) {
    const samples: FirstPageSample[] = [];
    for (let i = 0; i < FIRST_PAGE_RUNS; i++)
      samples.push(await measureFirstPage(browser, pagePath));
    const scripts = [...new Set(samples.flatMap((sample) => sample.criticalScripts))];
    const bytes = totalGzipped(outDir, scripts);
    report(
      `(a) critical JS of ${pagePath}, as fetched before its first question is ready`,
      `${kb(bytes)} in ${scripts.length} files`,
      `${BUDGETS.firstLoadKb} KB`,
      bytes <= BUDGETS.firstLoadKb * 1024,
    );
    const ms = (pick: (sample: FirstPageSample) => number) =>
      `${median(samples.map(pick)).toFixed(0)} ms`;
    report(
      `    ${pagePath} with 4x CPU and slow 4G, median of ${FIRST_PAGE_RUNS}`,
      `FCP ${ms((x) => x.fcpMs)}, LCP ${ms((x) => x.lcpMs)}, first question ready ${ms((x) => x.readyMs)}`,
      'measured, no budget of its own',
      undefined,
    );
  }
}

/** Per funnel, the page (on its example's path) that fetches the most JS before it is ready. */
async function benchLargestPages(outDir: string, browser: Browser): Promise<void> {
  const samples = await measureFunnelPages(browser, root);
  for (const funnelId of [...new Set(samples.map((sample) => sample.funnelId))]) {
    const sized = samples
      .filter((sample) => sample.funnelId === funnelId)
      .map((sample) => ({ ...sample, bytes: totalGzipped(outDir, sample.criticalScripts) }))
      .sort((a, b) => b.bytes - a.bytes);
    const largest = sized[0]!;
    report(
      `(a) critical JS of ${funnelId}'s largest page (${largest.pageId}), opened directly with a cold cache`,
      `${kb(largest.bytes)} in ${largest.criticalScripts.length} files [${sized
        .map((sample) => `${sample.pageId} ${kb(sample.bytes)}`)
        .join(', ')}]`,
      'measured, no budget of its own',
      undefined,
    );
  }
}

/** Lighthouse mobile performance of every prerendered first page, median of LIGHTHOUSE_RUNS. */
async function benchLighthouse(outDir: string): Promise<void> {
  for (const pagePath of prerenderedPaths(outDir)) {
    const scores = (await lighthouseRuns(`${PREVIEW_ORIGIN}${pagePath}`, LIGHTHOUSE_RUNS)).map(
      (sample) => sample.performance,
    );
    const score = median(scores);
    report(
      `(e) Lighthouse 12 mobile performance of ${pagePath}, median of ${LIGHTHOUSE_RUNS}`,
      `${score} [runs: ${scores.join(', ')}]`,
      `at least ${BUDGETS.lighthouseMobile}`,
      score >= BUDGETS.lighthouseMobile,
    );
  }
}

async function benchInBrowser(outDir: string, browser: Browser): Promise<void> {
  await benchFirstPages(outDir, browser);
  await benchLargestPages(outDir, browser);

  const samples: ContinueSample[] = [];
  for (let i = 0; i < CONTINUE_RUNS; i++) samples.push(await measureContinue(browser));

  const newScripts = [...new Set(samples.flatMap((sample) => sample.newScripts))];
  const newBytes = totalGzipped(outDir, newScripts);
  report(
    '(a) new JS for a further step (start -> address)',
    `${kb(newBytes)} in ${newScripts.length} files${newScripts.length ? `: ${newScripts.join(', ')}` : ''}`,
    `${BUDGETS.furtherStepKb} KB`,
    newBytes <= BUDGETS.furtherStepKb * 1024,
  );

  const toHeading = median(samples.map((sample) => sample.toHeadingMs));
  const toFrame = median(samples.map((sample) => sample.toFrameMs));
  report(
    `(b) Continue on a valid page to the next page's heading, median of ${CONTINUE_RUNS}`,
    `${toHeading.toFixed(1)} ms in the DOM, ${toFrame.toFixed(1)} ms to the next frame [runs: ${samples
      .map((sample) => sample.toHeadingMs.toFixed(1))
      .join(', ')} ms]`,
    `${BUDGETS.continueMs} ms`,
    toFrame <= BUDGETS.continueMs,
  );

  const calls = Math.max(...samples.map((sample) => sample.gatewayCalls));
  const statuses = [...new Set(samples.flatMap((sample) => sample.gatewayStatuses))];
  const saved = statuses.length > 0 && statuses.every((status) => status === 200);
  report(
    '(c) gateway calls per completed page (most in one Continue)',
    `${calls} [HTTP ${statuses.join(', ') || 'none'}${saved ? '' : ': the save did not succeed from the preview origin'}]`,
    `at most ${BUDGETS.gatewayCallsPerPage}`,
    calls <= BUDGETS.gatewayCallsPerPage,
  );
}

/** Firestore documents each page's save writes, counted in the emulator (writesPerPage.ts). */
async function benchWritesPerPage(): Promise<void> {
  const pages = await measureWritesPerPage();
  const most = Math.max(...pages.map((page) => page.total));
  report(
    '(c) Firestore documents written per page saved, counted in the emulator (rate-limit counts included)',
    `${pages
      .map(
        (page) =>
          `${page.pageId} ${page.total} (${Object.entries(page.byCollection)
            .map(([collection, count]) => `${collection} ${count}`)
            .join(', ')})`,
      )
      .join('; ')}; ${
      COUNTED_IN_THEIR_TRANSACTION.has('saveAnswers')
        ? "in one transaction: the claim, and the claimant's own users document (their profile, and their rate-limit counts)"
        : "in 2 transactions: the caller's rate-limit counts, then the save"
    }`,
    `at most ${BUDGETS.firestoreWritesPerPage}`,
    most <= BUDGETS.firestoreWritesPerPage,
  );
}

async function benchFunnelsCheck(): Promise<void> {
  let output: string;
  try {
    output = await run('npx', ['tsx', 'scripts/bench-funnels-check.ts']);
  } catch (error) {
    // It exits 1 when over budget; its figure is still in the output.
    output = (error as Error).message;
  }
  const match = /funnels:check on (\d+) funnels x (\d+) pages: (\d+) ms/.exec(output);
  if (!match) throw new Error(`no figure in the output of bench-funnels-check:\n${output}`);
  const ms = Number(match[3]);
  report(
    `(d) funnels:check on ${match[1]} funnels x ${match[2]} pages`,
    `${ms} ms`,
    `${BUDGETS.funnelsCheckMs} ms`,
    ms < BUDGETS.funnelsCheckMs,
  );
}

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

/**
 * Evidence uploads (evidenceUploads.ts): throughput, a photo on slow 4G, many at once; false
 * when a figure could not be taken or a file was lost.
 */
async function benchEvidenceUploads(browser: Browser | undefined): Promise<boolean> {
  let held = true;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const mbps = (bytes: number, ms: number) => bytes / 1e6 / (ms / 1000);
  try {
    const figures = await measureThroughput(UPLOAD_RUNS);
    const rates = figures.runsMs.map((ms) => mbps(figures.bytes, ms));
    const rate = median(rates);
    report(
      `(i) one claimant's 10 MB JPEG on the local stack: startUpload, ${figures.chunks} chunked PUTs, finishUpload; median of ${UPLOAD_RUNS}`,
      `${rate.toFixed(1)} MB/s, ${median(figures.runsMs).toFixed(0)} ms in all (PUTs alone ${median(figures.bytesMs).toFixed(0)} ms, ${mbps(figures.bytes, median(figures.bytesMs)).toFixed(1)} MB/s) [runs: ${figures.runsMs.map((ms) => ms.toFixed(0)).join(', ')} ms]`,
      `at least ${BUDGETS.uploadMBps} MB/s locally`,
      rate >= BUDGETS.uploadMBps,
    );
  } catch (error) {
    held = false;
    console.log(`(i) upload throughput not measured: ${(error as Error).message.split('\n')[0]}`);
  }
  try {
    if (!browser) throw new Error('no browser');
    const figures = await measureSlowLink(browser);
    const overhead = (figures.ms / figures.lineRateMs - 1) * 100;
    report(
      `(i) a 10 MB photo from a page of the site on slow 4G (Lighthouse: ${SLOW_4G.latency} ms RTT, ${((SLOW_4G.uploadThroughput * 8) / 1024).toFixed(0)} Kbps up), ${figures.requests} XHR chunks of ${figures.chunkBytes / 1024} KiB`,
      `${seconds(figures.ms)}; the link's line rate needs ${seconds(figures.lineRateMs)}: ${overhead >= 0 ? '+' : ''}${overhead.toFixed(1)}% over it`,
      `within ${BUDGETS.slowLinkOverheadPercent}% of the line rate`,
      overhead <= BUDGETS.slowLinkOverheadPercent,
    );
  } catch (error) {
    held = false;
    console.log(`(i) the slow-4G upload not measured: ${(error as Error).message.split('\n')[0]}`);
  }
  try {
    const figures = await runUploadLoad(LOAD_CLAIMANTS);
    report(
      `(i) ${figures.claimants} claimants at once, ${FILES_PER_CLAIMANT} files each (1-3 MB, PDF/JPEG/PNG, ${(figures.bytes / 1e6).toFixed(0)} MB), then the check page saved with them`,
      `all done in ${seconds(figures.wallMs)}; per file p50 ${seconds(percentile(figures.fileMs, 0.5))}, p95 ${seconds(percentile(figures.fileMs, 0.95))}; ${figures.retries} retries, ${figures.serverErrors} answers >= 500; ${figures.lost.length} of ${figures.files} files lost (Storage and the stored answers read back)`,
      `${BUDGETS.uploadsLost} lost`,
      figures.lost.length <= BUDGETS.uploadsLost,
    );
    for (const problem of figures.lost.slice(0, 10)) console.log(`    ${problem}`);
    if (figures.lost.length > 0) held = false;
  } catch (error) {
    held = false;
    console.log(`(i) uploads at once not measured: ${(error as Error).message.split('\n')[0]}`);
  }
  return held;
}

/** The client addresses a load run's claimants share, as a few mobile networks' would. */
const LOAD_ADDRESSES = 10;

/**
 * Many claimants at once (g): false when anything was lost or doubled (or not measured), or a
 * document was hot. The largest run goes again with every claimant behind one address (an
 * office, a mobile network): none may be refused.
 */
async function benchLoad(firestoreWrites: ReturnType<typeof writeRecorder>): Promise<boolean> {
  const runs: [number, number][] = [
    ...CLAIMANT_COUNTS.map((count): [number, number] => [count, Math.ceil(count / LOAD_ADDRESSES)]),
    [Math.max(...CLAIMANT_COUNTS), Math.max(...CLAIMANT_COUNTS)],
  ];
  let held = true;
  try {
    for (const [count, perAddress] of runs) {
      const from = firestoreWrites.writes.length;
      const figures = await runClaimantLoad(count, perAddress);
      const writes = firestoreWrites.writes.slice(from);
      const behind =
        perAddress >= count ? 'one address' : `${Math.ceil(count / perAddress)} addresses`;
      held = reportLoad(figures, writes, behind) && held;
    }
  } catch (error) {
    console.log(`(g) claimants at once not measured: ${(error as Error).message.split('\n')[0]}`);
    return false;
  }
  return held;
}

/**
 * `npm start` on an empty store and on STORED_CLAIMS copies of a claim the bench's stack
 * sent (realClaims.ts); false when it could not run.
 */
async function benchStartup(template: ClaimTemplate | null): Promise<boolean> {
  try {
    if (!template) throw new Error('no sent claim was captured to copy');
    const empty = await measureStartup(0);
    const full = await measureStartup(STORED_CLAIMS, template);
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const loadMs = full.readyMs - empty.readyMs;
    const calls = full.callsDuringSavesMs;
    const p = (q: number) => calls[Math.min(calls.length - 1, Math.floor(q * calls.length))] ?? 0;
    const mb = (bytes: number | null) =>
      bytes === null ? 'unknown' : `${(bytes / 1024 / 1024).toFixed(0)} MB`;
    // A store that did not load what was written measured something else: its lines fail.
    const loadedAll = full.loadedDocuments === full.writtenDocuments;
    report(
      `(h) npm start with ${STORED_CLAIMS.toLocaleString('en-GB')} sent claims as the gateway stores them (${template.lines.length} documents a claim, ${mb(full.storeBytes)}, ${full.writtenDocuments.toLocaleString('en-GB')} documents written, ${full.loadedDocuments.toLocaleString('en-GB')} loaded; peak RSS ${mb(full.peakRssBytes)})`,
      `ready in ${seconds(full.readyMs)}, ${seconds(empty.readyMs)} with an empty store: loading them adds ${seconds(loadMs)}; Ctrl-C stopped it in ${seconds(full.stopMs)}`,
      `loading ${seconds(BUDGETS.storeLoadMs)}`,
      loadedAll && loadMs <= BUDGETS.storeLoadMs,
    );
    report(
      `(h) Firestore calls while that store saves every ${AUTOSAVE_EVERY_MS / 1000} s (${calls.length} calls)`,
      `p50 ${p(0.5).toFixed(0)} ms, p99 ${p(0.99).toFixed(0)} ms, max ${p(1).toFixed(0)} ms`,
      `p99 ${BUDGETS.callDuringSaveP99Ms} ms`,
      loadedAll && p(0.99) <= BUDGETS.callDuringSaveP99Ms,
    );
    let held = loadedAll;
    for (const line of volumeLines(empty, full)) {
      report(line.label, line.figure, line.budget, line.within);
      held &&= line.within;
    }
    return held;
  } catch (error) {
    console.log(
      `(h) npm start's start-up not measured: ${(error as Error).message.split('\n')[0]}`,
    );
    return false;
  }
}

/**
 * The bench runs stacks of its own on the local stack's ports, and its `npm start` runs start
 * a dev server of their own: beside a running `npm start` it would fail half-way or disturb
 * it. So it refuses at once, before building anything, naming the port that is taken.
 */
async function portTaken(): Promise<string | null> {
  for (const [name, port] of Object.entries(EMULATOR_PORTS)) {
    if (await isPortInUse(EMULATOR_HOST, port)) return `${port} (${name})`;
  }
  return null;
}

/** The parts that run alone (`--only <part>`); null: the whole bench. */
const PARTS = ['uploads', 'load'] as const;
type Part = (typeof PARTS)[number];

function onlyPart(args: readonly string[]): Part | null {
  if (args.length === 0) return null;
  const part = args[0] === '--only' ? args[1] : undefined;
  if (args.length !== 2 || !PARTS.includes(part as Part)) {
    throw new Error(`usage: npx tsx scripts/bench.ts [--only ${PARTS.join('|')}]`);
  }
  return part as Part;
}

/**
 * The bench's own stack, empty. Its site is the preview the bench serves (SITE_URL), so upload
 * sessions are made for that origin, as production's are for the site's.
 */
function startBenchStack(
  work: string,
  onFirestoreWrite?: (path: string) => void,
): Promise<LocalStack> {
  const stackLog = path.join(work, 'stack.log');
  return startLocalStack({
    web: 'none',
    log: (line) => appendFileSync(stackLog, `${line}\n`),
    gatewayEnv: { SITE_URL: PREVIEW_ORIGIN },
    ...(onFirestoreWrite ? { onFirestoreWrite } : {}),
  });
}

/**
 * The (g) lines of one load run: the claimants' figures, then how often any one document was
 * written during it. False when something was lost or doubled, or a document was written more
 * than once a second sustained (a minute's worth).
 */
function reportLoad(
  figures: Awaited<ReturnType<typeof runClaimantLoad>>,
  writes: readonly DocumentWrite[],
  behind: string,
): boolean {
  for (const line of describeLoad(figures)) console.log(`(g) ${line}`);
  const hot = hotDocuments(writes);
  const minuteBudget = BUDGETS.writesPerDocumentPerSecond * 60;
  report(
    `(g) hot documents, ${figures.claimants} claimants behind ${behind}: the most writes the emulator made to one document (${hot.writes.toLocaleString('en-GB')} writes to ${hot.documents.toLocaleString('en-GB')} documents)`,
    `${hot.inAnySecond.writes} in any second (${kindOfPath(hot.inAnySecond.path) || 'none'}), ${hot.inAnyMinute.writes} in any minute (${kindOfPath(hot.inAnyMinute.path) || 'none'})`,
    `${BUDGETS.writesPerDocumentPerSecond} a second sustained: ${minuteBudget} in a minute`,
    hot.inAnyMinute.writes <= minuteBudget,
  );
  return loadHeld(figures) && hot.inAnyMinute.writes <= minuteBudget;
}

async function main(): Promise<number> {
  let only: Part | null;
  try {
    only = onlyPart(process.argv.slice(2));
  } catch (error) {
    console.error(`bench: ${(error as Error).message}`);
    return 2;
  }
  const taken = await portTaken();
  if (taken) {
    console.error(
      `bench: port ${taken} on ${EMULATOR_HOST} is in use. The bench runs its own local stack on ` +
        'the same ports: stop `npm start` (or a running `npm test`) first, then run it again. ' +
        'Nothing was changed.',
    );
    return 2;
  }
  const work = await mkdtemp(path.join(tmpdir(), 'vehicle-claims-bench-'));
  const firestoreWrites = writeRecorder();
  const outDir = path.join(work, 'dist');
  let preview: PreviewServer | undefined;
  let browser: Browser | undefined;
  let stack: LocalStack | undefined;
  let failed = false;
  const cleanUp = async (): Promise<void> => {
    await browser?.close().catch(() => undefined);
    await preview?.stop().catch(() => undefined);
    await stack?.stop().catch(() => undefined);
    browser = undefined;
    preview = undefined;
    stack = undefined;
    await rm(work, { recursive: true, force: true });
  };
  const onSignal = (): void => void cleanUp().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    if (only === 'load') {
      // The claim path at volume alone: no build, no browser.
      console.log('bench: starting a throwaway local backend (empty emulators)...');
      stack = await startBenchStack(work, firestoreWrites.record);
      try {
        await benchWritesPerPage();
      } catch (error) {
        failed = true;
        console.log(
          `(c) Firestore writes not measured: ${(error as Error).message.split('\n')[0]}`,
        );
      }
      failed = !(await benchLoad(firestoreWrites)) || failed;
      return failed ? 1 : 0;
    }
    console.log('bench: building the app (VITE_USE_EMULATORS=1)...');
    await run(
      'npx',
      [
        'vite',
        'build',
        '--configLoader',
        'runner',
        '--outDir',
        outDir,
        '--emptyOutDir',
        '--logLevel',
        'warn',
      ],
      {
        VITE_USE_EMULATORS: '1',
      },
    );
    if (only === 'uploads') {
      console.log('bench: starting a throwaway local backend (empty emulators)...');
      stack = await startBenchStack(work);
      preview = await startPreview(root, outDir);
      browser = await launchBrowser();
      failed = !(await benchEvidenceUploads(browser));
      return failed ? 1 : 0;
    }
    await benchFirstLoad(outDir);
    console.log('bench: starting a throwaway local backend (empty emulators)...');
    stack = await startBenchStack(work, firestoreWrites.record);
    try {
      preview = await startPreview(root, outDir);
      browser = await launchBrowser();
      await benchInBrowser(outDir, browser);
      await benchLighthouse(outDir);
    } catch (error) {
      failed = true;
      console.log(
        `(a, b, c) browser figures not measured: ${(error as Error).message.split('\n')[0]}`,
      );
    }
    try {
      await benchWritesPerPage();
    } catch (error) {
      failed = true;
      console.log(`(c) Firestore writes not measured: ${(error as Error).message.split('\n')[0]}`);
    }
    await benchFunnelsCheck();
    const cache = await benchFunnelsCheckCache();
    for (const [label, key, cpu] of [
      ['cold (no cache)', 'coldMs', 'cold'],
      ['one page schema changed', 'oneFileChangedMs', 'oneFileChanged'],
      ['nothing changed', 'unchangedMs', 'unchanged'],
    ] as const) {
      report(
        `(d) funnels:check with its cache on 100 funnels x 10 pages, ${label}`,
        `${cache[key].toFixed(0)} ms (CPU ${cache.cpuMs[cpu].toFixed(0)} ms)${key === 'oneFileChangedMs' ? `, ${cache.recheckedAfterChange} funnel checked again` : ''}`,
        `${BUDGETS.funnelsCheckCache[key]} ms`,
        cache[key] <= BUDGETS.funnelsCheckCache[key],
      );
    }
    try {
      for (const figure of await benchStaffList()) {
        report(
          `(f) staff list, first page of ${figure.seeded.toLocaleString('en-GB')} sent claims`,
          `${figure.documentsRead} documents read, ${figure.medianMs.toFixed(0)} ms median of 5`,
          'reads per page do not grow with the number of claims',
          undefined,
        );
        report(
          `(f) staff CSV export of ${figure.seeded.toLocaleString('en-GB')} sent claims (a column per question)`,
          `${figure.exportedRows.toLocaleString('en-GB')} rows, ${(figure.exportBytes / 1024 / 1024).toFixed(1)} MB in ${(figure.exportMs / 1000).toFixed(1)} s`,
          'every claim exported once; the time is what docs/operator.md states',
          figure.exportedRows === figure.seeded,
        );
      }
    } catch (error) {
      failed = true;
      console.log(`(f) staff list not measured: ${(error as Error).message.split('\n')[0]}`);
    }
    if (!(await benchLoad(firestoreWrites))) failed = true;
    // A claim sent now, with every document it made: the start-up figures copy it.
    const template = await sendClaimToCopy(stack.firestore).catch((error: Error) => {
      console.log(`(h) no sent claim to copy: ${error.message}`);
      return null;
    });
    failed = !(await benchEvidenceUploads(browser)) || failed;
    await stack.stop();
    stack = undefined;
    failed = !(await benchStartup(template)) || failed;
  } catch (error) {
    failed = true;
    console.error(`bench: ${(error as Error).message}`);
  } finally {
    await cleanUp();
  }
  return failed ? 1 : 0;
}

process.exitCode = await main();
