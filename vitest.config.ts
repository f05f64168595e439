import { defineConfig } from 'vitest/config';

// Unit tests are pure and fast; integration tests need the emulators (see scripts/with-emulators.ts).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20000,
          hookTimeout: 60000,
          fileParallelism: false,
        },
      },
    ],
  },
});
