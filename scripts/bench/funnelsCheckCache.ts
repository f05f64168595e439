/**
 * funnels:check with its cache on the bench's 100 funnels x 10 pages (bench-funnels-check.ts):
 * cold (no cache file), unchanged (every result recorded) and after one page schema changed
 * (one funnel checked again). Each figure is the check in this process, as the CLI runs it,
 * excluding Node start-up; the warm figures are the median of RUNS. Each is given as wall time
 * and as the CPU time this process used (user + system), which a busy machine inflates less.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { writeProject } from '../bench-funnels-check';
import { checkFunnels, formatProblem } from '../funnels-check';
import { registryDirectories } from '../lib/registryFiles';

const RUNS = 3;

export interface FunnelsCheckCacheFigures {
  coldMs: number;
  unchangedMs: number;
  oneFileChangedMs: number;
  /** CPU time (user + system) of the same runs. */
  cpuMs: { cold: number; unchanged: number; oneFileChanged: number };
  /** Funnels whose examples were checked again after the one change (should be 1). */
  recheckedAfterChange: number;
}

function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

export async function benchFunnelsCheckCache(): Promise<FunnelsCheckCacheFigures> {
  const root = await mkdtemp(path.join(tmpdir(), 'bench-funnels-cache-'));
  try {
    await writeProject(root);
    const directories = registryDirectories(root);
    const cacheFile = path.join(root, 'cache', 'funnels-check.json');
    const timed = async () => {
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      const summary = await checkFunnels(directories, root, { cacheFile });
      const ms = performance.now() - started;
      const cpu = process.cpuUsage(cpuBefore);
      const cpuMs = (cpu.user + cpu.system) / 1000;
      if (summary.problems.length > 0) {
        throw new Error(
          `the generated funnels should be valid:\n${summary.problems.slice(0, 5).map(formatProblem).join('\n')}`,
        );
      }
      return { ms, cpuMs, summary };
    };
    const cold = await timed();
    const unchanged: number[] = [];
    const unchangedCpu: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await timed();
      unchanged.push(run.ms);
      unchangedCpu.push(run.cpuMs);
    }
    const changed: number[] = [];
    const changedCpu: number[] = [];
    let rechecked = 0;
    const schemaFile = path.join(directories.schemas, 'bench-7-4.schema.json');
    for (let i = 0; i < RUNS; i++) {
      const schema = JSON.parse(await readFile(schemaFile, 'utf8'));
      schema.properties.name.title = `Name ${i}`;
      await writeFile(schemaFile, JSON.stringify(schema, null, 2));
      const run = await timed();
      changed.push(run.ms);
      changedCpu.push(run.cpuMs);
      rechecked = run.summary.cache.checkedFunnels.length;
    }
    return {
      coldMs: cold.ms,
      unchangedMs: median(unchanged),
      oneFileChangedMs: median(changed),
      cpuMs: {
        cold: cold.cpuMs,
        unchanged: median(unchangedCpu),
        oneFileChanged: median(changedCpu),
      },
      recheckedAfterChange: rechecked,
    };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
