import { defineConfig } from 'vitest/config';

/**
 * Three projects: `contracts`, `server` (integration tests against a real database; each file has databases
 * of its own, copied from the run's templates, so files run in any order: apps/server/test/file-database.ts)
 * and `web` (components in jsdom). Playwright specs under apps/web/e2e are not picked up here.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          setupFiles: ['apps/server/test/file-setup.ts'],
          fileParallelism: true,
          maxWorkers: 2,
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 240_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['./src/testing/test-setup.ts'],
          // Room for the 5-s waits of test-setup.ts (asyncUtilTimeout) when the machine is busy.
          testTimeout: 20_000,
          // One module registry per worker instead of one per file: importing React, Mantine and the app
          // once per worker, not per file, cuts the web suite's time by about three quarters. State that
          // outlives a test is reset in test-setup.ts.
          isolate: false,
        },
      },
    ],
  },
});
