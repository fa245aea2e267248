import { defineConfig } from 'vitest/config';

const apiTests = ['server/test/**/*.test.ts'];

/** One project per suite; scripts/test.mjs runs unit and both API suites at once, then e2e, two files at a time. */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['server/src/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'web/src/**/*.test.ts'],
          // Property tests run thousands of cases: room for a loaded 2-core machine.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: apiTests,
          env: { TEST_DB: 'pglite' },
          globalSetup: ['server/test/setup/global-pglite.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: apiTests,
          env: { TEST_DB: 'postgres' },
          globalSetup: ['server/test/setup/global-postgres.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/tests/**/*.test.ts'],
          globalSetup: ['e2e/setup/global.ts'],
          // Two files at once, each with its own server and database, sharing the run's one Chromium.
          maxWorkers: 2,
          // A screen's figures arrive with its calls: wait as long as a locator does (harness.ts).
          expect: { poll: { timeout: 15_000 } },
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
