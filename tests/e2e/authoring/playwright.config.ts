import { defineConfig } from '@playwright/test';
import base from '../../../playwright.config';

// The funnel-authoring tests: against a dev stack that reads a copy of funnels/ and schemas/
// (npm run test:authoring), never the production-build stack of the other e2e tests.
export default defineConfig({
  ...base,
  testDir: '.',
  testIgnore: [],
  // The dev server compiles each module on its first request.
  timeout: 240_000,
});
