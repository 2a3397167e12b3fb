import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The server files share one database (see apps/server/test/helpers.ts), and the demo-seed suites
 * (`*-seed.test.ts`) leave the demo's tips, to-dos, pictures and wiring in it, which suites that start
 * from empty tables must not see. So the server files run in a fixed order: every other file first,
 * then the seed suites, each group by path. Vitest's default order (by earlier durations) changes
 * from run to run. The suites that start real worker processes (`*-worker.test.ts`, PostgreSQL only)
 * run after everything else, so that a killed worker can't hold up another suite's work.
 */
class ServerSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) =>
      f.moduleId.endsWith('-worker.test.ts') ? 2 : f.moduleId.endsWith('-seed.test.ts') ? 1 : 0;
    return [...files].sort((a, b) => rank(a) - rank(b) || a.moduleId.localeCompare(b.moduleId));
  }
}

/**
 * Two projects: `server` (integration tests against a real database, one shared
 * database per run, files run one after another) and `web` (components in jsdom).
 * Playwright specs under apps/web/e2e are not picked up here.
 */
export default defineConfig({
  test: {
    sequence: { sequencer: ServerSequencer },
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
