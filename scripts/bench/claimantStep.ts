/**
 * Continue on the built-in funnel's valid start page, measured in the browser: how soon the
 * address page shows, which gateway calls it makes and which JavaScript it fetches.
 */
import type { Browser, Request } from '@playwright/test';
import {
  PREVIEW_ORIGIN,
  addressHeading,
  continueButton,
  fillStartPage,
  openStartPage,
} from './browser';

export interface ContinueSample {
  /** Click on Continue to the address page's heading in the DOM, in ms (page clock). */
  toHeadingMs: number;
  /** Click to the first animation frame after that, in ms: when it can be painted. */
  toFrameMs: number;
  /** Gateway calls made from the click until the save settled. */
  gatewayCalls: number;
  /** HTTP statuses of those calls (a failed save still counts as a call). */
  gatewayStatuses: number[];
  /** JS files fetched from the click on. */
  newScripts: string[];
}

interface PageTimes {
  click?: number;
  heading?: number;
  frame?: number;
}

const isGatewayCall = (request: Request): boolean =>
  request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/gateway');

const appScriptPath = (url: string): string | undefined => {
  if (!url.startsWith(PREVIEW_ORIGIN) || !url.endsWith('.js')) return undefined;
  return new URL(url).pathname.replace(/^\//, '');
};

/** One claimant, in a fresh session (a new anonymous user), pressing Continue once. */
export async function measureContinue(browser: Browser): Promise<ContinueSample> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await openStartPage(page);
    await fillStartPage(page);
    // Let the blur validation and any start-up calls settle before the clock starts.
    await page.waitForLoadState('networkidle');

    const gateway: Request[] = [];
    const newScripts: string[] = [];
    page.on('request', (request) => {
      if (isGatewayCall(request)) gateway.push(request);
      const file = appScriptPath(request.url());
      if (file) newScripts.push(file);
    });
    await page.evaluate(() => {
      const times: PageTimes = {};
      (window as unknown as { __benchTimes: PageTimes }).__benchTimes = times;
      document.addEventListener('click', () => void (times.click ??= performance.now()), {
        capture: true,
      });
      const observer = new MutationObserver(() => {
        const heading = [...document.querySelectorAll('h1')].find((h) =>
          /Your address/.test(h.textContent ?? ''),
        );
        if (!heading) return;
        times.heading = performance.now();
        requestAnimationFrame(() => void (times.frame = performance.now()));
        observer.disconnect();
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });

    await continueButton(page).click();
    await addressHeading(page).waitFor({ timeout: 10_000 });
    await page.waitForFunction(
      () => (window as unknown as { __benchTimes: PageTimes }).__benchTimes.frame !== undefined,
    );
    const times = await page.evaluate(
      () => (window as unknown as { __benchTimes: PageTimes }).__benchTimes,
    );
    // The save runs in the background: wait for it (and anything it sets off) to finish.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const gatewayStatuses = await Promise.all(
      gateway.map(async (request) => (await request.response())?.status() ?? 0),
    );
    return {
      toHeadingMs: times.heading! - times.click!,
      toFrameMs: times.frame! - times.click!,
      gatewayCalls: gateway.length,
      gatewayStatuses,
      newScripts,
    };
  } finally {
    await context.close();
  }
}
