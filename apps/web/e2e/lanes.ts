/**
 * Starts the e2e lanes (playwright.config.ts's one `webServer`): imports the demo once, copies it for every
 * lane, then starts each lane's mail capture (e2e/mail-capture.ts) and app server (apps/server/dist/main.js)
 * side by side. Answers `GET /` with 200 on E2E_READY_PORT once every lane's server has the whole demo
 * (`/api/health?wait_for=demo`) and every mail capture listens. Run by Node directly (type stripping).
 *
 * Why: Playwright starts the entries of `webServer` one after the other, so N lanes each importing the
 * demo into a new database took N imports in a row (about 27 s each on two busy cores) before the first
 * test. Now: one import, N copies, N starts at once.
 *
 * Input (environment): E2E_LANES_JSON, the lanes as `[{ port, dataDir, databaseUrl, smtpPort, mailHttpPort }]`
 * (`databaseUrl` empty: an embedded database in `dataDir`); E2E_TEMPLATE_DATA_DIR / E2E_TEMPLATE_DATABASE_URL,
 * where the demo is imported once; E2E_TEMPLATE_PORT, the port of that first server while it imports;
 * E2E_READY_PORT; and the app's own settings (SEED_PRESENTATIONS, LOG_LEVEL, …), passed on to every server.
 * Each lane's database is made anew (a copy of the template's folder, or `CREATE DATABASE … TEMPLATE …` on
 * PostgreSQL). A server or capture that exits before all are ready ends this process with exit code 1 and a
 * sentence naming it. Playwright stops the whole process group at the end of the run.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

interface Lane {
  port: number;
  dataDir: string;
  databaseUrl: string;
  smtpPort: number;
  mailHttpPort: number;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const lanes: Lane[] = JSON.parse(process.env.E2E_LANES_JSON ?? '[]');
const templateDataDir = process.env.E2E_TEMPLATE_DATA_DIR ?? '';
const templateDatabaseUrl = process.env.E2E_TEMPLATE_DATABASE_URL ?? '';
const templatePort = Number(process.env.E2E_TEMPLATE_PORT);
const readyPort = Number(process.env.E2E_READY_PORT);
const children: ChildProcess[] = [];
/** Children whose exit is part of the plan (the template's server, stopped once the demo is in). */
const expectedExits = new Set<ChildProcess>();
let ready = false;
const started = Date.now();
const log = (message: string) =>
  console.error(`[e2e lanes] ${message} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

/** Ends the run: stops every child and exits with `code`. */
function stop(code: number): never {
  for (const child of children) child.kill('SIGKILL');
  process.exit(code);
}
process.on('SIGTERM', () => stop(0));
process.on('SIGINT', () => stop(0));

/** Starts `node <script>` from the repository root with `env` added; its stderr is ours, stdout dropped. */
function startNode(script: string, env: Record<string, string>, what: string): ChildProcess {
  const child = spawn(process.execPath, [script], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (!ready && !expectedExits.has(child)) {
      log(`${what} exited (${signal ?? `exit code ${code}`}) before the lanes were ready`);
      stop(1);
    }
  });
  return child;
}

/** Polls `url` until it answers 200; fails after `seconds`. */
async function waitFor(url: string, seconds: number, what: string): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    const ok = await fetch(url)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  log(`${what} did not answer ${url} within ${seconds} s`);
  stop(1);
}

/** Runs `sql` statements one by one on the PostgreSQL server of `url`, connected to its `postgres` database. */
async function onServer(url: string, statements: string[]): Promise<void> {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    for (const sql of statements) await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The database name of a PostgreSQL URL, checked to be a plain identifier (it is put into SQL). */
function databaseName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`"${name}" is not a plain database name (a–z, 0–9, _)`);
  return name;
}

/** Deletes e2e data folders of earlier runs whose Playwright process is gone (`course-coach-e2e-<pid>-…`). */
function removeStaleDataDirs(): void {
  for (const name of fs.readdirSync(os.tmpdir())) {
    const pid = Number(/^course-coach-e2e-(\d+)-/.exec(name)?.[1]);
    if (!pid) continue;
    try {
      process.kill(pid, 0);
    } catch {
      fs.rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
    }
  }
}

removeStaleDataDirs();

// 1. The demo, imported once into the template.
const serverEnv = (
  port: number,
  dataDir: string,
  databaseUrl: string,
  smtp = '',
): Record<string, string> => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  SMTP_URL: smtp,
});
if (templateDatabaseUrl) {
  const name = databaseName(templateDatabaseUrl);
  await onServer(templateDatabaseUrl, [
    `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`,
    `CREATE DATABASE ${name}`,
  ]);
} else {
  fs.rmSync(templateDataDir, { recursive: true, force: true });
}
const template = startNode(
  'apps/server/dist/main.js',
  serverEnv(templatePort, templateDataDir, templateDatabaseUrl),
  'the server importing the demo',
);
await waitFor(
  `http://127.0.0.1:${templatePort}/api/health?wait_for=demo`,
  240,
  'the server importing the demo',
);
expectedExits.add(template);
await new Promise<void>((resolve) => {
  template.once('exit', () => resolve());
  template.kill('SIGTERM');
});
log('demo imported');

// 2. One copy per lane, then every lane's capture and server at once.
for (const lane of lanes) {
  if (lane.databaseUrl) {
    const name = databaseName(lane.databaseUrl);
    const template = databaseName(templateDatabaseUrl);
    await onServer(lane.databaseUrl, [
      // The stopped server's connections may linger a moment; a template must have none.
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${template}'`,
      `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`,
      `CREATE DATABASE ${name} TEMPLATE ${template}`,
    ]);
  } else {
    fs.rmSync(lane.dataDir, { recursive: true, force: true });
    fs.cpSync(templateDataDir, lane.dataDir, { recursive: true });
  }
}
if (!templateDatabaseUrl) fs.rmSync(templateDataDir, { recursive: true, force: true });
for (const lane of lanes) {
  startNode(
    'apps/web/e2e/mail-capture.ts',
    { MAIL_CAPTURE_SMTP_PORT: String(lane.smtpPort), MAIL_CAPTURE_HTTP_PORT: String(lane.mailHttpPort) },
    `the mail capture of port ${lane.port}`,
  );
  startNode(
    'apps/server/dist/main.js',
    serverEnv(lane.port, lane.dataDir, lane.databaseUrl, `smtp://127.0.0.1:${lane.smtpPort}`),
    `the server on port ${lane.port}`,
  );
}
await Promise.all(
  lanes.flatMap((lane) => [
    waitFor(`http://127.0.0.1:${lane.mailHttpPort}/`, 30, `the mail capture of port ${lane.port}`),
    waitFor(`http://127.0.0.1:${lane.port}/api/health?wait_for=demo`, 120, `the server on port ${lane.port}`),
  ]),
);
ready = true;
log(`${lanes.length} lane(s) ready`);
http
  .createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('ready\n');
  })
  .listen(readyPort, '127.0.0.1');
