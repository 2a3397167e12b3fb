import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * e2e: drives the built app (apps/web/dist served by the real server) in Debian's Chromium.
 * The server runs on a throwaway embedded database seeded with a few real OULAD presentations.
 * Build first: `npm run build` (the web app and the bundled server).
 */
const PORT = Number(process.env.E2E_PORT ?? 3107);
const DATA_DIR = path.join(os.tmpdir(), `course-coach-e2e-${process.pid}`);
const repoRoot = path.resolve(import.meta.dirname, '../..');

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'node apps/server/dist/main.js',
    cwd: repoRoot,
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      DATABASE_URL: '',
      SEED_PRESENTATIONS: 'AAA-2013J,DDD-2013B,GGG-2013J',
      LOG_LEVEL: 'warn',
    },
  },
});
