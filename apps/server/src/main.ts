/**
 * Server entry point (`npm start`): validates the configuration (exit code 1 with a message naming each
 * bad variable), opens the database (PostgreSQL: waiting up to DATABASE_CONNECT_TIMEOUT_S for it, then
 * exit code 1 with one sentence), applies migrations, imports the demo institution into an empty
 * database (what sign-in and the dashboards need), starts the job queue and its workers, listens on
 * PORT, and then prepares the rest of the demo in the background (seed/preparation.ts; docs/design.md
 * "The first start").
 */

import fs from 'node:fs';
import { buildApp } from './app.ts';
import { appUrlOf, ConfigError, loadConfig } from './config.ts';
import { DatabaseUnreachableError, errorReason, isDatabaseUnavailable } from './db/availability.ts';
import { runMigrations } from './db/migrate.ts';
import { openConfiguredDatabase, pgliteDir, usePrivateFileModes } from './db/open.ts';
import { createQueue, startWorkers } from './jobs/queue.ts';
import { createMailTransport } from './modules/emails/transport.ts';
import { startCanvasStandin } from './modules/lms/canvas-standin.ts';
import { resolveLmsSettings, standinEnabled } from './modules/lms/settings.ts';
import { type OidcStandin, startDemoSso } from './modules/sso/index.ts';
import { printDemoAccounts, seedDemoCore } from './seed/demo.ts';
import { IMPORTED_TABLES } from './seed/oulad.ts';
import { checkOuladDir, OuladDataError } from './seed/oulad-files.ts';
import { type DemoPreparation, NO_DEMO_PREPARATION, startDemoPreparation } from './seed/preparation.ts';

// Files written from here on (database, backups) are for this user only (DATA_DIR 0700, files 0600).
usePrivateFileModes();

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}

// A database query that fails because the database is away is answered (503) or retried where it is
// made; one that nobody awaited must not end the process either. Anything else still does.
process.on('unhandledRejection', (reason) => {
  if (!isDatabaseUnavailable(reason)) throw reason;
  console.error(`[db] ${errorReason(reason)}`);
});

// The `[start]` lines mark the phases of a start (bench/startup.bench.mjs times them).
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
// A fresh embedded database will import the demo: check its folder first, before the database is created.
if (config.SEED_DEMO && !config.DATABASE_URL && !fs.existsSync(pgliteDir(config))) {
  try {
    checkOuladDir(config.OULAD_DIR, IMPORTED_TABLES);
  } catch (error) {
    console.error(error instanceof OuladDataError ? error.message : error);
    process.exit(1);
  }
}
let phase = performance.now();
if (config.DATABASE_URL) console.log('[start] opening the database (DATABASE_URL)…');
else if (fs.existsSync(pgliteDir(config)))
  console.log(`[start] opening the embedded database in ${pgliteDir(config)}…`);
else console.log(`[start] creating the embedded database in ${pgliteDir(config)} (first start only)…`);
// PostgreSQL: retried for DATABASE_CONNECT_TIMEOUT_S, one line per retry (db/availability.ts).
const database = await openConfiguredDatabase(config, (line) => console.error(line)).catch((error: Error) => {
  console.error(
    error instanceof DatabaseUnreachableError ? error.message : `Cannot open the database: ${error.message}`,
  );
  process.exit(1);
});
console.log(`[start] database open (${seconds(phase)})`);

