import { defineConfig } from '@playwright/test';
import base from '../../../playwright.config';

// The locale journeys (npm run test:locales): a production build whose registry copy and
// site words carry the test locales (with-stack --registry-copy --test-locales,
// tests/support/testLocales.ts), never the stack of the other e2e tests, which stays en-GB.
export default defineConfig({ ...base, testDir: '.', testIgnore: [] });
