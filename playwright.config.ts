import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/support/chromium';

// Runs against the stack that scripts/with-stack.ts starts (npm test): Debian's Chromium,
// since Playwright cannot download its own browser on these machines.
export default defineConfig({
  testDir: 'tests/e2e',
  // Run against stacks of their own: npm run test:authoring (tests/e2e/authoring),
  // test:deployment (tests/e2e/deployment) and test:locales (tests/e2e/locales).
  testIgnore: ['authoring/**', 'deployment/**', 'locales/**'],
  fullyParallel: false,
  workers: 1,
  // One retry in CI absorbs a rare timing flake on a loaded 2-core machine; a retried test is
  // reported as flaky, never hidden.
  retries: process.env.CI ? 1 : 0,
  // Time limits guard against a hang; they measure nothing (budgets are in npm run bench).
  // A busy 2-core machine took over 60 s for the longest keyboard journey.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL: 'http://127.0.0.1:5173',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'desktop', use: { viewport: { width: 1280, height: 900 } } }],
});
