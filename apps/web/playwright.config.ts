import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * e2e: drives the built app (apps/web/dist served by the real server) in Debian's Chromium.
 * Each lane's server runs on a throwaway database holding a few real OULAD presentations, imported once per run.
 * Build first: `npm run build` (the web app and the bundled server).
 */
const PORT = Number(process.env.E2E_PORT ?? 3107);
const repoRoot = path.resolve(import.meta.dirname, '../..');
const testDir = path.join(import.meta.dirname, 'e2e');

/**
 * Lanes: the spec files are shared out over E2E_LANES (default 2) servers, each on its own port
 * (E2E_PORT, E2E_PORT + 1, …) with its own throwaway database, and one worker per lane, so files that
 * write the demo data never run at the same time against the same server. Files are balanced by their
 * measured time (the longest first, each to the lightest lane); `E2E_LANES=1` runs everything on one server.
 */
/** The mail capture's SMTP port is the lane's port plus this; its HTTP port 1000 more (e2e/mail-capture.ts). */
export const MAIL_CAPTURE_OFFSET = 20_000;
const LANES = Math.max(1, Number(process.env.E2E_LANES ?? 2));
/** The lanes' starter (e2e/lanes.ts) answers on E2E_PORT plus this once every lane is ready. */
const READY_OFFSET = 999;
/**
 * E2E_DATABASE_URL (a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432): the lanes run on
 * databases of their own there (`cc_e2e_<port>`, made anew each run). Unset: each lane on a throwaway
 * embedded database (PGlite) in the system's temporary folder, as `npm start` runs.
 */
const databaseUrlFor = (name: string) => {
  if (!process.env.E2E_DATABASE_URL) return '';
  const url = new URL(process.env.E2E_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
};
/**
 * Seconds each spec file took in a full run (e2e/durations.json, from the list reporter's per-test times,
 * retries included). A file missing there (a new spec) is estimated from its size at the average seconds
 * per byte of the listed files. Refresh it when the suite's shape changes a lot.
 */
const durations: Record<string, number> = JSON.parse(
  fs.readFileSync(path.join(testDir, 'durations.json'), 'utf8'),
);
const files = fs.readdirSync(testDir).filter((f) => f.endsWith('.spec.ts'));
const sizeOf = (f: string) => fs.statSync(path.join(testDir, f)).size;
const listed = files.filter((f) => durations[f] !== undefined);
const secondsPerByte =
  listed.reduce((sum, f) => sum + durations[f]!, 0) /
  Math.max(
    1,
    listed.reduce((sum, f) => sum + sizeOf(f), 0),
  );
const specs = files
  .map((f) => ({ f, cost: durations[f] ?? sizeOf(f) * secondsPerByte }))
  .sort((a, b) => b.cost - a.cost || a.f.localeCompare(b.f));
const lanes = Array.from({ length: LANES }, (_, i) => ({ port: PORT + i, files: [] as string[], cost: 0 }));
for (const spec of specs) {
  const lightest = lanes.reduce((a, b) => (b.cost < a.cost ? b : a));
  lightest.files.push(spec.f);
  lightest.cost += spec.cost;
}

const chromium = {
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
};

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: LANES,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // Waits for what a page shows: 10 s rather than Playwright's 5 s. CI runs two lanes, each a server and
  // a Chromium, on two cores, where a first render after a navigation has taken over 5 s.
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // A failed test keeps a trace with the DOM snapshot of each step (what the page showed, for the
  // trace viewer), without the screencast: recording screenshots all through every test made the
  // e2e about a third slower on two cores (the student dashboard's sweep: 2.4 min with them, 1.8 without).
  // In CI, where a failed test is retried once, only the retry records one: the first attempts of the
  // 226 tests that pass spend nothing on snapshots nobody reads.
  use: {
    launchOptions: chromium,
    trace: {
      mode: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
      screenshots: false,
      snapshots: true,
      sources: false,
    },
  },
  projects: lanes.map((lane, i) => ({
    name: `lane-${i + 1}`,
    testMatch: lane.files,
    workers: 1,
    use: { baseURL: `http://127.0.0.1:${lane.port}` },
  })),
  // One process starts every lane (e2e/lanes.ts): it imports the demo once, copies it for each lane, and
  // starts each lane's app and local SMTP capture side by side. Each lane's app sends its e-mail to its
  // own capture (e2e/mail-capture.ts; ports MAIL_CAPTURE_OFFSET and +1000 above the lane's), which specs
  // read over HTTP.
  webServer: {
    command: 'node apps/web/e2e/lanes.ts',
    cwd: repoRoot,
    url: `http://127.0.0.1:${PORT + READY_OFFSET}/`,
    timeout: 360_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      E2E_LANES_JSON: JSON.stringify(
        lanes.map((lane) => ({
          port: lane.port,
          dataDir: path.join(os.tmpdir(), `course-coach-e2e-${process.pid}-${lane.port}`),
          databaseUrl: databaseUrlFor(`cc_e2e_${lane.port}`),
          smtpPort: lane.port + MAIL_CAPTURE_OFFSET,
          mailHttpPort: lane.port + MAIL_CAPTURE_OFFSET + 1000,
        })),
      ),
      E2E_TEMPLATE_DATA_DIR: path.join(os.tmpdir(), `course-coach-e2e-${process.pid}-template`),
      E2E_TEMPLATE_DATABASE_URL: databaseUrlFor(`cc_e2e_template_${PORT}`),
      E2E_TEMPLATE_PORT: String(PORT + READY_OFFSET - 1),
      E2E_READY_PORT: String(PORT + READY_OFFSET),
      SEED_PRESENTATIONS: 'AAA-2013J,DDD-2013B,GGG-2013J',
      LOG_LEVEL: 'warn',
      // The demo's own SSO stand-in stays off: sso.spec.ts starts the provider it tests against.
      OIDC_STANDIN: 'false',
    },
  },
});
