/**
 * `npm run worker`: runs the job workers alone, without the web server, on the configured database.
 * Any number of workers and web instances can share one PostgreSQL (pg-boss claims jobs with SKIP LOCKED).
 * The embedded database serves one process only: use the web server's own workers there.
 */
import { appUrlOf, ConfigError, loadConfig } from './config.ts';
import { DatabaseUnreachableError, errorReason, isDatabaseUnavailable } from './db/availability.ts';
import { runMigrations } from './db/migrate.ts';
import { openConfiguredDatabase, usePrivateFileModes } from './db/open.ts';
import { createQueue, startWorkers } from './jobs/queue.ts';
import { createMailTransport } from './modules/emails/transport.ts';
import { resolveLmsSettings } from './modules/lms/settings.ts';

// Files written from here on (database, backups) are for this user only (DATA_DIR 0700, files 0600).
usePrivateFileModes();

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
process.on('unhandledRejection', (reason) => {
  if (!isDatabaseUnavailable(reason)) throw reason;
  console.error(`[db] ${errorReason(reason)}`);
});
const database = await openConfiguredDatabase(config, (line) => console.error(line)).catch((error: Error) => {
  console.error(
    error instanceof DatabaseUnreachableError ? error.message : `Cannot open the database: ${error.message}`,
  );
  process.exit(1);
});
await runMigrations(database);
const boss = createQueue(database, config.DATABASE_URL);
await boss.start();
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
console.log(`Course Coach worker running (database: ${database.kind})`);

async function shutdown() {
  await boss.stop({ graceful: true, timeout: 10_000 }).catch(() => undefined);
  await database.close().catch(() => undefined);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
