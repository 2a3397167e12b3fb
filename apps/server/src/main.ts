/**
 * Server entry point (`npm start`): validates the configuration (exit code 1 with a message naming each
 * bad variable), opens the database, applies migrations, imports the demo institution into an empty
 * database, starts the job queue and its workers, and listens on PORT.
 */

import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { runMigrations } from './db/migrate.ts';
import { openConfiguredDatabase } from './db/open.ts';
import { createQueue, startWorkers } from './jobs/queue.ts';
import { createMailTransport } from './modules/emails/transport.ts';
import { seedDemo } from './seed/demo.ts';

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

const app = await buildApp({ database, config, boss });
await app.listen({ port: config.PORT, host: config.HOST });
console.log(`Course Coach is listening on http://localhost:${config.PORT} (database: ${database.kind})`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: shutting down`);
  await app.close().catch(() => undefined);
  await boss.stop({ graceful: true, timeout: 10_000 }).catch(() => undefined);
  await database.close().catch(() => undefined);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
