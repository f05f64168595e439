/**
 * Fails when the built-in funnel's first page loads more JavaScript than its budget
 * (scripts/bench/firstLoad.ts, the figure `npm run bench` reports), or when its HTML does not
 * name exactly the files it needs before it can render. Part of `npm test`, on the build the
 * test stack made (`--out-dir=dist`); alone, it builds the app once into a temporary folder,
 * as the bench does (VITE_USE_EMULATORS=1).
 *
 * Usage: tsx scripts/size-check.ts [--out-dir=<a built app>]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzippedSize } from './bench/bundle';
import {
  FIRST_LOAD_BUDGET_KB,
  firstLoad,
  START_PAGE,
  startPagePreloadProblems,
} from './bench/firstLoad';

const root = path.resolve(import.meta.dirname, '..');
const given = process.argv.find((arg) => arg.startsWith('--out-dir='))?.slice('--out-dir='.length);
const outDir = given ? path.resolve(root, given) : mkdtempSync(path.join(tmpdir(), 'size-check-'));

try {
  if (!given) {
    console.log('size:check: building the app…');
    const built = spawnSync(
      'npx',
      ['vite', 'build', '--configLoader', 'runner', '--logLevel', 'warn', '--outDir', outDir],
      { cwd: root, stdio: 'inherit', env: { ...process.env, VITE_USE_EMULATORS: '1' } },
    );
    if (built.status !== 0) throw new Error('size:check: the build failed');
  }
  const { files, bytes } = firstLoad(outDir);
  const kb = (n: number) => `${(n / 1024).toFixed(2)} KB`;
  const problems = startPagePreloadProblems(outDir);
  if (bytes > FIRST_LOAD_BUDGET_KB * 1024) {
    const each = files.map((file) => `  ${kb(gzippedSize(outDir, file)).padStart(10)}  ${file}`);
    problems.push(
      `${START_PAGE} loads ${kb(bytes)} of JavaScript gzipped, over its budget of ` +
        `${FIRST_LOAD_BUDGET_KB} KB:\n${each.join('\n')}\n` +
        'Move what the first page does not need to draw and answer its first question behind an import().',
    );
  }
  if (problems.length > 0) {
    for (const problem of problems) console.error(`size:check: ${problem}`);
    process.exitCode = 1;
  } else {
    console.log(
      `size:check: ${START_PAGE} loads ${kb(bytes)} of JavaScript gzipped in ${files.length} ` +
        `files (budget ${FIRST_LOAD_BUDGET_KB} KB), and its HTML names each of them`,
    );
  }
} finally {
  if (!given) rmSync(outDir, { recursive: true, force: true });
}
