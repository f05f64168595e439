import { defineConfig } from 'vitest/config';
import { messagesPlugin } from './scripts/vite-plugin-messages';
import { registryFilesPlugin } from './scripts/vite-plugin-registry-files';
import { siteIdentityPlugin } from './scripts/vite-plugin-site-content';

// Unit tests are pure and fast; integration tests need the emulators (see scripts/with-emulators.ts).
export default defineConfig({
  test: {
    projects: [
      {
        // Components that read the funnels and their words get them as the app does.
        plugins: [registryFilesPlugin(), messagesPlugin(), siteIdentityPlugin(import.meta.dirname)],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // A guard against a hang, not a speed check: a test that bundles with Vite took over
          // 5 s (Vitest's default) on a busy 2-core machine.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          // Starts and stops a stack of its own, so it needs the ports the stack uses; and the
          // funnels of a registry with a test funnel added (npm run test:funnel-stages).
          exclude: ['tests/integration/stack/lifecycle/**', 'tests/integration/funnelStages/**'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60000,
          fileParallelism: false,
        },
      },
      {
        test: {
          // Against a stack whose registry holds the project's funnels and the authoring
          // suite's flight-delay funnel, which has stages of its own (npm run test:funnel-stages).
          name: 'funnel-stages',
          include: ['tests/integration/funnelStages/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'lifecycle',
          include: ['tests/integration/stack/lifecycle/**/*.test.ts'],
          environment: 'node',
          testTimeout: 600_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
