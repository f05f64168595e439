import { test as base, type Page } from '@playwright/test';

/**
 * `sharedPage`: one browser context kept for every test of a worker, for read-only checks
 * (routes, axe) that need no fresh claimant. The dev server's modules are then fetched once
 * instead of once per test. Playwright starts a new worker, so a new context, after a failure.
 */
export const test = base.extend<object, { sharedPage: Page }>({
  sharedPage: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, viewport } = workerInfo.project.use;
      const context = await browser.newContext({ baseURL, viewport });
      const page = await context.newPage();
      await use(page);
      await context.close();
    },
    { scope: 'worker' },
  ],
});

export { expect } from '@playwright/test';
