/**
 * Server entry point (`npm start`): validates the configuration (exit code 1 with a message naming each
 * bad variable), opens the database, applies migrations, imports the demo institution into an empty
 * database, starts the job queue and its workers, and listens on PORT.
 */

import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { runMigrations } from './db/migrate.ts';
import { openConfiguredDatabase, usePrivateFileModes } from './db/open.ts';
import { createQueue, startWorkers } from './jobs/queue.ts';
import { createMailTransport } from './modules/emails/transport.ts';
import { startCanvasStandin } from './modules/lms/canvas-standin.ts';
import { resolveLmsSettings, standinEnabled } from './modules/lms/settings.ts';
import { seedDemo } from './seed/demo.ts';

// Files written from here on (database, backups) are for this user only (DATA_DIR 0700, files 0600).
usePrivateFileModes();

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}

const database = await openConfiguredDatabase(config).catch((error: Error) => {
  console.error(`Cannot open the database: ${error.message}`);
  process.exit(1);
});
await runMigrations(database);
if (config.SEED_DEMO) await seedDemo(database, config);

const boss = createQueue(database, config.DATABASE_URL);
boss.on('error', (error) => console.error('[jobs]', error.message));
await boss.start();
if (config.WORKERS) {
  const log = (m: string) => console.log(`[jobs] ${m}`);
  await startWorkers(boss, database, log, {
    transport: createMailTransport(config.SMTP_URL, log),
    from: config.EMAIL_FROM,
    leaseSeconds: config.EMAIL_LEASE_SECONDS,
  });
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

const app = await buildApp({ database, config, boss, lms });
await app.listen({ port: config.PORT, host: config.HOST });
console.log(`Course Coach is listening on http://localhost:${config.PORT} (database: ${database.kind})`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: shutting down`);
  await app.close().catch(() => undefined);
  await standin?.close().catch(() => undefined);
  await boss.stop({ graceful: true, timeout: 10_000 }).catch(() => undefined);
  await database.close().catch(() => undefined);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
