/**
 * Every funnel's first page as a claimant on a mid-range phone meets it: the prerendered
 * pages the build wrote (dist/form/…/index.html), each opened in a fresh session under 4×
 * CPU throttling and a slow-4G network, timed to first paint, largest paint and "first
 * question ready" (the app's `first-question-ready` mark: the form hydrated and sendable),
 * with the JavaScript fetched before that moment.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { PREVIEW_ORIGIN } from './browser';

/** Lighthouse's mobile profile: slow 4G (150 ms RTT, 1.6 Mb/s down, 750 kb/s up), 4× CPU. */
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;

export interface FirstPageSample {
  /** App JS files (as `assets/x.js`) whose request started before the first question was ready. */
  criticalScripts: string[];
  fcpMs: number;
  lcpMs: number;
  readyMs: number;
}

/** The in-app paths of the pages the build prerendered, such as `/form/start/`. */
export function prerenderedPaths(outDir: string): string[] {
  const found: string[] = [];
  const visit = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) visit(full);
      else if (name === 'index.html' && dir !== outDir) {
        found.push(`/${path.relative(outDir, dir).split(path.sep).join('/')}/`);
      }
    }
  };
  visit(path.join(outDir, 'form'));
  return found.sort();
}

/** Opens one first page in a fresh session, throttled, and measures it. */
export async function measureFirstPage(
  browser: Browser,
  pagePath: string,
): Promise<FirstPageSample> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: number };
      w.__lcp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(`${PREVIEW_ORIGIN}${pagePath}`, { waitUntil: 'commit' });
    await page.waitForFunction(
      () => performance.getEntriesByName('first-question-ready').length > 0,
      null,
      { timeout: 60_000 },
    );
    // The largest paint may come after the question is ready (a banner drawn by the app):
    // read it once the page has settled.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    return await page.evaluate((origin) => {
      const ready = performance.getEntriesByName('first-question-ready')[0]!.startTime;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
      const criticalScripts = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime < ready && entry.name.startsWith(origin))
        .map((entry) => new URL(entry.name).pathname.replace(/^\//, ''))
        .filter((file) => file.endsWith('.js'));
      const lcp = (window as unknown as { __lcp: number }).__lcp;
      return { criticalScripts, fcpMs: fcp, lcpMs: lcp, readyMs: ready };
    }, PREVIEW_ORIGIN);
  } finally {
    await context.close();
  }
}
