/**
 * Lighthouse's mobile performance score of a page, as PageSpeed Insights computes it: the
 * default (mobile) config, with its simulated slow-4G and 4× CPU throttling. Chromium is
 * Debian's, started by Playwright with a debugging port Lighthouse attaches to.
 */
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/support/chromium';

const DEBUGGING_PORT = 9333;

export interface LighthouseSample {
  /** 0-100, as Lighthouse reports it. */
  performance: number;
}

/** Runs Lighthouse `runs` times on `url`, each in a fresh browser (no warm cache). */
export async function lighthouseRuns(url: string, runs: number): Promise<LighthouseSample[]> {
  const samples: LighthouseSample[] = [];
  // A run Lighthouse itself could not record (it says "run Lighthouse again") is run again, once.
  let retries = 1;
  for (let i = 0; i < runs; i++) {
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, `--remote-debugging-port=${DEBUGGING_PORT}`],
    });
    try {
      const result = await lighthouse(url, {
        port: DEBUGGING_PORT,
        onlyCategories: ['performance'],
        logLevel: 'error',
        output: 'json',
      });
      const score = result?.lhr.categories.performance?.score;
      if (typeof score !== 'number' && retries > 0) {
        retries -= 1;
        i -= 1;
        continue;
      }
      if (typeof score !== 'number') {
        const warning = result?.lhr.runtimeError?.message ?? 'no performance score';
        throw new Error(`Lighthouse on ${url}: ${warning}`);
      }
      samples.push({ performance: Math.round(score * 100) });
    } finally {
      await browser.close();
    }
  }
  return samples;
}