const boss = createQueue(database, config.DATABASE_URL);
let demo: DemoPreparation = NO_DEMO_PREPARATION;
let demoInstitutionId: number | null = null;
/** Resolved once the server listens: the demo's background steps wait for it. */
let listening: () => void = () => undefined;
const listened = new Promise<void>((resolve) => {
  listening = resolve;
});
try {
  phase = performance.now();
  await runMigrations(database);
  console.log(`[start] migrations applied (${seconds(phase)})`);
  phase = performance.now();
  if (config.SEED_DEMO) {
    // What sign-in and the dashboards need, before listening; the rest after it (seed/preparation.ts).
    const demoResult = await seedDemoCore(database, config).catch(async (error: Error) => {
      // A missing or broken demo data folder: one sentence, no stack (seed/oulad-files.ts).
      if (!(error instanceof OuladDataError)) throw error;
      console.error(error.message);
      await database.close().catch(() => undefined);
      process.exit(1);
    });
    await printDemoAccounts(database, demoResult.institutionId);
    demoInstitutionId = demoResult.institutionId;
    console.log(`[start] demo data ready (${seconds(phase)})`);
    // It begins a second after the server listens: the first page a browser opens loads undisturbed.
    demo = startDemoPreparation(database, config, demoResult.institutionId, () =>
      listened.then(() => new Promise((resolve) => setTimeout(resolve, 1000))),
    );
  }
  await boss.start();
  if (config.WORKERS) {
    const log = (m: string) => console.log(`[jobs] ${m}`);
    await startWorkers(
      boss,
      database,
      log,
      {
        transport: createMailTransport(config.SMTP_URL, log),
        from: config.EMAIL_FROM,
        leaseSeconds: config.EMAIL_LEASE_SECONDS,
        appUrl: appUrlOf(config),
      },
      { tokenKey: resolveLmsSettings(config).tokenKey },
    );
  }
} catch (error) {
  // The database went away between the first connection and the end of start-up: one sentence, exit 1
  // (a process manager starts the server again, which then waits for the database).
  if (!isDatabaseUnavailable(error)) throw error;
  console.error(
    `The database connection was lost while the server was starting (${errorReason(error)}); start it again once the database is back.`,
  );
  process.exit(1);
}

// Canvas: the configured instance, or the local stand-in (README "Canvas LMS").
const standin = standinEnabled(config)
  ? await startCanvasStandin({
      port: config.CANVAS_STANDIN_PORT,
      clientId: config.CANVAS_CLIENT_ID,
      clientSecret: config.CANVAS_CLIENT_SECRET,
      knobs: { courses: config.CANVAS_STANDIN_COURSES },
    })
  : null;
const lms = resolveLmsSettings(config, standin?.url);
if (standin) console.log(`Canvas stand-in (demo Canvas) is listening on ${standin.url}`);
if (lms.tokenKeyIsFallback) {
  console.warn(
    'LMS_TOKEN_KEY is unset: LMS tokens are encrypted with the public development key. ' +
      'Set LMS_TOKEN_KEY (32 bytes, base64: `openssl rand -base64 32`) before connecting a real Canvas.',
  );
}

const app = await buildApp({ database, config, boss, lms, demo });
await app.listen({ port: config.PORT, host: config.HOST });
console.log(`Course Coach is listening on http://localhost:${config.PORT} (database: ${database.kind})`);
listening();

// The demo's single sign-on (docs/sso.md, Demo), started after listening so that it does not delay the
// first page; a failure leaves the password sign-in as it is.
let oidcStandin: OidcStandin | null = null;
if ((config.OIDC_STANDIN ?? config.SEED_DEMO) && demoInstitutionId !== null) {
  startDemoSso(database, lms.tokenKey, demoInstitutionId, config.PORT)
    .then((started) => {
      oidcStandin = started;
      if (started)
        console.log(`OpenID provider stand-in (demo single sign-on) is listening on ${started.issuer}`);
    })
    .catch((error: Error) => console.error(`The demo single sign-on did not start: ${error.message}`));
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: shutting down`);
  await app.close().catch(() => undefined);
  // The demo's background work stops after the statement under way (a later start goes on from there).
  await Promise.race([demo.stop(), new Promise((r) => setTimeout(r, 10_000).unref())]);
  await standin?.close().catch(() => undefined);
  await oidcStandin?.close().catch(() => undefined);
  await boss.stop({ graceful: true, timeout: 10_000 }).catch(() => undefined);
  await database.close().catch(() => undefined);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
