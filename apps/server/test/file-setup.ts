import { afterAll } from 'vitest';
import { closeFileDatabases } from './file-database.ts';
import { closeTestContext } from './helpers.ts';

/**
 * Runs before each server test file (vitest `setupFiles`): when the file ends, its app and its databases
 * go (test/file-database.ts), so the next file in this process starts from the run's templates.
 */
afterAll(async () => {
  await closeTestContext();
  await closeFileDatabases();
});
