import path from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { REPO_ROOT } from '../config.ts';
import { applyActivityTriggers } from './activity-triggers.ts';
import { applyBulletinTriggers } from './bulletin-triggers.ts';
import type { Database } from './client.ts';
import { applyGradeTriggers } from './grade-triggers.ts';
import { applyTailoringCountTriggers } from './tailoring-count-triggers.ts';
import { applyValueTriggers } from './value-triggers.ts';

/** The SQL migrations, found from the repository root so the bundled server (apps/server/dist) finds them too. */
export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'apps/server/src/db/migrations');

/**
 * Applies drizzle-kit's SQL migrations (apps/server/src/db/migrations; the same files serve both drivers),
 * then the grade-version, activity-version, value-key, bulletin search-text and tailoring-count triggers
 * (db/grade-triggers.ts, db/activity-triggers.ts, db/value-triggers.ts, db/bulletin-triggers.ts,
 * db/tailoring-count-triggers.ts).
 */
export async function runMigrations(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind === 'pglite' || !database.pool) {
    await migratePglite(database.db as never, config);
    await applyGradeTriggers(database.query);
    await applyActivityTriggers(database.query);
    await applyValueTriggers(database.query);
    await applyBulletinTriggers(database.query);
    await applyTailoringCountTriggers(database.query);
    return;
  }
  // Several instances may start at once: one migrates while the others wait on an advisory lock.
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(database.db as never, config);
    const q = (text: string, params?: unknown[]) => client.query(text, params).then((r) => r.rows);
    await applyGradeTriggers(q);
    await applyActivityTriggers(q);
    await applyValueTriggers(q);
    await applyBulletinTriggers(q);
    await applyTailoringCountTriggers(q);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

/** Advisory lock key for migrations (any constant unique to this app). */
const MIGRATION_LOCK = 72_620_001;
