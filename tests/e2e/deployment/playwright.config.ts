import { defineConfig } from '@playwright/test';
import base from '../../../playwright.config';

// Another deployment on the same code (npm run test:deployment): a production build whose
// registry is tests/e2e/deployment/registry (a flight funnel and its own site.json).
export default defineConfig({ ...base, testDir: '.', testIgnore: [] });
