/**
 * `npm run seed [-- --reset]`: imports the demo institution from OULAD into the configured database
 * (DATABASE_URL, or the embedded one in DATA_DIR). `--reset` deletes the demo institution first.
 */
import { loadConfig } from '../config.ts';
import { runMigrations } from '../db/migrate.ts';
import { openConfiguredDatabase, usePrivateFileModes } from '../db/open.ts';
import { seedDemo } from './demo.ts';
import { OuladDataError } from './oulad-files.ts';

// Files written from here on (database, backups) are for this user only (DATA_DIR 0700, files 0600).
usePrivateFileModes();

const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  await runMigrations(database);
  await seedDemo(database, config, { reset: process.argv.includes('--reset') });
} catch (error) {
  // A missing or broken demo data folder: one sentence, no stack (seed/oulad-files.ts).
  if (!(error instanceof OuladDataError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
