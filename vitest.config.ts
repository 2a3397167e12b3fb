import { defineConfig } from 'vitest/config';

/**
 * Two projects: `server` (integration tests against a real database, one shared
 * database per run, files run one after another) and `web` (components in jsdom).
 * Playwright specs under apps/web/e2e are not picked up here.
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
          fileParallelism: false,
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
          setupFiles: ['./src/test-setup.ts'],
        },
      },
    ],
  },
});
